/**
 * The user-calendar dialog's data rules, apart from the UI: the date window it reads
 * (GET /api/admin/user-calendar/:id), how an event's time is written, and the create-event form's checks
 * (docs/product/calendar.md#screens: fixed 11:00–15:00 Oslo time, red, no end date = start date).
 */
import { addDays, addMonths, lightFormat, startOfMonth } from 'date-fns';
import { checkAddEvent, parseApiTime, type AddEventFormValues, type AddEventRefusal, type EventPayload } from '../../features/calendar';

/** An event as GET /api/admin/user-calendar/:id answers it (backend mapEvent, and the bookings store's SQL for external bookings). */
export interface UserCalendarEvent {
  id: number | string;
  title: string;
  description: string | null;
  /** An instant, or 'YYYY-MM-DD' for an imported all-day event. */
  startTime: string;
  /** Exclusive for all-day events. */
  endTime: string | null;
  allDay: boolean;
  color: string;
  location?: string | null;
  source: { type?: string; feedName?: string } | null;
  isBinding: boolean;
}

/** A user's calendar in a window: their own events and their imported bookings (from feeds and Beds24). */
export interface UserCalendar {
  user: { id: number; name: string; username: string };
  events: UserCalendarEvent[];
  bookings: UserCalendarEvent[];
}

/** The calendar as the API sends it, the bookings under `icalEvents` (the data provider renames them). */
export type UserCalendarAnswer = Omit<UserCalendar, 'bookings'> & { icalEvents: UserCalendarEvent[] };

/** ?startDate&endDate of a read: whole months from the first of `month`, end exclusive. */
export interface CalendarWindow {
  startDate: string;
  endDate: string;
}

export function calendarWindow(month: Date, months: number): CalendarWindow {
  const start = startOfMonth(month);
  return { startDate: lightFormat(start, 'yyyy-MM-dd'), endDate: lightFormat(addMonths(start, months), 'yyyy-MM-dd') };
}


export interface EventRow {
  key: string;
  title: string;
  when: string;
  start: number;
  color: string;
  description: string | null;
  /** The feed's name for an imported booking; null for the user's own events. */
  feedName: string | null;
  isBooking: boolean;
}

/** dd.MM.yyyy (docs/product/calendar.md#validation-and-limits), with HH:mm for timed events; all-day ends are exclusive, so the last day is end − 1. */
export function describeWhen(event: Pick<UserCalendarEvent, 'startTime' | 'endTime' | 'allDay'>): string {
  const start = parseApiTime(event.startTime);
  const end = event.endTime ? parseApiTime(event.endTime) : null;
  if (event.allDay) {
    const last = end && end > start ? addDays(end, -1) : start;
    const first = lightFormat(start, 'dd.MM.yyyy');
    return lightFormat(last, 'dd.MM.yyyy') === first ? first : `${first} – ${lightFormat(last, 'dd.MM.yyyy')}`;
  }
  const from = lightFormat(start, 'dd.MM.yyyy HH:mm');
  if (!end) return from;
  const sameDay = lightFormat(end, 'yyyy-MM-dd') === lightFormat(start, 'yyyy-MM-dd');
  return `${from} – ${lightFormat(end, sameDay ? 'HH:mm' : 'dd.MM.yyyy HH:mm')}`;
}

/** The user's own events and imported bookings in one list, earliest first. */
export function eventRows(calendar: Pick<UserCalendar, 'events' | 'bookings'>): EventRow[] {
  const row = (event: UserCalendarEvent, isBooking: boolean): EventRow => ({
    key: `${isBooking ? 'ical' : 'event'}-${event.id}`,
    title: event.title,
    when: describeWhen(event),
    start: parseApiTime(event.startTime).getTime(),
    color: event.color,
    description: event.description?.trim() || null,
    feedName: isBooking ? (event.source?.feedName ?? null) : null,
    isBooking,
  });
  return [...calendar.events.map((e) => row(e, false)), ...calendar.bookings.map((e) => row(e, true))].sort(
    (a, b) => a.start - b.start || a.title.localeCompare(b.title, 'nb'),
  );
}

/** The main app's add-event rules (docs/product/calendar.md#validation-and-limits), shared so both forms send the same event. */
export { FIXED_END_TIME, FIXED_START_TIME } from '../../features/calendar';
export type { AddEventFormValues as NewEventValues, EventPayload as NewEventPayload } from '../../features/calendar';

/** The field that failed and the texts of the refusal (i18n keys under resources.users.createEvent). */
export type NewEventCheck =
  | { ok: true; payload: EventPayload }
  | { ok: false; field: keyof AddEventFormValues; titleKey: string; textKey: string };

const KEYS = 'resources.users.createEvent';
const REFUSAL_TITLES: Record<AddEventRefusal, string> = { missingTitle: 'validationTitle', invalidStart: 'invalidStart', invalidEnd: 'invalidEnd' };

/** checkAddEvent, with the back office's texts. */
export function checkNewEvent(values: AddEventFormValues): NewEventCheck {
  const check = checkAddEvent(values);
  if (check.ok) return check;
  const textKey = check.reason === 'missingTitle' ? 'validationText' : 'chooseValidDate';
  return { ok: false, field: check.field, titleKey: `${KEYS}.${REFUSAL_TITLES[check.reason]}`, textKey: `${KEYS}.${textKey}` };
}
