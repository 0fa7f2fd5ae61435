/**
 * Which FullCalendar view shows a calendar view (docs/product/calendar.md#screens): the desktop month is a 3-month
 * multiMonth view stepping one month, the mobile month a single month grid, the mobile week every second day,
 * the year view 12 mini months. Compact size forces the month view (desktop only).
 */
import type { ViewOptions } from '@fullcalendar/react';
import type { CalendarSize, CalendarViewKind } from './viewModel';

export const FC_VIEWS = {
  threeMonth: 'threeMonth',
  oneMonth: 'dayGridMonth',
  week: 'timeGridWeek',
  mobileWeek: 'mobileWeek',
  day: 'timeGridDay',
  year: 'multiMonthYear',
} as const;

export type FcViewName = (typeof FC_VIEWS)[keyof typeof FC_VIEWS];

export function effectiveView(view: CalendarViewKind, size: CalendarSize, isMobile: boolean): CalendarViewKind {
  return size === 'compact' && !isMobile ? 'month' : view;
}

export function fcViewName(view: CalendarViewKind, isMobile: boolean): FcViewName {
  switch (view) {
    case 'month':
      return isMobile ? FC_VIEWS.oneMonth : FC_VIEWS.threeMonth;
    case 'week':
      return isMobile ? FC_VIEWS.mobileWeek : FC_VIEWS.week;
    case 'day':
      return FC_VIEWS.day;
    case 'year':
      return FC_VIEWS.year;
  }
}

export const isMonthGrid = (name: string) => name === FC_VIEWS.threeMonth || name === FC_VIEWS.oneMonth;

/** The week and day views, drawn by FullCalendar's time-grid plugin (loaded when first needed: useViewPlugins). */
export const usesTimeGrid = (name: FcViewName) => name === FC_VIEWS.week || name === FC_VIEWS.mobileWeek || name === FC_VIEWS.day;

/** The custom views, for FullCalendar's `views` option. */
export const CUSTOM_VIEWS: Record<string, ViewOptions> = {
  [FC_VIEWS.threeMonth]: {
    type: 'multiMonth',
    duration: { months: 3 },
    dateIncrement: { months: 1 },
    multiMonthMaxColumns: 3,
    // A month narrower than singleMonthMinWidth (350 px by default) wraps below the others; 280 keeps all three
    // side by side from about 1150 px wide (a laptop with the sidebar), which the cell heights assume.
    singleMonthMinWidth: 280,
  },
  // The year fits one desktop screen: four mini months a row where they fit at 220 px, so three rows;
  // on a phone they stack one a row (narrower than two minimum widths).
  [FC_VIEWS.year]: {
    multiMonthMaxColumns: 4,
    singleMonthMinWidth: 220,
  },
  // Its hiddenDays (every second day) come from CalendarView, which lets the owner switch halves.
  [FC_VIEWS.mobileWeek]: {
    type: 'timeGrid',
    duration: { weeks: 1 },
  },
};
