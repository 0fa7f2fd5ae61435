/**
 * Day cells for the keyboard and screen readers. FullCalendar draws the cells; this hook finds
 * them as they mount and gives them:
 * - one tab stop for the whole grid (roving tabindex: today, or the first day shown, until another day is focused),
 *   arrow keys to move between days, Enter/Space for the day's click and 'm' (or the context-menu key, Shift+F10)
 *   for its right-click, described to screen readers through aria-describedby;
 * - a name that says what a marked day is marked as, and that a day is double-booked (the marker dots and the
 *   double-booking sign sit in FullCalendar's aria-hidden day number).
 */
import type { DayCellInfo, MountInfo } from '@fullcalendar/react';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toDateKey } from '../dates';
import { dayCellLabel, dayKeyAction, shiftDateKey } from '../dayCells';
import type { MarkedDay } from '../../../api/types';

interface DayCellAccessOptions {
  markedByDay: ReadonlyMap<string, readonly MarkedDay[]>;
  /** Double-booked days, named as such (docs/architecture.md "Double bookings"). */
  conflictedDays: ReadonlySet<string>;
  onOpen: (dateKey: string) => void;
  onMark: (dateKey: string) => void;
}

/** What the cells' names are made of, read at the moment a cell is named. */
interface Naming {
  markedByDay: ReadonlyMap<string, readonly MarkedDay[]>;
  conflictedDays: ReadonlySet<string>;
  t: TFunction;
  language: string;
  hintId: string;
}

function nameCell(el: HTMLElement, dateKey: string, { markedByDay, conflictedDays, t, language }: Naming) {
  const text = dayCellLabel(dateKey, markedByDay.get(dateKey) ?? [], conflictedDays.has(dateKey), t, language);
  // Written only when it changes: every cell is asked again after each render of the calendar.
  if (text && el.getAttribute('aria-label') !== text) el.setAttribute('aria-label', text);
  else if (!text && el.hasAttribute('aria-label')) el.removeAttribute('aria-label');
}

/**
 * Exactly one day is reachable with Tab: the one last focused if shown, else today, else the first day shown.
 * Asked again as each cell mounts, so today wins over the days FullCalendar happens to mount before it.
 */
function settleTabStop(shown: ReadonlyMap<string, HTMLElement>, activeKey: string | null) {
  if (shown.size === 0) return;
  const today = toDateKey(new Date());
  const stop = activeKey && shown.has(activeKey) ? activeKey : shown.has(today) ? today : [...shown.keys()].sort()[0];
  for (const [key, el] of shown) {
    const tabIndex = key === stop ? 0 : -1;
    // Asked as each of a month's cells mounts: only a change touches the page. The attribute, not the property: a
    // cell without one reads -1 too, yet cannot take the focus the arrow keys move to it.
    if (el.getAttribute('tabindex') !== String(tabIndex)) el.tabIndex = tabIndex;
  }
}

export function useDayCellAccess({ markedByDay, conflictedDays, onOpen, onMark }: DayCellAccessOptions) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  /** The cells of the days shown, by 'YYYY-MM-DD' (neighbouring months' repeated days are left out). */
  const cells = useRef(new Map<string, HTMLElement>());
  /** The day last focused, which keeps the tab stop while it is shown. */
  const activeKey = useRef<string | null>(null);

  // The mount handlers keep their identity from render to render, as FullCalendar redraws every cell for a new one;
  // they read the newest values through this ref (a cell mounted before it is updated is renamed by the effect below).
  const latest = useRef<Naming>({ markedByDay, conflictedDays, t, language: i18n.language, hintId });
  useLayoutEffect(() => {
    latest.current = { markedByDay, conflictedDays, t, language: i18n.language, hintId };
  });

  const dayCellDidMount = useCallback((info: MountInfo<DayCellInfo>) => {
    if (info.isOther || info.isDisabled) return;
    const dateKey = toDateKey(info.date);
    cells.current.set(dateKey, info.el);
    info.el.setAttribute('aria-describedby', latest.current.hintId);
    nameCell(info.el, dateKey, latest.current);
    settleTabStop(cells.current, activeKey.current);
  }, []);

  const dayCellWillUnmount = useCallback((info: MountInfo<DayCellInfo>) => {
    const dateKey = toDateKey(info.date);
    if (cells.current.get(dateKey) === info.el) cells.current.delete(dateKey);
  }, []);

  // Marks come and go without FullCalendar remounting the cells, and the language changes their words.
  useEffect(() => {
    for (const [dateKey, el] of cells.current) nameCell(el, dateKey, latest.current);
    settleTabStop(cells.current, activeKey.current);
  });

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const cell = e.target instanceof HTMLElement && e.target.matches('[data-date]') ? e.target : null;
    const dateKey = cell?.dataset.date?.slice(0, 10);
    if (!dateKey) return;
    const action = dayKeyAction(e.key, e.shiftKey);
    if (!action) return;
    e.preventDefault();
    if (action.kind === 'open') onOpen(dateKey);
    else if (action.kind === 'mark') onMark(dateKey);
    else {
      const next = cells.current.get(shiftDateKey(dateKey, action.days));
      if (!next) return;
      activeKey.current = shiftDateKey(dateKey, action.days);
      settleTabStop(cells.current, activeKey.current);
      next.focus();
    }
  };

  /** A day focused by a click or a screen reader becomes the grid's tab stop. */
  const onFocus = (e: FocusEvent<HTMLElement>) => {
    const dateKey = e.target.matches('[data-date]') ? e.target.dataset.date?.slice(0, 10) : undefined;
    if (!dateKey || !cells.current.has(dateKey) || dateKey === activeKey.current) return;
    activeKey.current = dateKey;
    settleTabStop(cells.current, activeKey.current);
  };

  return { hintId, hint: t('calendar.dayKeyboardHint'), dayCellDidMount, dayCellWillUnmount, onKeyDown, onFocus };
}
