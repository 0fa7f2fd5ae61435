/**
 * Pure display rules of the calendar (docs/product/calendar.md#validation-and-limits): titles, the '+N' label,
 * day colours, mobile hours and columns, per-day de-duplication and how long an event without an end lasts.
 */
import type { TFunction } from 'i18next';
import { daysCovered, parseApiTime, toDateKey } from './dates';
import { COLORS, MOBILE_FIRST_HOUR, MOBILE_LAST_HOUR, MOBILE_TITLE_MAX, MONTH_CELL_MIN_HEIGHT } from './constants';
import { STORED_EVENT_COLOR } from '../../shared/design';
import type { MarkedDay } from '../../api/types';
import type { AnyEvent, ExternalBooking } from './viewModel';

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"')\]]+/gi;

/** Replaces every link in a text with the given word ('Lenke' in titles, the company address in descriptions). */
export function replaceLinks(text: string, replacement: string): string {
  return text.replace(LINK, replacement);
}

/** Mobile titles longer than 7 characters are cut to 6 plus an ellipsis. */
export function truncateMobileTitle(title: string): string {
  const chars = Array.from(title);
  return chars.length > MOBILE_TITLE_MAX ? `${chars.slice(0, MOBILE_TITLE_MAX - 1).join('')}…` : title;
}

/** The title as a day cell shows it: links become `linkWord`, and on mobile long titles are cut. */
export function displayTitle(title: string, linkWord: string, isMobile: boolean): string {
  const withoutLinks = replaceLinks(title, linkWord);
  return isMobile ? truncateMobileTitle(withoutLinks) : withoutLinks;
}

/** '+N mer' / '+N more' for the events a mobile day cell hides. */
export function moreLabel(hidden: number, t: TFunction): string {
  return t('calendar.more', { count: hidden });
}

/**
 * moreLabel for every count, each looked up once: FullCalendar asks for it on every day with hidden events on every
 * render of the month, a plural lookup in the texts is slow on a phone, and a month has only a few different counts.
 */
export function moreLabels(t: TFunction): (hidden: number) => string {
  const labels = new Map<number, string>();
  return (hidden) => {
    let label = labels.get(hidden);
    if (label === undefined) labels.set(hidden, (label = moreLabel(hidden, t)));
    return label;
  };
}

/** The outside systems whose bookings the calendar shows (the API's external booking ids: '<kind>-…'). */
const EXTERNAL_KINDS = ['ical', 'beds24'];
const EXTERNAL_ID = /^(ical|beds24)-/;

/**
 * A booking from an outside system (an iCal feed, Beds24), whatever the source: drawn as a booking, never changed
 * or deleted here, and open to a personal note.
 */
export const isExternalBooking = (event: AnyEvent): event is ExternalBooking =>
  typeof event.id === 'string' ? EXTERNAL_ID.test(event.id) : EXTERNAL_KINDS.includes(event.source?.type ?? '');

/**
 * What the API lets an admin (or the owner) do to an event: recolour any of the own events (a numeric id, binding
 * ones too), delete those that are not binding. External bookings take neither.
 */
export function ownEventActions(event: AnyEvent): { color: boolean; delete: boolean } {
  const ownEvent = typeof event.id === 'number';
  return { color: ownEvent, delete: ownEvent && !event.isBinding };
}

/** A booking is an imported event, or one the API marks binding / with a negative id. */
export const isBooking = (event: AnyEvent): boolean =>
  isExternalBooking(event) || event.isBinding || (typeof event.id === 'number' && event.id < 0);

/** The colour the server gives a booking whose source has none of its own (Beds24): drawn in the booking pink. */
const SOURCELESS_BOOKING_COLOR = '#ec4899';

/**
 * The colour an event is drawn in: an admin's override first; a booking in its feed's colour (so Airbnb and
 * Booking.com differ) or the booking pink; then its own colour. An event in the colour
 * every event is stored with (red) has none of its own and takes the service's event colour (the design's
 * calendar.eventColor) when staff set one.
 */
export function eventColor(event: AnyEvent, serviceEventColor: string | null = null): string {
  if (event.adminColorOverride) return event.adminColorOverride;
  if (isExternalBooking(event)) {
    const feed = event.color && /^#[0-9a-f]{6}$/i.test(event.color) && event.color.toLowerCase() !== SOURCELESS_BOOKING_COLOR ? event.color : null;
    return feed ?? COLORS.booking;
  }
  const own = event.color && event.color.toLowerCase() !== STORED_EVENT_COLOR ? event.color : null;
  return own ?? serviceEventColor ?? COLORS.userEvent;
}

export type DayKind = 'user' | 'booking' | 'both' | 'marked';

export interface DayFacts {
  user: boolean;
  booking: boolean;
  marked: boolean;
}

/** Colour of a day in month and year views: red user events, pink bookings, purple both, green marked days. */
export function dayKind(facts: DayFacts | undefined): DayKind | null {
  if (!facts) return null;
  if (facts.user && facts.booking) return 'both';
  if (facts.user) return 'user';
  if (facts.booking) return 'booking';
  return facts.marked ? 'marked' : null;
}

export function eventDays(event: AnyEvent): string[] {
  return daysCovered(parseApiTime(event.startTime), event.endTime ? parseApiTime(event.endTime) : null, event.allDay);
}

