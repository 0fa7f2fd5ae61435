/**
 * Reads values from ical.js's raw jCal arrays. Dates are not left to ical.js: it turns 20270230 into 2 March and
 * `tomorrow` into garbage, while an importer must reject both (fixture malformed-recoverable.ics). Reading jCal
 * directly (['dtstart', {tzid}, 'date-time', '2027-03-04T11:00:00']) also avoids a wrapper object per property,
 * which matters for 20 000-event feeds.
 */
import type { WallTime } from '../../common/time/timezones';

/** One property in jCal form: name (lower-case), parameters, value type, values (TEXT already unescaped). */
export type JCalProperty = [name: string, params: Record<string, unknown>, type: string, ...values: unknown[]];

/** The first property of each name in a component's jCal ([name, properties, components]). */
export function indexProperties(componentJCal: unknown[]): Map<string, JCalProperty> {
  const index = new Map<string, JCalProperty>();
  for (const prop of componentJCal[1] as JCalProperty[]) {
    if (!index.has(prop[0])) index.set(prop[0], prop);
  }
  return index;
}

/** The first value of a TEXT property, or null. */
export function textValue(prop: JCalProperty | undefined): string | null {
  const value = prop?.[3];
  return typeof value === 'string' ? value : null;
}

export interface DateValue {
  /** VALUE=DATE (all-day). */
  isDate: boolean;
  /** Ends in Z. */
  utc: boolean;
  /** TZID parameter as written, or null (then the value is UTC or floating). */
  tzid: string | null;
  wall: WallTime;
}

/** A DATE; ical.js writes a date-only value it was told is a DATE-TIME (no `VALUE=DATE`) as 'YYYY-MM-DDT::'. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T::)?$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(Z?)$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : MONTH_DAYS[month - 1];
}

/**
 * Parses one raw jCal date or date-time string; null when it is not a real calendar date/time. A value with only a
 * date is a DATE whatever its VALUE parameter says, and a TZID on it is ignored (docs/interop.md#rules-for-feeds-we-did-not-write).
 */
export function parseDateValue(raw: unknown, tzid: string | null): DateValue | null {
  if (typeof raw !== 'string') return null;
  const date = DATE.exec(raw);
  const dateTime = date ? null : DATE_TIME.exec(raw);
  const m = date ?? dateTime;
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = dateTime ? [Number(m[4]), Number(m[5]), Number(m[6])] : [0, 0, 0];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 60) return null;
  return {
    isDate: !!date,
    utc: !!dateTime?.[7],
    tzid: dateTime && !dateTime[7] ? tzid : null,
    wall: { year, month, day, hour, minute, second: Math.min(second, 59) }, // leap second 60 → :59
  };
}

/** All date values of a property (EXDATE and RDATE may list several). PERIOD values yield their start. */
export function propertyDateValues(prop: JCalProperty): (DateValue | null)[] {
  const tzid = typeof prop[1].tzid === 'string' ? prop[1].tzid : null;
  return prop.slice(3).map((raw) => parseDateValue(Array.isArray(raw) ? raw[0] : raw, tzid));
}

/** The first value of a date property: undefined when the property is absent, null when it is not a valid date. */
export function firstDateValue(prop: JCalProperty | undefined): DateValue | null | undefined {
  return prop ? parseDateValue(prop[3], typeof prop[1].tzid === 'string' ? prop[1].tzid : null) : undefined;
}

export const pad2 = (n: number) => String(n).padStart(2, '0');

export function formatDate(w: { year: number; month: number; day: number }): string {
  return `${String(w.year).padStart(4, '0')}-${pad2(w.month)}-${pad2(w.day)}`;
}

/** UTC instant as 'YYYY-MM-DDTHH:MM:SSZ' (the form used by the fixtures' README). */
export function formatInstant(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 19) + 'Z';
}

/** The same wall-clock time `days` calendar days later (days may be negative). */
export function addDays(w: WallTime, days: number): WallTime {
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return { ...w, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Whole days from date a to date b. */
export function daysBetween(a: { year: number; month: number; day: number }, b: { year: number; month: number; day: number }): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}
