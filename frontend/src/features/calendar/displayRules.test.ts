import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import {
  buildDayIndex,
  busyHours,
  dayHasImportedBooking,
  dayKind,
  dedupeByDay,
  displayTitle,
  eventColor,
  moreLabel,
  moreLabels,
  replaceLinks,
  timedEnd,
  truncateMobileTitle,
  visibleHours,
  busyHiddenDays,
  mobileWeekHiddenDays,
  monthAspectRatio,
  isExternalBooking,
  ownEventActions,
} from './displayRules';
import type { CalendarEvent, MarkedDay } from '../../api/types';
import type { ExternalBooking } from './viewModel';

/** A fixture's fields: tests also give values the API's types rule out (no colour, a bare source), to show the rules cope. */
type Loose<T> = { [K in keyof T]?: unknown };

const userEvent = (over: Loose<CalendarEvent> = {}): CalendarEvent => ({
  id: 1,
  userId: 7,
  title: 'Eiersperre tid',
  description: null,
  startTime: '2025-07-01T09:00:00.000Z',
  endTime: '2025-07-01T13:00:00.000Z',
  allDay: false,
  color: '#ef4444',
  adminColorOverride: null,
  routes: [],
  source: null,
  location: null,
  isBinding: false,
  createdAt: '2025-06-01T09:00:00.000Z',
  updatedAt: '2025-06-01T09:00:00.000Z',
  createdById: 7,
  ...over,
}) as CalendarEvent;

const booking = (over: Loose<ExternalBooking> = {}): ExternalBooking => ({
  id: 'ical-3-abc',
  userId: 7,
  title: 'Reserved',
  description: null,
  startTime: '2025-07-01',
  endTime: '2025-07-04',
  allDay: true,
  color: '#ec4899',
  source: { type: 'ical', feedName: 'Airbnb', feedId: 3, uid: 'abc', kind: 'booking', alsoFrom: [] },
  location: null,
  isBinding: true,
  status: 'confirmed',
  ...over,
}) as ExternalBooking;

describe('titles', () => {
  it('cuts mobile titles longer than 7 characters to 6 plus an ellipsis', () => {
    expect(truncateMobileTitle('Reserved')).toBe('Reserv…');
    expect(truncateMobileTitle('Booking')).toBe('Booking');
    expect(truncateMobileTitle('Ferie')).toBe('Ferie');
    expect(truncateMobileTitle('Ærfuglø!')).toBe('Ærfugl…');
  });

  it("shows links as 'Lenke', and cuts only on mobile", () => {
    expect(replaceLinks('Se https://airbnb.com/rooms/1?x=2 nå', 'Lenke')).toBe('Se Lenke nå');
    expect(replaceLinks('www.finn.no og http://a.b', 'Lenke')).toBe('Lenke og Lenke');
    expect(displayTitle('https://example.com/booking', 'Lenke', false)).toBe('Lenke');
    expect(displayTitle('Gjest: https://example.com/booking', 'Lenke', true)).toBe('Gjest:…');
    expect(displayTitle('Eiersperre tid', 'Lenke', false)).toBe('Eiersperre tid');
  });
});

describe("the '+N' label", () => {
  it('reads +N mer in Norwegian and +N more in English', () => {
    expect(moreLabel(2, i18n.getFixedT('nb'))).toBe('+2 mer');
    expect(moreLabel(5, i18n.getFixedT('en'))).toBe('+5 more');
    const label = moreLabels(i18n.getFixedT('nb'));
    expect([label(1), label(3), label(1)]).toEqual(['+1 mer', '+3 mer', '+1 mer']);
  });
});

describe('external bookings, whatever their source', () => {
  const beds24 = booking({ id: 'beds24-5-0123456789abcdef', source: { type: 'beds24', feedName: 'Beds24' } });

  it('are told apart from own events for iCal and Beds24 alike', () => {
    expect(isExternalBooking(booking())).toBe(true);
    expect(isExternalBooking(beds24)).toBe(true);
    expect(isExternalBooking(userEvent())).toBe(false);
    expect(eventColor(beds24)).toBe(eventColor(booking()));
  });

  it('take neither colour nor delete; an own binding event takes colour only, as the API does', () => {
    expect(ownEventActions(booking())).toEqual({ color: false, delete: false });
    expect(ownEventActions(beds24)).toEqual({ color: false, delete: false });
    expect(ownEventActions(userEvent())).toEqual({ color: true, delete: true });
    expect(ownEventActions(userEvent({ isBinding: true, source: { type: 'csv' } }))).toEqual({ color: true, delete: false });
  });
});

