/**
 * The user-calendar dialog's data rules, apart from the UI: the date window it reads
 * (GET /api/admin/user-calendar/:id), how an event's time is written, and the create-event form's checks
 * (SPEC §2 add-event dialog, §5 submission rules: fixed 11:00–15:00 Oslo time, red, no end date = start date).
 */
import { addDays, addMonths, format, isValid, parseISO, startOfMonth } from 'date-fns';

/** An event as GET /api/admin/user-calendar/:id answers it (backend mapEvent and mapFeedEvent). */
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

export interface UserCalendar {
  user: { id: number; name: string; username: string };
  events: UserCalendarEvent[];
  icalEvents: UserCalendarEvent[];
}

/** ?startDate&endDate of a read: whole months from the first of `month`, end exclusive. */
export interface CalendarWindow {
  startDate: string;
  endDate: string;
}

export function calendarWindow(month: Date, months: number): CalendarWindow {
  const start = startOfMonth(month);
  return { startDate: format(start, 'yyyy-MM-dd'), endDate: format(addMonths(start, months), 'yyyy-MM-dd') };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A bare 'YYYY-MM-DD' is a calendar date; anything else an instant. */
function parseTime(value: string): Date {
  return DATE_ONLY.test(value) ? parseISO(value) : new Date(value);
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

/** dd.MM.yyyy (SPEC §9), with HH:mm for timed events; all-day ends are exclusive, so the last day is end − 1. */
export function describeWhen(event: Pick<UserCalendarEvent, 'startTime' | 'endTime' | 'allDay'>): string {
  const start = parseTime(event.startTime);
  const end = event.endTime ? parseTime(event.endTime) : null;
  if (event.allDay) {
    const last = end && end > start ? addDays(end, -1) : start;
    const first = format(start, 'dd.MM.yyyy');
    return format(last, 'dd.MM.yyyy') === first ? first : `${first} – ${format(last, 'dd.MM.yyyy')}`;
  }
  const from = format(start, 'dd.MM.yyyy HH:mm');
  if (!end) return from;
  const sameDay = format(end, 'yyyy-MM-dd') === format(start, 'yyyy-MM-dd');
  return `${from} – ${format(end, sameDay ? 'HH:mm' : 'dd.MM.yyyy HH:mm')}`;
}

/** The user's own events and imported bookings in one list, earliest first. */
export function eventRows(calendar: Pick<UserCalendar, 'events' | 'icalEvents'>): EventRow[] {
  const row = (event: UserCalendarEvent, isBooking: boolean): EventRow => ({
    key: `${isBooking ? 'ical' : 'event'}-${event.id}`,
    title: event.title,
    when: describeWhen(event),
    start: parseTime(event.startTime).getTime(),
    color: event.color,
    description: event.description?.trim() || null,
    feedName: isBooking ? (event.source?.feedName ?? null) : null,
    isBooking,
  });
  return [...calendar.events.map((e) => row(e, false)), ...calendar.icalEvents.map((e) => row(e, true))].sort(
    (a, b) => a.start - b.start || a.title.localeCompare(b.title, 'nb'),
  );
}

// SPEC §9: the add-event dialog's fixed times and colour, in Norway's time zone whatever the browser's.
export const FIXED_START_TIME = '11:00';
export const FIXED_END_TIME = '15:00';
export const EVENT_COLOR = '#ef4444';
const BUSINESS_TIME_ZONE = 'Europe/Oslo';

/** Minutes Oslo's clock is ahead of UTC at an instant. */
function osloOffsetMinutes(instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wallClock = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return (wallClock - Math.floor(instant / 60_000) * 60_000) / 60_000;
}

/** The instant of a wall-clock time in Europe/Oslo: ('2025-07-01', '11:00') → '2025-07-01T09:00:00.000Z'. */
export function osloWallClockToIso(dateKey: string, time: string): string {
  const [year, month, day] = dateKey.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Two rounds: the first guess may sit on the other side of a daylight-saving change.
  let instant = asUtc - osloOffsetMinutes(asUtc) * 60_000;
  instant = asUtc - osloOffsetMinutes(instant) * 60_000;
  return new Date(instant).toISOString();
}

function isDateKey(value: string): boolean {
  if (!DATE_ONLY.test(value)) return false;
  const date = parseISO(value);
  return isValid(date) && format(date, 'yyyy-MM-dd') === value;
}

export interface NewEventValues {
  title: string;
  fromDate: string;
  toDate: string;
  description: string;
}

/** POST /api/admin/user-events/:id, the same body as POST /api/events (SPEC §7). */
export interface NewEventPayload {
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  allDay: false;
  color: string;
  routes: string[];
}

/** The field that failed and the texts of the refusal (i18n keys under resources.users.createEvent). */
export type NewEventCheck =
  | { ok: true; payload: NewEventPayload }
  | { ok: false; field: keyof NewEventValues; titleKey: string; textKey: string };

const KEYS = 'resources.users.createEvent';

export function checkNewEvent(values: NewEventValues): NewEventCheck {
  if (!values.title.trim()) {
    return { ok: false, field: 'title', titleKey: `${KEYS}.validationTitle`, textKey: `${KEYS}.validationText` };
  }
  if (!isDateKey(values.fromDate)) {
    return { ok: false, field: 'fromDate', titleKey: `${KEYS}.invalidStart`, textKey: `${KEYS}.chooseValidDate` };
  }
  // With no end date the event ends on its start date.
  const toDate = values.toDate || values.fromDate;
  if (!isDateKey(toDate) || toDate < values.fromDate) {
    return { ok: false, field: 'toDate', titleKey: `${KEYS}.invalidEnd`, textKey: `${KEYS}.chooseValidDate` };
  }
  return {
    ok: true,
    payload: {
      title: values.title.trim(),
      description: values.description.trim(),
      startTime: osloWallClockToIso(values.fromDate, FIXED_START_TIME),
      endTime: osloWallClockToIso(toDate, FIXED_END_TIME),
      allDay: false,
      color: EVENT_COLOR,
      routes: [],
    },
  };
}
