/**
 * Day cells as a pointer, a keyboard and a screen reader meet them: which day a click or a
 * press lands on, which key does what on a focused day, where the arrow keys move, and how a marked day is named.
 */
import { addDays } from 'date-fns';
import type { TFunction } from 'i18next';
import { parseApiTime, toDateKey } from './dates';
import type { CalendarConflict, MarkedDay } from '../../api/types';

/**
 * A day's cell as FullCalendar draws it: the month grids' days, the week's all-day cells and its day lanes. Column
 * headers, the '+n' popover and the year view's month tables carry `data-date` too, but are no day's cell.
 */
const DAY_CELL = '[role="cell"][data-date]';

/** The class CalendarView gives FullCalendar's event bars and '+n' links: a click on one is not the day's. */
export const NOT_A_DAY_CLICK = 'cal-not-day';

/** What a click inside a day cell is about when it lands on one of these, rather than the day itself. */
const NOT_THE_DAY = `.${NOT_A_DAY_CLICK}, .cal-marker, a, button, [role="button"]`;

/**
 * The 'YYYY-MM-DD' of the day whose cell in `root` lies under a point on screen: a right-click or a long press
 * marks it. Found by position, as FullCalendar's own hit detection does, not from the element hit: a cell's
 * decoration reaches a few pixels into the row below, so the topmost element at a cell's top edge can belong to
 * the day above it.
 */
export function dayKeyAtPoint(root: Element, x: number, y: number): string | null {
  for (const cell of root.querySelectorAll<HTMLElement>(DAY_CELL)) {
    const box = cell.getBoundingClientRect();
    if (x >= box.left && x < box.right && y >= box.top && y < box.bottom) return cell.dataset.date?.slice(0, 10) ?? null;
  }
  return null;
}

/**
 * The 'YYYY-MM-DD' of the day a click in `root` is for: on a day cell, not on an event bar, a '+n' link, a marker
 * dot or a button in it, and not in something React portals out of `root` (FullCalendar's popover).
 */
export function dayClickKeyAt(root: Element, click: { target: EventTarget | null; clientX: number; clientY: number }): string | null {
  const { target } = click;
  if (!(target instanceof Element) || !root.contains(target) || target.closest(NOT_THE_DAY)) return null;
  return dayKeyAtPoint(root, click.clientX, click.clientY);
}

/** What a key pressed on a focused day asks for: the day's click, its right-click, or a move to another day. */
export type DayKeyAction = { kind: 'open' } | { kind: 'mark' } | { kind: 'move'; days: number } | null;

export function dayKeyAction(key: string, shiftKey: boolean): DayKeyAction {
  switch (key) {
    case 'Enter':
    case ' ':
      return { kind: 'open' };
    // 'm' as announced in the cell's description; the context-menu key and Shift+F10 are a keyboard's right-click.
    case 'm':
    case 'M':
    case 'ContextMenu':
      return { kind: 'mark' };
    case 'F10':
      return shiftKey ? { kind: 'mark' } : null;
    case 'ArrowLeft':
      return { kind: 'move', days: -1 };
    case 'ArrowRight':
      return { kind: 'move', days: 1 };
    case 'ArrowUp':
      return { kind: 'move', days: -7 };
    case 'ArrowDown':
      return { kind: 'move', days: 7 };
    default:
      return null;
  }
}

/** The day `days` away from a 'YYYY-MM-DD' key. */
export function shiftDateKey(dateKey: string, days: number): string {
  return toDateKey(addDays(parseApiTime(dateKey), days));
}

/** The day's full date as FullCalendar names a cell ('10. desember 2026' / 'December 10, 2026'). */
export function fullDateText(dateKey: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'nb-NO', { day: 'numeric', month: 'long', year: 'numeric' }).format(
    parseApiTime(dateKey),
  );
}

/**
 * A marked day's cell name: its date, then what it is marked as ('10. desember 2026, markert: Ferie'), or null for
 * a day without a mark, whose name FullCalendar builds from its date and events.
 */
export function markedDayLabel(dateKey: string, marks: readonly MarkedDay[], t: TFunction, language: string): string | null {
  if (marks.length === 0) return null;
  const types = marks.map((mark) => [t(`calendar.markerType.${mark.markerType}`), mark.notes].filter(Boolean).join(': ')).join(', ');
  return `${fullDateText(dateKey, language)} ${t('calendar.markedDay.cellLabel', { types })}`;
}

/**
 * A day cell's name when it says more than FullCalendar's: its date, then that it is double-booked and what it is
 * marked as ('10. juli 2026 (dobbeltbooking) (markert: Ferie)'), or null for a day with neither.
 */
export function dayCellLabel(dateKey: string, marks: readonly MarkedDay[], conflicted: boolean, t: TFunction, language: string): string | null {
  if (!conflicted) return markedDayLabel(dateKey, marks, t, language);
  const marked = markedDayLabel(dateKey, marks, t, language);
  const base = `${fullDateText(dateKey, language)} ${t('calendar.conflict.cellLabel')}`;
  return marked ? `${base}${marked.slice(fullDateText(dateKey, language).length)}` : base;
}

/** The days ('YYYY-MM-DD') double bookings cover: each conflict's [from, to), `to` exclusive. */
export function conflictDays(conflicts: readonly CalendarConflict[]): Set<string> {
  const days = new Set<string>();
  for (const c of conflicts) {
    // At most a year of days from one conflict: a malformed answer must not spin here.
    for (let day = c.from, n = 0; day < c.to && n < 366; day = shiftDateKey(day, 1), n++) days.add(day);
  }
  return days;
}

/** A right-click, long press or 'm' on a day: the mark that is there (to see or remove), or a new one. */
export function markActionFor(marks: readonly MarkedDay[] | undefined): { kind: 'detail'; mark: MarkedDay } | { kind: 'create' } {
  return marks && marks.length > 0 ? { kind: 'detail', mark: marks[0] } : { kind: 'create' };
}
