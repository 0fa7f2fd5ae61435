import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { sendJsonText } from '../common/json-text';
import type { User } from '../users/user.entity';
import { CreateEventDto, DeletedEventResponse, EventResponse, mapEvent, UpdateEventDto } from './calendar.dto';
import { CalendarService } from './calendar.service';
import { toDateRange } from '../common/time/date-range';
import { DateRangeQuery } from '../common/time/date-range.dto';

/** The logged-in user's own events. */
@Controller('events')
@Access('user')
export class EventsController {
  constructor(private readonly calendar: CalendarService) {}

  /** The caller's own events overlapping [startDate, endDate). */
  // Built as JSON by the database: no entity or response object per event.
  @Get()
  @ApiOkResponse({ type: EventResponse, isArray: true })
  async list(@CurrentUser() user: User, @Query() q: DateRangeQuery, @Res() res: Response): Promise<void> {
    sendJsonText(res, await this.calendar.listEventsJson(user.id, toDateRange(q.startDate, q.endDate)));
  }

  @Post()
  async create(@CurrentUser() user: User, @Body() dto: CreateEventDto): Promise<EventResponse> {
    return mapEvent(await this.calendar.createEvent(user, dto));
  }

  /** The id is a string: an external booking's ('ical-…', 'beds24-…') is refused as binding, not as malformed. */
  @Put(':id')
  async update(@CurrentUser() user: User, @Param('id') id: string, @Body() dto: UpdateEventDto): Promise<EventResponse> {
    return mapEvent(await this.calendar.updateEvent(user, id, dto));
  }

  @Delete(':id')
  async remove(@CurrentUser() user: User, @Param('id') id: string): Promise<DeletedEventResponse> {
    const event = await this.calendar.deleteOwnEvent(user, id);
    return { message: 'Event deleted', deletedEvent: { id: event.id, title: event.title } };
  }
}
