import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { Access, CurrentUser } from '../common/access.decorator';
import { sendJsonText } from '../common/json-text';
import { PropertyAccess } from '../properties/property-access.service';
import { PropertyIdPipe, PropertyIdQuery } from '../properties/property-id.dto';
import type { User } from '../users/user.entity';
import type { CalendarEvent } from './event.entity';
import { CreateEventDto, DeletedEventResponse, EventResponse, mapEvent, RequestedStayResponse, UpdateEventDto } from './calendar.dto';
import { CalendarService, NO_PROPERTY } from './calendar.service';
import { toDateRange } from '../common/time/date-range';
import { DateRangeQuery } from '../common/time/date-range.dto';
import { TokenScope } from '../common/token-scope.decorator';

/** The answer to a save: the event, or 202 with it when the save (of a new or moved stay) left it waiting for approval. */
function saved(event: CalendarEvent, res: Response, requested: boolean): EventResponse | RequestedStayResponse {
  if (!requested) return mapEvent(event);
  res.status(202);
  return { status: 'requested', event: mapEvent(event) };
}

/** A property's events (`?propertyId=`, or the caller's first property; docs/product/calendar.md). */
@Controller('events')
@Access('user')
@PropertyIdQuery()
export class EventsController {
  constructor(
    private readonly calendar: CalendarService,
    private readonly access: PropertyAccess,
  ) {}

  /** The property's events overlapping [startDate, endDate). */
  // Built as JSON by the database: no entity or response object per event.
  @Get()
  @TokenScope('calendar:read')
  @ApiOkResponse({ type: EventResponse, isArray: true })
  async list(@CurrentUser() user: User, @Query() q: DateRangeQuery, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined, @Res() res: Response): Promise<void> {
    const range = toDateRange(q.startDate, q.endDate);
    const property = (await this.access.readable(user, propertyId)) ?? NO_PROPERTY;
    sendJsonText(res, await this.calendar.listEventsJson(property.id, range));
  }

  /**
   * The property is the body's `propertyId`, else the query's. An owner's stay under rules that ask for approval is
   * saved awaiting it: 202 `{ status: 'requested', event }` (docs/product/stays.md#stays-as-requests).
   */
  @Post()
  @TokenScope('calendar:write')
  @ApiAcceptedResponse({ type: RequestedStayResponse, description: "An owner's stay held for staff's approval." })
  async create(
    @CurrentUser() user: User,
    @Body() dto: CreateEventDto,
    @Query('propertyId', PropertyIdPipe) propertyId: number | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<EventResponse | RequestedStayResponse> {
    const { property } = await this.access.resolve(user, dto.propertyId ?? propertyId, 'write');
    const event = await this.calendar.createEvent(user, property, dto);
    return saved(event, res, event.awaitingApproval);
  }

  /**
   * The id is a string: an external booking's ('ical-…', 'beds24-…') is refused as binding, not as malformed. A stay
   * moved under rules that ask for approval waits for it again: 202, as on creation.
   */
  @Put(':id')
  @TokenScope('calendar:write')
  @ApiAcceptedResponse({ type: RequestedStayResponse, description: "A moved owner's stay held for staff's approval." })
  async update(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Body() dto: UpdateEventDto,
    @Query('propertyId', PropertyIdPipe) propertyId: number | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<EventResponse | RequestedStayResponse> {
    const { property } = await this.access.resolve(user, propertyId, 'write');
    const { event, requested } = await this.calendar.updateEvent(user, property, id, dto);
    return saved(event, res, requested);
  }

  @Delete(':id')
  @TokenScope('calendar:write')
  async remove(@CurrentUser() user: User, @Param('id') id: string, @Query('propertyId', PropertyIdPipe) propertyId: number | undefined): Promise<DeletedEventResponse> {
    const { property } = await this.access.resolve(user, propertyId, 'write');
    const event = await this.calendar.deleteOwnEvent(property.id, id);
    return { message: 'Event deleted', deletedEvent: { id: event.id, title: event.title } };
  }
}
