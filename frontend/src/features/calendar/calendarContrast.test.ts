// @vitest-environment node
/**
 * Every text/background pair the calendar draws reaches WCAG AA's 4.5:1 (docs/development.md#colour-contrast): event
 * bars in each colour the display rules give them with the default settings and in the admin's palette, and the texts
 * of day cells on each tint that calendar.css gives a day kind. The colours are read from calendar.css and
 * FullCalendar's palette, so a change there is measured here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextColor, STORED_EVENT_COLOR, TEXT_CONTRAST_MIN } from '../../shared/design';
import { ADMIN_PALETTE, COLORS } from './constants';
import { dayKind, eventColor, type DayKind } from './displayRules';
import { toEventInputs } from './eventInputs';
import type { Agreement, CalendarEvent } from '../../api/types';
import { meetingItems, type ExternalBooking } from './viewModel';

/** The declarations of each rule of a stylesheet, by selector (a rule listing several selectors counts for each). */
function rules(css: string): Map<string, Record<string, string>> {
  const found = new Map<string, Record<string, string>>();
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  // Only the light scheme: the calendar has no dark one, so FullCalendar's @media (prefers-color-scheme: dark) is left out.
  const lightOnly = withoutComments.replace(/@media[^{]*\{(?:[^{}]*\{[^}]*\})*[^{}]*\}/g, '');
  for (const [, selectors, body] of lightOnly.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const declarations = Object.fromEntries(
      body
        .split(';')
        .map((line) => line.split(/:(.*)/s).map((part) => part.trim()))
        .filter(([name, value]) => name && value),
    );
    for (const selector of selectors.split(',')) {
      const key = selector.trim().replace(/\s+/g, ' ');
      found.set(key, { ...found.get(key), ...declarations });
    }
  }
  return found;
}

// Read from disk: vitest hands CSS imports over empty.
const here = fileURLToPath(new URL('.', import.meta.url));
const ours = rules(readFileSync(join(here, 'calendar.css'), 'utf8'));
const theirs = rules(readFileSync(createRequire(join(here, 'x.js')).resolve('@fullcalendar/react/themes/classic/palette.css'), 'utf8'));
const declared = (sheet: Map<string, Record<string, string>>, selector: string, property: string): string => {
  const value = sheet.get(selector)?.[property];
  if (!value) throw new Error(`${selector} { ${property} } is not in the stylesheet`);
  return value;
};

