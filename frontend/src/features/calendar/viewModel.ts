/**
 * The calendar's own view of the API's answers. The answers themselves are the generated types (api/types.ts,
 * from the OpenAPI document); what is here exists only on the client.
 */
import type { CalendarEvent, ExternalBooking, MarkedDay } from '../../api/types';

/**
 * An external booking as the calendar draws it. The API types its start as nullable, but every booking it
 * stores has one (a date for all-day stays, else an instant: backend feeds.dto.ts mapExternalBooking); the
 * fields only own events carry (an admin's colour, routes) are absent.
 */
export type DrawnBooking = Omit<ExternalBooking, 'startTime'> & { startTime: string; adminColorOverride?: undefined; routes?: undefined };

/** Either kind, as the calendar shows it. */
export type AnyEvent = CalendarEvent | DrawnBooking;

/** The bookings of an answer as the calendar draws them (the same array: see DrawnBooking for why the start is there). */
export const drawnBookings = (bookings: ExternalBooking[]): DrawnBooking[] => bookings as DrawnBooking[];

export type MarkerType = MarkedDay['markerType'];

export type CalendarViewKind = 'month' | 'week' | 'day' | 'year';
export type CalendarSize = 'large' | 'compact';
