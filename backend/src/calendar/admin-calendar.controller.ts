import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ParseIdPipe } from '../common/ids';
import { Access, CurrentUser } from '../common/access.decorator';
import { Clock } from '../common/adapters/clock';
import { requestContext } from '../common/request-context';
import { PropertyAccess } from '../properties/property-access.service';
import type { User } from '../users/user.entity';
import { BookingSourceScheduler } from '../bookings/booking-source-scheduler.service';
import type { ExternalBookingResponse } from '../bookings/external-booking.dto';
import { ExternalBookingsService } from '../bookings/external-bookings.service';
import { UsersService } from '../users/users.service';
import {
  AdminCalendarQuery, CreateEventDto, DeletedEventResponse, EventColorDto, EventResponse, mapEvent, mapMarkedDay, MarkedDayResponse,
  UserCalendarResponse,
} from './calendar.dto';
import { CalendarService, NO_PROPERTY } from './calendar.service';
import { toDateRange } from '../common/time/date-range';
import { DateRangeQuery } from '../common/time/date-range.dto';
import { TokenScope } from '../common/token-scope.decorator';

/** Without a window, an admin sees from last month to a year ahead. */
function defaultWindow(q: AdminCalendarQuery, now: Date) {
  if (q.startDate && q.endDate) return toDateRange(q.startDate, q.endDate);
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth() + 1, 1));
  return { start, end };
}

/**
 * Staff working on another user's calendar: that of their first property (docs/product/calendar.md), made for an owner
 * who has none yet. Every change is recorded in the audit log by the service.
 */
@Controller('admin')
@Access('admin')
export class AdminCalendarController {
  constructor(
    private readonly calendar: CalendarService,
    private readonly users: UsersService,
    private readonly bookings: ExternalBookingsService,
    private readonly sources: BookingSourceScheduler,
    private readonly clock: Clock,
    private readonly access: PropertyAccess,
  ) {}

  @Get('user-calendar/:userId')
  @TokenScope('admin:read')
  async userCalendar(@Param('userId', ParseIdPipe) userId: number, @Query() q: AdminCalendarQuery): Promise<UserCalendarResponse> {
    const user = await this.users.get(userId);
    const window = defaultWindow(q, this.clock.now());
    const property = (await this.access.firstOf(user, 'read')) ?? NO_PROPERTY;
    // force_refresh queues (or starts in the background) a sync of every booking source of the property (iCal feeds,
    // Beds24); this read never waits for it and answers from the stored bookings, and the client's next poll shows
    // what the sync brought.
    if (q.force_refresh === 'true' && property !== NO_PROPERTY) await this.sources.refreshProperty(property.id);
    const [events, bookings, conflicts] = await Promise.all([
      this.calendar.listEvents(property.id, window), this.bookings.listForPropertyJson(property.id, window), this.calendar.conflicts(property.id, window),
    ]);
    const icalEvents = JSON.parse(bookings) as ExternalBookingResponse[];
    return { user: { id: user.id, name: user.name, username: user.username }, events: events.map(mapEvent), icalEvents, conflicts };
  }

  @Get('user-marked-days/:userId')
  @TokenScope('admin:read')
  async userMarkedDays(@Param('userId', ParseIdPipe) userId: number, @Query() q: DateRangeQuery): Promise<MarkedDayResponse[]> {
    const property = (await this.access.firstOf(await this.users.get(userId), 'read')) ?? NO_PROPERTY;
    return (await this.calendar.listMarkedDays(property.id, toDateRange(q.startDate, q.endDate))).map(mapMarkedDay);
  }

  @Post('user-events/:userId')
  @TokenScope('admin:write')
  async createFor(@CurrentUser() admin: User, @Param('userId', ParseIdPipe) userId: number, @Body() dto: CreateEventDto, @Req() req: Request): Promise<EventResponse> {
    const property = (await this.access.firstOf(await this.users.get(userId), 'write'))!;
    return mapEvent(await this.calendar.createEventFor(admin, userId, property.id, dto, requestContext(req)));
  }

  @Delete('events/:id')
  @TokenScope('admin:write')
  async remove(@CurrentUser() admin: User, @Param('id') id: string, @Req() req: Request): Promise<DeletedEventResponse> {
    const event = await this.calendar.adminDeleteEvent(admin, id, requestContext(req));
    return { message: 'Event deleted', deletedEvent: { id: event.id, title: event.title, userId: event.userId } };
  }

  @Put('events/:id/color')
  @TokenScope('admin:write')
  async recolor(@CurrentUser() admin: User, @Param('id', ParseIdPipe) id: number, @Body() dto: EventColorDto, @Req() req: Request): Promise<EventResponse> {
    return mapEvent(await this.calendar.adminSetColor(admin, id, dto.color, requestContext(req)));
  }
}
