/** Date rules of the calendar: day keys, the add-event dialog's times and dates (docs/product/calendar.md#data-and-states). */
import { addDays, lightFormat, isValid, parseISO } from 'date-fns';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' of a moment in the browser's own calendar. */
export function toDateKey(date: Date): string {
  return lightFormat(date, 'yyyy-MM-dd');
}

/** 'YYYY-MM', the month of a moment in the browser's own calendar. */
export function toMonthKey(date: Date): string {
  return lightFormat(date, 'yyyy-MM');
}

/** True for a real calendar date written 'YYYY-MM-DD' (what an <input type="date"> gives). */
export function isValidDateKey(value: string): boolean {
  return DATE_ONLY.test(value) && isValid(parseISO(value)) && toDateKey(parseISO(value)) === value;
}

/** Parses an API time: a bare 'YYYY-MM-DD' is a local calendar date, anything else an instant. */
export function parseApiTime(value: string): Date {
  return DATE_ONLY.test(value) ? parseISO(value) : new Date(value);
}

/** Changing the from-date moves the to-date up when it would otherwise be earlier. */
export function toDateAfterFromChange(fromDate: string, toDate: string): string {
  if (!isValidDateKey(fromDate)) return toDate;
  if (!toDate || !isValidDateKey(toDate)) return toDate;
  return toDate < fromDate ? fromDate : toDate;
}

/** Every local day ('YYYY-MM-DD') a span touches. All-day ends are exclusive; a timed end at midnight is too. */
export function daysCovered(start: Date, end: Date | null, allDay: boolean): string[] {
  const first = new Date(start.getFullYear(), start.getMonth(), start.getDate());
  let last = first;
  if (end && end > start) {
    const endDay = new Date(end.getFullYear(), end.getMonth(), end.getDate());
    const endsAtMidnight = end.getTime() === endDay.getTime();
    last = allDay || endsAtMidnight ? addDays(endDay, -1) : endDay;
    if (last < first) last = first;
  }
  const keys: string[] = [];
  // A guard against absurd spans: nobody looks at more than a few years at once.
  for (let day = first, n = 0; day <= last && n < 1200; day = addDays(day, 1), n++) keys.push(toDateKey(day));
  return keys;
}