describe('colours', () => {
  it('uses the admin override, then booking pink, then the own colour, default red (drawn darker than stored, for white text)', () => {
    expect(eventColor(userEvent({ adminColorOverride: '#16a34a' }))).toBe('#16a34a');
    expect(eventColor(booking({ color: null }))).toBe('#be185d');
    expect(eventColor(userEvent({ color: '#0ea5e9' }))).toBe('#0ea5e9');
    expect(eventColor(userEvent({ color: null }))).toBe('#dc2626');
    expect(eventColor(userEvent({ color: '#ef4444' }))).toBe('#dc2626');
  });

  it("gives events without a colour of their own (none, or the stored red) the design's event colour", () => {
    expect(eventColor(userEvent({ color: null }), '#0f766e')).toBe('#0f766e');
    expect(eventColor(userEvent({ color: '#EF4444' }), '#0f766e')).toBe('#0f766e');
    expect(eventColor(userEvent({ color: '#0ea5e9' }), '#0f766e')).toBe('#0ea5e9');
    expect(eventColor(booking({ color: null }), '#0f766e')).toBe('#be185d');
    expect(eventColor(userEvent({ adminColorOverride: '#16a34a' }), '#0f766e')).toBe('#16a34a');
  });

  it('colours a day red for user events, pink for bookings, purple for both, green when only marked', () => {
    expect(dayKind({ user: true, booking: false, marked: true })).toBe('user');
    expect(dayKind({ user: false, booking: true, marked: false })).toBe('booking');
    expect(dayKind({ user: true, booking: true, marked: false })).toBe('both');
    expect(dayKind({ user: false, booking: false, marked: true })).toBe('marked');
    expect(dayKind(undefined)).toBeNull();
  });

  it('indexes what each day holds; all-day ends are exclusive', () => {
    const marked: MarkedDay = { id: 1, userId: 7, date: '2025-07-10', markerType: 'vacation', color: '#8b5cf6', notes: null };
    const index = buildDayIndex([userEvent({ startTime: '2025-07-03T09:00:00Z', endTime: '2025-07-03T13:00:00Z' }), booking()], [marked]);
    expect(dayKind(index.get('2025-07-01'))).toBe('booking');
    expect(dayKind(index.get('2025-07-03'))).toBe('both');
    expect(index.get('2025-07-04')).toBeUndefined();
    expect(dayKind(index.get('2025-07-10'))).toBe('marked');
  });

  it('finds a day holding an imported booking', () => {
    expect(dayHasImportedBooking('2025-07-02', [booking()])).toBe(true);
    expect(dayHasImportedBooking('2025-07-04', [booking()])).toBe(false);
  });
});

describe('week and day views', () => {
  it('shows hours 6–21 on mobile and every hour on desktop', () => {
    expect(visibleHours(true)).toEqual({ slotMinTime: '06:00:00', slotMaxTime: '22:00:00' });
    expect(visibleHours(false)).toEqual({ slotMinTime: '00:00:00', slotMaxTime: '24:00:00' });
  });

  it('keeps every second day from Monday on the mobile week (4 columns), and the other half on request', () => {
    const shownBy = (hidden: number[]) => [1, 2, 3, 4, 5, 6, 0].filter((dow) => !hidden.includes(dow));
    expect(shownBy(mobileWeekHiddenDays())).toEqual([1, 3, 5, 0]);
    expect(shownBy(mobileWeekHiddenDays('second'))).toEqual([2, 4, 6]);
  });

  it('counts the hidden days of the shown week that hold something', () => {
    // Week of Monday 2025-06-30: Tuesday has an event, Thursday a mark, Wednesday a booking.
    const index = new Map([
      ['2025-07-01', { user: true, booking: false, marked: false }],
      ['2025-07-02', { user: false, booking: true, marked: false }],
      ['2025-07-03', { user: false, booking: false, marked: true }],
    ]);
    const monday = new Date(2025, 5, 30);
    expect(busyHiddenDays(monday, 'first', index)).toBe(2);
    expect(busyHiddenDays(monday, 'second', index)).toBe(1);
  });

  it('lets an event without an end last one hour', () => {
    const start = new Date('2025-07-01T10:00:00Z');
    expect(timedEnd(start, null).toISOString()).toBe('2025-07-01T11:00:00.000Z');
    const end = new Date('2025-07-01T15:00:00Z');
    expect(timedEnd(start, end)).toBe(end);
  });
});

