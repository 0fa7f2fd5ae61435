/**
 * Norwegian wall-clock times as instants (docs/product/calendar.md#data-and-states). A module of its own because it needs temporal-polyfill: the
 * back office's users list reads dates.ts too, and should not download the polyfill for a function it never calls.
 */
import * as Instant from 'temporal-polyfill/fns/Instant';
import * as PlainDateTime from 'temporal-polyfill/fns/PlainDateTime';
import * as ZonedDateTime from 'temporal-polyfill/fns/ZonedDateTime';
import { BUSINESS_TIME_ZONE } from './constants';

/**
 * The instant of a wall-clock time in Europe/Oslo, as an ISO string ('2025-07-01', '11:00' → '2025-07-01T09:00:00Z').
 * The fixed 11:00–15:00 of the add-event dialog are Norwegian times whatever the browser's own zone.
 */
export function osloWallClockToIso(dateKey: string, time: string): string {
  const [year, month, day] = dateKey.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const local = PlainDateTime.create(year, month, day, hour, minute);
  const zoned = PlainDateTime.toZonedDateTime(local, BUSINESS_TIME_ZONE);
  return Instant.toString(ZonedDateTime.toInstant(zoned));
}
