import { OmitType, PartialType, PickType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsArray, IsBoolean, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateIf,
} from 'class-validator';
import { IsOmittable, OMITTABLE_NOT_NULL } from '../common/optional';
import { IsCalendarDate } from '../common/time/iso-date';
import { ExternalBookingResponse } from '../bookings/external-booking.dto';
import { CalendarEvent, EventSource } from './event.entity';
import { ExternalBookingNote } from './external-booking-note.entity';
import { MARKER_TYPES, MarkedDay, MarkerType } from './marked-day.entity';
import { CalendarConflictResponse } from '../conflicts/conflicts.dto';
import { OptionalPropertyId } from '../properties/property-id.dto';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const DEFAULT_EVENT_COLOR = '#ef4444';
export const DEFAULT_MARKER_COLOR = '#8b5cf6';

export class AdminCalendarQuery {
  @IsOptional()
  @IsCalendarDate({ message: 'Invalid date' })
  startDate?: string;

  @IsOptional()
  @IsCalendarDate({ message: 'Invalid date' })
  endDate?: string;

  /** The client's first fetch per user asks for fresh feeds; the sync runs in the background, never on this read. */
  @IsOptional()
  @IsIn(['true', 'false'])
  force_refresh?: string;
}

export class CreateEventDto {
  @OptionalPropertyId()
  propertyId?: number;

  @Transform(trim)
  @MaxLength(500, { message: 'Tittelen kan ikke være lengre enn 500 tegn' })
  @IsNotEmpty({ message: 'Title is required' })
  @IsString({ message: 'Title is required' })
  title: string;

  @IsOptional()
  @IsString()
  @MaxLength(10000)
  description?: string | null;

  @IsCalendarDate({ message: 'Invalid date' })
  @IsNotEmpty({ message: 'Invalid date' })
  startTime: string;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsCalendarDate({ message: 'Invalid date' })
  endTime?: string | null;

  @IsOmittable()
  @IsBoolean()
  allDay?: boolean;

  @IsOmittable()
  @Matches(HEX_COLOR, { message: 'Ugyldig farge' })
  color?: string;

  @IsOmittable()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(500, { each: true })
  routes?: string[];

  @IsOptional()
  @IsObject()
  source?: EventSource | null;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  location?: string | null;
}

/** Every rule of a new event applies to a change; the source, which a user never sets by hand, and the property (an event stays in its own) are left out. */
export class UpdateEventDto extends PartialType(OmitType(CreateEventDto, ['source', 'propertyId'] as const), OMITTABLE_NOT_NULL) {}

export class EventColorDto {
  @Matches(HEX_COLOR, { message: 'Ugyldig farge' })
  @IsNotEmpty({ message: 'Farge er påkrevd' })
  color: string;
}

export class MarkedDayDto {
  @OptionalPropertyId()
  propertyId?: number;

