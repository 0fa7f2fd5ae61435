import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ParseIdPipe } from '../common/ids';
import { Access, CurrentUser } from '../common/access.decorator';
import { Clock } from '../common/adapters/clock';
import { requestContext } from '../common/request-context';
import type { User } from '../users/user.entity';
import { FeedScheduler } from '../feeds/feed-scheduler.service';
import { FeedsService } from '../feeds/feeds.service';
import { mapExternalBooking } from '../feeds/feeds.dto';
import { UsersService } from '../users/users.service';
import {
  AdminCalendarQuery, CreateEventDto, DeletedEventResponse, EventColorDto, EventResponse, mapEvent, mapMarkedDay, MarkedDayResponse,
  UserCalendarResponse,
} from './calendar.dto';
import { CalendarService } from './calendar.service';
import { toDateRange } from '../common/time/date-range';
import { DateRangeQuery } from '../common/time/date-range.dto';

/** Without a window, an admin sees from last month to a year ahead. */
function defaultWindow(q: AdminCalendarQuery, now: Date) {
  if (q.startDate && q.endDate) return toDateRange(q.startDate, q.endDate);
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** Staff working on another user's calendar. Every change is recorded in the audit log by the service. */
@Controller('admin')
@Access('admin')
export class AdminCalendarController {
  constructor(
    private readonly calendar: CalendarService,
    private readonly users: UsersService,
    private readonly feeds: FeedsService,
    private readonly feedScheduler: FeedScheduler,
    private readonly clock: Clock,
  ) {}

  @Get('user-calendar/:userId')
  async userCalendar(@Param('userId', ParseIdPipe) userId: number, @Query() q: AdminCalendarQuery): Promise<UserCalendarResponse> {
    const user = await this.users.get(userId);
    const window = defaultWindow(q, this.clock.now());
    // force_refresh queues (or starts in the background) a sync of the user's feeds; this read never waits for it
    // and answers from the stored events, and the client's next poll shows what the sync brought.
    if (q.force_refresh === 'true') await this.feedScheduler.refreshUser(userId);
    const [events, imported] = await Promise.all([this.calendar.listEvents(userId, window), this.feeds.eventsForUser(userId, window)]);
    return { user: { id: user.id, name: user.name, username: user.username }, events: events.map(mapEvent), icalEvents: imported.map(mapExternalBooking) };
  }

  @Get('user-marked-days/:userId')
  async userMarkedDays(@Param('userId', ParseIdPipe) userId: number, @Query() q: DateRangeQuery): Promise<MarkedDayResponse[]> {
    await this.users.get(userId);
    return (await this.calendar.listMarkedDays(userId, toDateRange(q.startDate, q.endDate))).map(mapMarkedDay);
  }

  @Post('user-events/:userId')
  async createFor(@CurrentUser() admin: User, @Param('userId', ParseIdPipe) userId: number, @Body() dto: CreateEventDto, @Req() req: Request): Promise<EventResponse> {
    await this.users.get(userId);
    return mapEvent(await this.calendar.createEventFor(admin, userId, dto, requestContext(req)));
  }

  @Delete('events/:id')
  async remove(@CurrentUser() admin: User, @Param('id') id: string, @Req() req: Request): Promise<DeletedEventResponse> {
    const event = await this.calendar.adminDeleteEvent(admin, id, requestContext(req));
    return { message: 'Event deleted', deletedEvent: { id: event.id, title: event.title, userId: event.userId } };
  }

  @Put('events/:id/color')
  async recolor(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Body() dto: EventColorDto, @Req() req: Request): Promise<EventResponse> {
    return mapEvent(await this.calendar.adminSetColor(admin, id, dto.color, requestContext(req)));
  }
}
