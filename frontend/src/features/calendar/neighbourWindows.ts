/**
 * The windows beside the one on screen, so they can be read ahead while the phone is idle and 'next month' paints at
 * once (docs/architecture.md, Calendar reads). Only for the one-month grid, whose range is FullCalendar's fixed
 * six weeks from the week start on or before the 1st; other views are read when shown.
 */
import type { VisibleRange } from './calendarApi';
import { toMonthKey } from './dates';
import { FC_VIEWS, effectiveView, fcViewName, type FcViewName } from './viewNames';

const WEEKS_SHOWN = 6;

/** FullCalendar's one-month grid of the month holding `day`: six weeks of local days from the week's first day. */
export function monthGridRange(year: number, month: number, firstDay = 1): VisibleRange {
  const first = new Date(year, month, 1);
  const back = (first.getDay() - firstDay + 7) % 7;
  return { startDate: new Date(year, month, 1 - back).toISOString(), endDate: new Date(year, month, 1 - back + WEEKS_SHOWN * 7).toISOString() };
}

/** The view a visit opens on: the month view at its large size (three months on a desktop, one on a phone). */
export const openingView = (isMobile: boolean): FcViewName => fcViewName(effectiveView('month', 'large', isMobile), isMobile);

/**
 * A day of the first month a month view's window shows: its second week lies in it, for the one-month grid (which
 * starts up to six days before the 1st) and the three months alike (which start on the 1st).
 */
const dayInFirstMonth = (range: VisibleRange) => new Date(new Date(range.startDate).getTime() + 10 * 86_400_000);

/** The first month a month view's window shows ('2026-11'). */
export const firstMonthShown = (range: VisibleRange): string => toMonthKey(dayInFirstMonth(range));

/**
 * The range the calendar opens on, when it is known before FullCalendar has run: the phone's one-month grid of the
 * focus date's month ('YYYY-MM-DD', from ?date=) or today's. Other views wait for FullCalendar to name theirs.
 */
export function openingRange(isMobile: boolean, focusDate: string | null = null): VisibleRange | null {
  if (openingView(isMobile) !== FC_VIEWS.oneMonth) return null;
  const day = focusDate ? new Date(`${focusDate}T12:00:00`) : new Date();
  return Number.isNaN(day.getTime()) ? null : monthGridRange(day.getFullYear(), day.getMonth());
}

/**
 * The window one step forward (1) or back (-1) from `range` in `view`, or null where FullCalendar alone knows it
 * (views other than the one-month grid, or no range yet).
 */
export function adjacentWindow(range: VisibleRange | null, view: FcViewName, step: 1 | -1): VisibleRange | null {
  if (!range || view !== FC_VIEWS.oneMonth) return null;
  const inMonth = dayInFirstMonth(range);
  return monthGridRange(inMonth.getFullYear(), inMonth.getMonth() + step);
}

/** The previous and next windows of `range` in `view`, nearest first (next, then previous); none for other views. */
export function neighbourWindows(range: VisibleRange | null, view: FcViewName): VisibleRange[] {
  const next = adjacentWindow(range, view, 1);
  const previous = adjacentWindow(range, view, -1);
  return next && previous ? [next, previous] : [];
}