/** A declared colour as painted over white: '#rrggbb' as it is, 'rgba(r, g, b, a)' blended. */
function overWhite(colour: string): string {
  if (colour.startsWith('#')) return colour;
  const [r, g, b, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  const channel = (c: number) => Math.round(255 + (c - 255) * a).toString(16).padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** A fixture's fields: a test also gives a value the API's types rule out (no colour), to show the rules cope. */
type Loose<T> = { [K in keyof T]?: unknown };

const event = (over: Loose<CalendarEvent> = {}): CalendarEvent => ({
  id: 1, userId: 7, title: 'Eiersperre', description: null, startTime: '2026-07-01T09:00:00.000Z', endTime: '2026-07-01T13:00:00.000Z',
  allDay: false, color: STORED_EVENT_COLOR, adminColorOverride: null, routes: [], source: null, location: null, isBinding: false, ...over,
}) as CalendarEvent;
const booking = (color = '#ec4899'): ExternalBooking => ({
  id: 'ical-1-1', userId: 7, title: 'Reserved', description: null, startTime: '2026-07-01', endTime: '2026-07-04', allDay: true,
  color, source: { type: 'ical', feedName: 'Airbnb' }, isBinding: true,
} as ExternalBooking);
/** The feed form's colour choices (features/feeds/feedForm.ts FEED_COLOR_CHOICES): a feed's bookings are drawn in its colour. */
const FEED_COLORS = ['#0ea5e9', '#8b5cf6', '#f97316', '#16a34a', '#ef4444'];

const expectReadable = (text: string, background: string, what: string) =>
  expect(contrastRatio(text, background), `${what}: ${text} on ${background}`).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);

describe('colour contrast of the calendar', () => {
  it('draws every event bar of the default settings and of the admin palette with text at 4.5:1 or more', () => {
    const drawn = [
      ['a new owner event (stored red)', eventColor(event())],
      ['an owner event without a colour', eventColor(event({ color: null }))],
      ['a binding event', eventColor(event({ id: -3, isBinding: true }))],
      ['a booking', eventColor(booking())],
      ['a meeting', eventColor(meetingItems([{ id: 1, userId: 7, title: 'Befaring', description: null, meetingDate: '2026-07-01T08:00:00.000Z', endDate: null, meetingLocation: null, status: 'scheduled' } as Agreement])[0])],
      ...FEED_COLORS.map((colour) => [`a booking of a feed coloured ${colour}`, eventColor(booking(colour))]),
      ...ADMIN_PALETTE.map(({ key, value }) => [`the admin palette's ${key}`, eventColor(event({ adminColorOverride: value }))]),
    ];
    for (const [what, background] of drawn) expectReadable(readableTextColor(background), background, what);
    // With the default settings the bars keep white text.
    expect([COLORS.userEvent, COLORS.booking].map(readableTextColor)).toEqual(['#ffffff', '#ffffff']);
  });

  it("draws a booking in its feed's colour, and one of a source without a colour (Beds24) in the booking pink", () => {
    expect(FEED_COLORS.map((colour) => eventColor(booking(colour)))).toEqual(FEED_COLORS);
    expect(eventColor(booking('#ec4899'))).toBe(COLORS.booking);
    expect(eventColor({ ...booking('#0ea5e9'), adminColorOverride: '#16a34a' } as unknown as ExternalBooking)).toBe('#16a34a');
    const [airbnb, bookingCom] = toEventInputs([booking('#ef4444'), { ...booking('#0ea5e9'), id: 'ical-2-1', title: 'CLOSED - Not available' }], null);
    expect([airbnb.color, airbnb.contrastColor, bookingCom.color, bookingCom.contrastColor]).toEqual(['#ef4444', readableTextColor('#ef4444'), '#0ea5e9', readableTextColor('#0ea5e9')]);
  });

  it("hands FullCalendar each bar's text colour with its colour", () => {
    const inputs = toEventInputs([event(), event({ id: 2, title: 'Gul', adminColorOverride: '#eab308' }), booking()], null);
    expect(inputs.map(({ color, contrastColor }) => [color, contrastColor])).toEqual([
      [COLORS.userEvent, '#ffffff'],
      ['#eab308', '#000000'],
      [COLORS.booking, '#ffffff'],
    ]);
    // A light design colour for events without their own: black text.
    expect(toEventInputs([event()], '#a5f3fc')[0].contrastColor).toBe('#000000');
  });

  it('gives any colour staff or an admin may pick a text colour at 4.5:1 or more (black on light ones)', () => {
    const steps = ['00', '33', '66', '99', 'cc', 'ff', '7f', 'b3', 'e6'];
    for (const r of steps) for (const g of steps) for (const b of steps) {
      const background = `#${r}${g}${b}`;
      expectReadable(readableTextColor(background), background, 'a picked colour');
    }
    expect(readableTextColor('#fde68a')).toBe('#000000');
    expect(readableTextColor('#0f766e')).toBe('#ffffff');
    // The booking pink of old had white text at 3.5:1 only.
    expect(readableTextColor('#ec4899')).toBe('#000000');
  });

  it("writes each day cell's texts at 4.5:1 or more on every tint a day kind or state gives it", () => {
    const foreground = declared(theirs, ':root', '--fc-classic-foreground');
    const faintOnWhite = declared(ours, '.cal-root', '--fc-classic-faint-foreground');
    const white = declared(theirs, ':root', '--fc-classic-background');
    // Each kind a day can have (displayRules.dayKind) has a tint; conflicts add their own.
    const kinds = [
      dayKind({ user: true, booking: false, marked: false }),
      dayKind({ user: false, booking: true, marked: false }),
      dayKind({ user: true, booking: true, marked: false }),
      dayKind({ user: false, booking: false, marked: true }),
    ] as DayKind[];
    const tinted = [...kinds.map((kind) => `.cal-day-${kind}`), '.cal-day-conflict', '.cal-focus-day'];

    expectReadable(foreground, white, 'a day number');
    expectReadable(faintOnWhite, white, "a neighbouring month's day number");
    for (const cls of tinted) {
      const tint = overWhite(declared(ours, `.cal-root ${cls}`, 'background-color'));
      const faint = declared(ours, `.cal-root ${cls}`, '--fc-classic-faint-foreground');
      expectReadable(foreground, tint, `a day number on ${cls}`);
      expectReadable(faint, tint, `a neighbouring month's day number on ${cls}`);
      expectReadable(declared(ours, '.cal-root .cal-today .cal-day-number', 'color'), tint, `today's number on ${cls}`);
      expectReadable(declared(ours, '.cal-conflict', 'color'), tint, `the double-booking word on ${cls}`);
    }
    const weekNumber = ours.get('.cal-week-number') ?? {};
    expectReadable(weekNumber.color, weekNumber.background, 'a week number');
  });

  it("writes the day view's 'no events' hours at 4.5:1 or more, on the current hour's blue too", () => {
    const text = declared(ours, '.cal-root .cal-slot-empty::after', 'color');
    expectReadable(text, '#ffffff', 'an empty hour');
    expectReadable(text, overWhite(declared(ours, '.cal-root .cal-slot-now', 'background')), 'the current empty hour');
  });
});
