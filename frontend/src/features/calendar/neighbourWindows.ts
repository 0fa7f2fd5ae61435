/**
 * The windows beside the one on screen, so they can be read ahead while the phone is idle and 'next month' paints at
 * once (docs/architecture.md, Calendar reads). Only for the one-month grid, whose range is FullCalendar's fixed
 * six weeks from the week start on or before the 1st; other views are read when shown.
 */
import type { VisibleRange } from './calendarApi';
import { FC_VIEWS, effectiveView, fcViewName, type FcViewName } from './viewNames';

const WEEKS_SHOWN = 6;

/** FullCalendar's one-month grid of the month holding `day`: six weeks of local days from the week's first day. */
export function monthGridRange(year: number, month: number, firstDay = 1): VisibleRange {
  const first = new Date(year, month, 1);
  const back = (first.getDay() - firstDay + 7) % 7;
  return { startDate: new Date(year, month, 1 - back).toISOString(), endDate: new Date(year, month, 1 - back + WEEKS_SHOWN * 7).toISOString() };
}

/**
 * The range the calendar opens on, when it is known before FullCalendar has run: the phone's one-month grid of the
 * focus date's month ('YYYY-MM-DD', from ?date=) or today's. Other views wait for FullCalendar to name theirs.
 */
export function openingRange(isMobile: boolean, focusDate: string | null = null): VisibleRange | null {
  if (fcViewName(effectiveView('month', 'large', isMobile), isMobile) !== FC_VIEWS.oneMonth) return null;
  const day = focusDate ? new Date(`${focusDate}T12:00:00`) : new Date();
  return Number.isNaN(day.getTime()) ? null : monthGridRange(day.getFullYear(), day.getMonth());
}

/**
 * The window one step forward (1) or back (-1) from `range` in `view`, or null where FullCalendar alone knows it
 * (views other than the one-month grid, or no range yet).
 */
export function adjacentWindow(range: VisibleRange | null, view: FcViewName, step: 1 | -1): VisibleRange | null {
  if (!range || view !== FC_VIEWS.oneMonth) return null;
  // The grid's second week always lies in the month it shows.
  const inMonth = new Date(new Date(range.startDate).getTime() + 10 * 86_400_000);
  return monthGridRange(inMonth.getFullYear(), inMonth.getMonth() + step);
}

/** The previous and next windows of `range` in `view`, nearest first (next, then previous); none for other views. */
export function neighbourWindows(range: VisibleRange | null, view: FcViewName): VisibleRange[] {
  const next = adjacentWindow(range, view, 1);
  const previous = adjacentWindow(range, view, -1);
  return next && previous ? [next, previous] : [];
}