  @IsCalendarDate({ message: 'Invalid date' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Invalid date' })
  @IsNotEmpty({ message: 'Invalid date' })
  date: string;

  @IsIn(MARKER_TYPES, { message: 'Ugyldig markeringstype' })
  @IsNotEmpty({ message: 'Marker type is required' })
  markerType: MarkerType;

  @IsOmittable()
  @Matches(HEX_COLOR, { message: 'Ugyldig farge' })
  color?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  notes?: string | null;
}

export class UpdateMarkedDayDto extends PartialType(OmitType(MarkedDayDto, ['propertyId'] as const), OMITTABLE_NOT_NULL) {}

export class CreateNoteDto {
  @OptionalPropertyId()
  propertyId?: number;

  @Transform(trim)
  @MaxLength(512)
  @IsNotEmpty({ message: 'Event ID is required' })
  @IsString({ message: 'Event ID is required' })
  eventExternalId: string;

  @Transform(trim)
  @MaxLength(10000)
  @IsNotEmpty({ message: 'Note is required' })
  @IsString({ message: 'Note is required' })
  notes: string;
}

export class UpdateNoteDto extends PickType(CreateNoteDto, ['notes'] as const) {}

export class IdParam {
  @Type(() => Number)
  id: number;
}

/** A booking or synced event: shown read-only, never deleted by hand. */
export const isBinding = (e: CalendarEvent) => Boolean(e.source) || e.csvProtected;

/**
 * An owner's own stay (docs/product/stays.md#what-a-stay-is), when it spans a night: an event a member made themselves.
 * Staff's events (createdById) and bookings synced into the calendar (source) are none.
 */
export const isOwnerStay = (e: Pick<CalendarEvent, 'createdById' | 'source'>) => e.createdById === null && !e.source;

/** An event as the calendar shows it. */
export class EventResponse {
  id: number;
  userId: number;
  title: string;
  description: string | null;
  startTime: string;
  endTime: string | null;
  allDay: boolean;
  color: string;
  /** A colour an admin chose; it wins over the user's own. */
  adminColorOverride: string | null;
  routes: string[];
  /** Where a synced booking came from; null for events made by hand. */
  source: EventSource | null;
  location: string | null;
  /** A booking or synced event: shown read-only, never deleted by hand. */
  isBinding: boolean;
  createdById: number | null;
  /** An owner's stay held for staff's approval: in the calendar, not yet confirmed (docs/product/stays.md#stays-as-requests). */
  awaitingApproval: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** 202 to a new or moved owner's stay that waits for staff's approval (docs/product/stays.md#stays-as-requests). */
export class RequestedStayResponse {
  /** @example requested */
  status: 'requested';
  event: EventResponse;
}

export function mapEvent(e: CalendarEvent): EventResponse {
  return {
    id: e.id,
    userId: e.userId,
    title: e.title,
    description: e.description,
    startTime: e.startTime.toISOString(),
    endTime: e.endTime ? e.endTime.toISOString() : null,
    allDay: e.allDay,
    color: e.color,
    adminColorOverride: e.adminColorOverride,
    routes: e.routes,
    source: e.source,
    location: e.location,
    isBinding: isBinding(e),
    createdById: e.createdById,
    awaitingApproval: e.awaitingApproval,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

export class MarkedDayResponse {
  id: number;
  userId: number;
  /** YYYY-MM-DD */
  date: string;
  markerType: MarkerType;
  color: string;
  notes: string | null;
}

export function mapMarkedDay(d: MarkedDay): MarkedDayResponse {
  return { id: d.id, userId: d.userId, date: d.date, markerType: d.markerType, color: d.color, notes: d.notes };
}

export class NoteResponse {
  id: number;
  eventExternalId: string;
  notes: string;
  createdAt: Date;
  updatedAt: Date;
}

export function mapNote(n: ExternalBookingNote): NoteResponse {
  return { id: n.id, eventExternalId: n.eventExternalId, notes: n.notes, createdAt: n.createdAt, updatedAt: n.updatedAt };
}

/** The caller's note on one imported event; id and notes are null when there is none. */
export class NoteLookupResponse {
  id: number | null;
  notes: string | null;
}

export class DeletedEvent {
  id: number;
  title: string;
  /** Set when an admin deleted another user's event. */
  userId?: number;
}

export class DeletedEventResponse {
  /** @example Event deleted */
  message: string;
  deletedEvent: DeletedEvent;
}

export class CalendarOwner {
  id: number;
  name: string;
  username: string;
}

/** One user's calendar as an admin sees it: own events and imported bookings. */
export class UserCalendarResponse {
  user: CalendarOwner;
  events: EventResponse[];
  icalEvents: ExternalBookingResponse[];
  /** The owner's double bookings touching the window's days, as the owner's own window answers them. */
  conflicts: CalendarConflictResponse[];
}

/** GET /api/calendar-window: what the calendar page shows for one window, as the three reads answer it. */
export class CalendarWindowResponse {
  /** As GET /api/events */
  events: EventResponse[];
  /** As GET /api/marked-days */
  markedDays: MarkedDayResponse[];
  /** As GET /api/ical-feed-events */
  feedEvents: ExternalBookingResponse[];
  /** Double bookings touching the window's days, from the stored conflicts (docs/architecture.md "Double bookings"). */
  conflicts: CalendarConflictResponse[];
}

/** The personal subscription link (a secret: whoever has it reads the calendar). */
/** One property's subscription link. */
export class CalendarPropertyLinkResponse {
  propertyId: number;
  name: string;
  url: string;
}

/** A person's subscription links (docs/product/calendar.md#subscriptions); one secret opens them all. */
export class CalendarLinkResponse {
  /** The link of all the person's properties. */
  url: string;
  /** One link per property the person is a member of, in the order they joined them. */
  properties: CalendarPropertyLinkResponse[];
}
