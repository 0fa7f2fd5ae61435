import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { Access, CurrentUser } from '../common/access.decorator';
import type { User } from '../users/user.entity';
import { CreateEventDto, mapEvent, UpdateEventDto } from './calendar.dto';
import { CalendarService } from './calendar.service';
import { toDateRange } from '../common/time/date-range';
import { DateRangeQuery } from '../common/time/date-range.dto';

/** The logged-in user's own events. */
@Controller('events')
@Access('user')
export class EventsController {
  constructor(private readonly calendar: CalendarService) {}

  @Get()
  async list(@CurrentUser() user: User, @Query() q: DateRangeQuery) {
    return (await this.calendar.listEvents(user.id, toDateRange(q.startDate, q.endDate))).map(mapEvent);
  }

  @Post()
  async create(@CurrentUser() user: User, @Body() dto: CreateEventDto) {
    return mapEvent(await this.calendar.createEvent(user, dto));
  }

  @Put(':id')
  async update(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateEventDto) {
    return mapEvent(await this.calendar.updateEvent(user, id, dto));
  }

  @Delete(':id')
  async remove(@CurrentUser() user: User, @Param('id', ParseIntPipe) id: number) {
    const event = await this.calendar.deleteOwnEvent(user, id);
    return { message: 'Event deleted', deletedEvent: { id: event.id, title: event.title } };
  }
}
