import type { ExternalBookingInput } from '../bookings/external-booking.types';
import type { ParsedVevent } from './import/parse-feed';
import { multiLine, singleLine } from '../common/text/control-characters';
import { wallTimeToUtc } from '../common/time/timezones';

const dayToUtc = (day: string, zone: string) => {
  const [year, month, d] = day.split('-').map(Number);
  return new Date(wallTimeToUtc({ year, month, day: d, hour: 0, minute: 0, second: 0 }, zone));
};

/**
 * The iCal adapter's half of the store's contract: a parsed VEVENT as an external booking. All-day events start and
 * end at midnight in `zone` (the business time zone) and keep their dates, end exclusive as in iCalendar. Control
 * characters a feed put in its texts (NUL, which PostgreSQL cannot store, line breaks in a UID) are dropped here.
 */
export function toExternalBooking(e: ParsedVevent, zone: string): ExternalBookingInput {
  const startTime = e.allDay ? dayToUtc(e.start, zone) : new Date(e.start);
  const endsAt = e.allDay ? dayToUtc(e.end, zone) : new Date(e.end);
  return {
    externalUid: singleLine(e.uid),
    recurrenceId: e.recurrenceId ?? '',
    startTime,
    endsAt,
    allDay: e.allDay,
    startDate: e.allDay ? e.start : null,
    endDate: e.allDay ? e.end : null,
    summary: singleLine(e.summary),
    description: e.description === null ? null : multiLine(e.description),
    location: e.location === null ? null : singleLine(e.location),
    status: e.status,
    kind: e.kind,
    sequence: e.sequence,
  };
}

export const toExternalBookings = (events: ParsedVevent[], zone: string) => events.map((e) => toExternalBooking(e, zone));