describe('per-day de-duplication', () => {
  it('removes only events with the same title, start and end', () => {
    const a = booking({ id: 'ical-1-a', startTime: '2025-07-01T14:00:00Z', endTime: '2025-07-05T10:00:00Z', allDay: false });
    const sameAgain = booking({ id: 'ical-2-a', startTime: '2025-07-01T14:00:00.000Z', endTime: '2025-07-05T10:00:00.000Z', allDay: false });
    // Two stays both titled 'Reserved' meeting on a turnover day must both show.
    const next = booking({ id: 'ical-1-b', startTime: '2025-07-05T14:00:00Z', endTime: '2025-07-08T10:00:00Z', allDay: false });
    const otherTitle = booking({ id: 'ical-1-c', title: 'Blocked', startTime: '2025-07-01T14:00:00Z', endTime: '2025-07-05T10:00:00Z', allDay: false });
    expect(dedupeByDay([a, sameAgain, next, otherTitle]).map((e) => e.id)).toEqual(['ical-1-a', 'ical-1-b', 'ical-1-c']);
  });

  it('keeps same-title events on the same day with different times', () => {
    const morning = userEvent({ id: 1, startTime: '2025-07-01T07:00:00Z', endTime: '2025-07-01T08:00:00Z' });
    const evening = userEvent({ id: 2, startTime: '2025-07-01T16:00:00Z', endTime: '2025-07-01T17:00:00Z' });
    const noEnd = userEvent({ id: 3, startTime: '2025-07-01T07:00:00Z', endTime: null });
    expect(dedupeByDay([morning, evening, noEnd]).map((e) => e.id)).toEqual([1, 2, 3]);
  });
});

describe('month cell heights', () => {
  it('picks the aspect ratio that keeps six rows at least 60 px (desktop) or 36 px (mobile) high', () => {
    expect(monthAspectRatio(300, false)).toBe(0.83);
    expect(300 / monthAspectRatio(300, false) / 6).toBeGreaterThanOrEqual(60);
    expect(monthAspectRatio(366, true)).toBe(1.35);
    expect(monthAspectRatio(150, false)).toBe(0.5);
    expect(monthAspectRatio(0, false)).toBe(1.35);
  });
});

describe('busyHours (day view: hours without events say so)', () => {
  // Local wall-clock times, so the rule is checked in whatever time zone the tests run.
  const at = (day: number, hour: number, minute = 0) => new Date(2025, 6, day, hour, minute).toISOString();

  it('marks every hour an event touches, and not the hour it ends on the dot', () => {
    const events = [userEvent({ startTime: at(1, 11), endTime: at(1, 15) }), userEvent({ id: 2, startTime: at(1, 18, 30), endTime: at(1, 19, 15) })];
    expect([...busyHours(events, '2025-07-01')].sort((a, b) => a - b)).toEqual([11, 12, 13, 14, 18, 19]);
  });

  it('counts an event without an end as one hour, and one crossing midnight on both days', () => {
    const events = [userEvent({ startTime: at(1, 9, 30), endTime: null }), userEvent({ id: 2, startTime: at(1, 23), endTime: at(2, 2) })];
    expect([...busyHours(events, '2025-07-01')].sort((a, b) => a - b)).toEqual([9, 10, 23]);
    expect([...busyHours(events, '2025-07-02')].sort((a, b) => a - b)).toEqual([0, 1]);
  });

  it('leaves all-day items to the all-day row', () => {
    expect(busyHours([userEvent({ allDay: true, startTime: '2025-07-01', endTime: '2025-07-02' })], '2025-07-01').size).toBe(0);
  });
});
