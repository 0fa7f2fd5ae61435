import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * ISO 8601 as the API takes it: `YYYY-MM-DD`, optionally `THH:MM[:SS[.fraction]]` and `Z` or `±HH:MM`. Four-digit
 * years only, so nothing past 9999 reaches the database.
 */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|([+-])(\d{2}):(\d{2}))?)?$/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * True for a date or date-time that exists on the calendar: no 2026-02-30, no 24:00, no minute 60, no offset
 * beyond ±14:00. Date's own parser rolls such values over to another day instead of refusing them.
 */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE_TIME.exec(value);
  if (!m) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0, , offsetHours = 0, offsetMinutes = 0] = m.slice(1).map((part) => (part === undefined || part === '+' || part === '-' ? undefined : Number(part)));
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysIn(year!, month!)) return false;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 14 || offsetMinutes > 59) return false;
  return !Number.isNaN(new Date(value).getTime());
}

/** class-validator rule for {@link isCalendarDate}. */
export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isCalendarDate', validator: { validate: isCalendarDate, defaultMessage: () => 'Invalid date' } }, options);
}
