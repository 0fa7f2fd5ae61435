/**
 * The class names the calendar gives FullCalendar's day cells and the day view's hour lanes; the look is in
 * calendar.css (docs/product/calendar.md#screens).
 */
import { toDateKey } from './dates';
import { dayKind, type DayFacts } from './displayRules';

interface DayCellFacts {
  date: Date;
  isOther: boolean;
  isDisabled: boolean;
  isToday: boolean;
}

interface DayCellContext {
  /** Month grids and the year view colour a day by what it holds. */
  coloursDays: boolean;
  dayIndex: ReadonlyMap<string, DayFacts>;
  conflictedDays: ReadonlySet<string>;
  /** The day a link asked for (?date=), outlined. */
  focusDate: string | null;
}

/** A day cell's kind of content, double booking, today and the asked-for day. */
export function dayCellClass(arg: DayCellFacts, { coloursDays, dayIndex, conflictedDays, focusDate }: DayCellContext): string {
  const dateKey = toDateKey(arg.date);
  const kind = coloursDays ? dayKind(dayIndex.get(dateKey)) : null;
  const focused = focusDate !== null && !arg.isOther && dateKey === focusDate;
  const conflicted = !arg.isOther && !arg.isDisabled && conflictedDays.has(dateKey);
  return [kind && !arg.isOther && !arg.isDisabled ? `cal-day-${kind}` : '', conflicted ? 'cal-day-conflict' : '', arg.isToday ? 'cal-today' : '', focused ? 'cal-focus-day' : '']
    .filter(Boolean)
    .join(' ');
}

/**
 * Day view: hours without events say so, and the current hour is highlighted. FullCalendar has no content hook for
 * slot lanes, so the lane gets a class and the text comes from CSS (--cal-no-events).
 */
export function slotLaneClass(hour: number, shownDay: string, busy: ReadonlySet<number>, now: Date): string {
  return [busy.has(hour) ? '' : 'cal-slot-empty', shownDay === toDateKey(now) && hour === now.getHours() ? 'cal-slot-now' : '']
    .filter(Boolean)
    .join(' ');
}
