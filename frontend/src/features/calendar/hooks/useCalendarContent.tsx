/**
 * What FullCalendar draws with (docs/benchmarks.md, the phone section: option identity): the event bars, the day
 * tops, the column headers, the cells' and the hour lanes' classes, and its own click and dates callbacks. FullCalendar
 * takes every option whose value is new on a render as changed (it refines it again and redraws with the new
 * options), so each callback here keeps its identity until what it draws changes, and the two handlers keep theirs
 * always (they read the newest props through a ref).
 */
import type { DayCellInfo, DayHeaderInfo, EventClickInfo, EventDisplayInfo, SlotLaneInfo } from '@fullcalendar/react';
import type { TFunction } from 'i18next';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { MarkedDay } from '../../../api/types';
import { dayCellClass, slotLaneClass } from '../cellClasses';
import { CalendarEventBar } from '../components/CalendarEventBar';
import { DayHeader, DayTop } from '../components/CalendarDayContent';
import { toDateKey } from '../dates';
import { busyHours, moreLabels } from '../displayRules';
import type { AnyEvent } from '../viewModel';
import { FC_VIEWS } from '../viewNames';
import type { CalendarDays } from './useCalendarDays';
import type { CalendarWindow } from './useCalendarWindow';

interface ContentInput {
  win: CalendarWindow;
  days: CalendarDays;
  isMobile: boolean;
  t: TFunction;
  onEventClick: (event: AnyEvent) => void;
  onMarkerClick: (mark: MarkedDay) => void;
}

export function useCalendarContent({ win, days, isMobile, t, onEventClick, onMarkerClick }: ContentInput) {
  const { fcView, monthGrid, range, focusDate, showWeekNumbers } = win;
  const { markedByDay, conflictedDays, dayIndex } = days;

  // Handlers read the newest props through a ref, so FullCalendar is handed the same function on every render.
  const latest = useRef({ onEventClick, onDatesSet: win.onDatesSet });
  useLayoutEffect(() => {
    latest.current = { onEventClick, onDatesSet: win.onDatesSet };
  });
  const eventClick = useCallback((info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    latest.current.onEventClick(info.event.extendedProps.source as AnyEvent);
  }, []);
  const datesSet: typeof win.onDatesSet = useCallback((info) => latest.current.onDatesSet(info), []);

  const yearView = fcView === FC_VIEWS.year;
  const coloursDays = monthGrid || yearView;

  // Day view (docs/product/calendar.md#screens): which hours of the shown day hold something (cellClasses.ts).
  const shownDay = range && fcView === FC_VIEWS.day ? toDateKey(new Date(range.startDate)) : null;
  const busy = useMemo(() => (shownDay ? busyHours(days.allEvents, shownDay) : null), [days.allEvents, shownDay]);
  const slotLaneClassOf = useCallback(
    (arg: SlotLaneInfo) => (!shownDay || !busy || !arg.time ? '' : slotLaneClass(Math.floor(arg.time.milliseconds / 3_600_000), shownDay, busy, new Date())),
    [shownDay, busy],
  );

  const eventContent = useCallback(
    (arg: EventDisplayInfo) => <CalendarEventBar arg={arg} monthGrid={monthGrid} isMobile={isMobile} t={t} />,
    [monthGrid, isMobile, t],
  );
  const weekNumberHeaderContent = useCallback((arg: { num?: number }) => `${t('calendar.weekHeader')} ${arg.num ?? ''}`, [t]);
  const moreLinkContent = useMemo(() => {
    const label = moreLabels(t);
    return (arg: { num: number }) => label(arg.num);
  }, [t]);
  const dayCellClassOf = useCallback(
    (arg: DayCellInfo) => dayCellClass(arg, { coloursDays, dayIndex, conflictedDays, focusDate }),
    [coloursDays, dayIndex, conflictedDays, focusDate],
  );
  const dayCellTopContent = useCallback(
    (arg: DayCellInfo) => (
      <DayTop arg={arg} markedByDay={markedByDay} conflictedDays={conflictedDays} yearView={yearView} showWeekNumbers={showWeekNumbers} onMarkerClick={onMarkerClick} t={t} />
    ),
    [markedByDay, conflictedDays, yearView, showWeekNumbers, onMarkerClick, t],
  );
  // The week and day views' column headers carry the sign (their day cells have no top).
  const withConflict = !monthGrid && !yearView;
  const dayHeaderContent = useCallback(
    (arg: DayHeaderInfo) => <DayHeader arg={arg} withConflict={withConflict} conflictedDays={conflictedDays} t={t} />,
    [withConflict, conflictedDays, t],
  );

  return { eventClick, datesSet, slotLaneClass: slotLaneClassOf, eventContent, weekNumberHeaderContent, moreLinkContent, dayCellClass: dayCellClassOf, dayCellTopContent, dayHeaderContent };
}
