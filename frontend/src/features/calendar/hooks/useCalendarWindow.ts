/**
 * What the calendar shows: the chosen view and size, the visible range and its title, and the buttons that move
 * FullCalendar (prev, next, today) through `calendarRef`, the ref the page hands to <FullCalendar>. The view
 * FullCalendar runs (`fcView`) follows from the choice, the size and the device; CalendarView keeps it there.
 */
import type { CalendarRef, DatesSetInfo } from '@fullcalendar/react';
import { startTransition, useState, type RefObject } from 'react';
import type { VisibleRange } from '../calendarApi';
import type { CalendarSize, CalendarViewKind } from '../viewModel';
import { adjacentWindow, openingRange } from '../neighbourWindows';
import { createPeriodTitle } from './periodTitle';
import { FC_VIEWS, effectiveView, fcViewName, isMonthGrid } from '../viewNames';

const sameRange = (a: VisibleRange | null, b: VisibleRange) => a?.startDate === b.startDate && a.endDate === b.endDate;

/** `focusDate` ('YYYY-MM-DD', from the address's ?date=): the month view of that day, with the day highlighted. */
export function useCalendarWindow(calendarRef: RefObject<CalendarRef | null>, isMobile: boolean, focusDate: string | null = null) {
  const [chosenView, setChosenView] = useState<CalendarViewKind>('month');
  // A new ?date= (a notification opened while the calendar is on screen) brings the month view back.
  const [seenFocusDate, setSeenFocusDate] = useState(focusDate);
  if (focusDate !== seenFocusDate) {
    setSeenFocusDate(focusDate);
    if (focusDate) setChosenView('month');
  }
  const [size, setSize] = useState<CalendarSize>('large');
  const [showYearWeekNumbers, setShowYearWeekNumbers] = useState(false);
  // Known before FullCalendar renders on a phone's month grid: the window is read at once, and FullCalendar's first
  // render already has the bookings instead of drawing the month empty and then again with them.
  const [range, setRange] = useState<VisibleRange | null>(() => openingRange(isMobile, focusDate));
  const [periodTitle] = useState(createPeriodTitle);

  const view = effectiveView(chosenView, size, isMobile);
  const fcView = fcViewName(view, isMobile);
  const monthGrid = isMonthGrid(fcView);
  const compact = size === 'compact' && !isMobile;
  // Month views always show week numbers (docs/product/calendar.md#screens), the year view when 'Vis ukenummer' is on.
  const showWeekNumbers = monthGrid || (fcView === FC_VIEWS.year && showYearWeekNumbers);

  const api = () => calendarRef.current?.getApi();
  /**
   * Moves FullCalendar a step. Where the next window is known in advance (the phone's month grid) it is set in the
   * same click: React draws the new month and its bookings (read ahead, in the cache) in one render, instead of the
   * month empty first and then again when FullCalendar reports its new dates.
   */
  const step = (direction: 1 | -1) => {
    const ahead = adjacentWindow(range, fcView, direction);
    if (ahead) setRange(ahead);
    if (direction === 1) api()?.next();
    else api()?.prev();
  };

  /**
   * FullCalendar reports its new dates while React commits its move. The title goes to the toolbar's title line alone
   * (periodTitle.ts). A new range is page state, drawn as a transition after the moved calendar has been painted; on
   * the month grid `step` has set it already, and an unchanged range draws nothing.
   */
  const onDatesSet = (info: DatesSetInfo) => {
    const next = { startDate: info.start.toISOString(), endDate: info.end.toISOString() };
    periodTitle.set(info.view.title);
    if (sameRange(range, next)) return;
    startTransition(() => setRange((current) => (sameRange(current, next) ? current : next)));
  };

  return {
    focusDate,
    view,
    fcView,
    monthGrid,
    compact,
    size,
    showWeekNumbers,
    showYearWeekNumbers,
    setShowYearWeekNumbers,
    range,
    periodTitle,
    // CalendarView turns FullCalendar to `fcView` when it changes, once the view's plugin has loaded.
    changeView: setChosenView,
    changeSize: setSize,
    onDatesSet,
    prev: () => step(-1),
    next: () => step(1),
    today: () => api()?.today(),
  };
}

export type CalendarWindow = ReturnType<typeof useCalendarWindow>;