/** What each day ('YYYY-MM-DD') holds, for the day colours and the booking guard. */
export function buildDayIndex(events: AnyEvent[], markedDays: MarkedDay[]): Map<string, DayFacts> {
  const index = new Map<string, DayFacts>();
  const facts = (key: string) => {
    let entry = index.get(key);
    if (!entry) index.set(key, (entry = { user: false, booking: false, marked: false }));
    return entry;
  };
  for (const event of events) {
    const booking = isBooking(event);
    for (const key of eventDays(event)) {
      if (booking) facts(key).booking = true;
      else facts(key).user = true;
    }
  }
  for (const day of markedDays) facts(day.date.slice(0, 10)).marked = true;
  return index;
}

/** True when the day holds an imported-calendar booking: such a day refuses clicks (docs/product/calendar.md#error-codes). */
export function dayHasImportedBooking(dateKey: string, bookings: ExternalBooking[]): boolean {
  return bookings.some((event) => eventDays(event).includes(dateKey));
}

/** Week and day views on mobile show hours 6–21 only; FullCalendar's max time is exclusive. */
export function visibleHours(isMobile: boolean): { slotMinTime: string; slotMaxTime: string } {
  if (!isMobile) return { slotMinTime: '00:00:00', slotMaxTime: '24:00:00' };
  const pad = (hour: number) => String(hour).padStart(2, '0');
  return { slotMinTime: `${pad(MOBILE_FIRST_HOUR)}:00:00`, slotMaxTime: `${pad(MOBILE_LAST_HOUR + 1)}:00:00` };
}

/** Which half of the week the mobile week view shows: Mon, Wed, Fri, Sun, or Tue, Thu, Sat. */
export type WeekHalf = 'first' | 'second';

/**
 * The mobile week shows every second day (4 columns), from Monday by default; a switch shows the other
 * half. FullCalendar's hiddenDays counts 0 = Sunday.
 */
export function mobileWeekHiddenDays(half: WeekHalf = 'first'): number[] {
  return half === 'first' ? [2, 4, 6] : [0, 1, 3, 5];
}

/** How many days of the week starting at `weekStart` that `half` hides hold events or a mark. */
export function busyHiddenDays(weekStart: Date, half: WeekHalf, dayIndex: Map<string, DayFacts>): number {
  const hidden = mobileWeekHiddenDays(half);
  let busy = 0;
  for (let i = 0; i < 7; i++) {
    const day = new Date(weekStart.getFullYear(), weekStart.getMonth(), weekStart.getDate() + i);
    const facts = dayIndex.get(toDateKey(day));
    if (hidden.includes(day.getDay()) && facts && (facts.user || facts.booking || facts.marked)) busy++;
  }
  return busy;
}

/** An event without an end lasts one hour in week and day views. */
export function timedEnd(start: Date, end: Date | null): Date {
  return end ?? new Date(start.getTime() + 60 * 60_000);
}

/**
 * The hours (0-23, browser time) of `dateKey` that some timed event covers, for the day view's 'No events' rows.
 * An event ending exactly on the hour does not cover that hour; all-day items live in the all-day row instead.
 */
export function busyHours(events: AnyEvent[], dateKey: string): Set<number> {
  const [year, month, day] = dateKey.split('-').map(Number);
  // Wall-clock hours built one by one, so days with a daylight-saving change come out right.
  const hourStarts = Array.from({ length: 25 }, (_, h) => new Date(year, month - 1, day, h).getTime());
  const hours = new Set<number>();
  for (const event of events) {
    if (event.allDay) continue;
    const start = parseApiTime(event.startTime);
    const end = timedEnd(start, event.endTime ? parseApiTime(event.endTime) : null);
    for (let h = 0; h < 24; h++) {
      if (start.getTime() < hourStarts[h + 1] && end.getTime() > hourStarts[h]) hours.add(h);
    }
  }
  return hours;
}

/**
 * Removes only true duplicates per day: same title, same start and same end (DESIGN "Frontend"). Two stays both
 * titled 'Reserved' that meet on a turnover day have different times and both stay. The first one seen wins.
 */
export function dedupeByDay<T extends AnyEvent>(events: T[]): T[] {
  const seen = new Set<string>();
  return events.filter((event) => {
    const start = parseApiTime(event.startTime);
    const end = event.endTime ? parseApiTime(event.endTime).getTime() : null;
    const key = JSON.stringify([toDateKey(start), event.title.trim(), start.getTime(), end]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** FullCalendar's default width/height ratio of a month grid; its views refuse ratios under 0.5. */
const DEFAULT_ASPECT_RATIO = 1.35;
const MIN_ASPECT_RATIO = 0.5;

/**
 * The aspectRatio that gives month cells their minimum height (36 px mobile, 60 px desktop). FullCalendar 7 sizes a
 * month's six rows from its width (row = width / ratio / 6), so a narrow month needs a smaller ratio.
 */
export function monthAspectRatio(monthWidthPx: number, isMobile: boolean): number {
  if (monthWidthPx <= 0) return DEFAULT_ASPECT_RATIO;
  const minHeight = isMobile ? MONTH_CELL_MIN_HEIGHT.mobile : MONTH_CELL_MIN_HEIGHT.desktop;
  const ratio = monthWidthPx / (6 * minHeight);
  return Math.max(MIN_ASPECT_RATIO, Math.min(DEFAULT_ASPECT_RATIO, Math.floor(ratio * 100) / 100));
}
