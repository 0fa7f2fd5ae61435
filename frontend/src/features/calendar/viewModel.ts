/**
 * The calendar's own view of the API's answers. The answers themselves are the generated types (api/types.ts,
 * from the OpenAPI document); what is here exists only on the client.
 */
import type { Agreement, CalendarEvent, ExternalBookingResponse, MarkedDay } from '../../api/types';
import { COLORS } from './constants';

/**
 * An external booking (a booking from an iCal feed or Beds24), the calendar's one name for it from the answer to
 * the screen. The API types its start as nullable, but every booking it stores has one (a date for all-day stays,
 * else an instant: backend bookings/external-booking.types.ts externalBookingsJsonSql); the fields only own events
 * carry (an admin's colour, routes) are absent.
 */
export type ExternalBooking = Omit<ExternalBookingResponse, 'startTime'> & { startTime: string; adminColorOverride?: undefined; routes?: undefined };

/** Either kind, as the calendar shows it: an own event or an external booking (a meeting is drawn as one). */
export type AnyEvent = CalendarEvent | ExternalBooking;

/** The bookings of an answer as the calendar draws them (the same array: see ExternalBooking for why the start is there). */
export const asExternalBookings = (bookings: ExternalBookingResponse[]): ExternalBooking[] => bookings as ExternalBooking[];

const MEETING_ID = /^agreement-(\d+)$/;
const HOUR_MS = 3_600_000;

/**
 * The owner's meetings as the calendar draws them: read-only items beside the bookings, with an id of their own
 * ('agreement-<id>': neither an own event's number nor a booking's 'ical-'/'beds24-') so nothing offers to change,
 * delete or annotate them; a click opens the agreement (meetingLink). Cancelled ones are left out.
 */
export function meetingItems(agreements: readonly Agreement[]): ExternalBooking[] {
  return agreements
    .filter((a) => a.status !== 'cancelled')
    .map((a) => ({
      id: `agreement-${a.id}`, userId: a.userId, title: a.title, description: a.description, startTime: a.meetingDate,
      endTime: a.endDate ?? new Date(new Date(a.meetingDate).getTime() + HOUR_MS).toISOString(), allDay: false, color: COLORS.meeting,
      location: a.meetingLocation, source: { type: 'meeting', feedName: '' }, isBinding: true,
    }) as unknown as ExternalBooking);
}

/** Where a calendar item leads instead of its detail dialog: a meeting to its agreement's page; null for the rest. */
export function meetingLink(event: AnyEvent): string | null {
  const match = typeof event.id === 'string' ? MEETING_ID.exec(event.id) : null;
  return match ? `/user/agreements/${match[1]}` : null;
}

export type MarkerType = MarkedDay['markerType'];

export type CalendarViewKind = 'month' | 'week' | 'day' | 'year';
export type CalendarSize = 'large' | 'compact';
