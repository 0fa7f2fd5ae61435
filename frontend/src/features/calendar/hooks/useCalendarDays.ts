/** The loaded data as the calendar draws it: FullCalendar inputs, what each day holds, and marks per day. */
import { useMemo } from 'react';
import { useDesign } from '../../../shared/design';
import type { CalendarData } from '../calendarApi';
import { conflictDays } from '../dayCells';
import { buildDayIndex } from '../displayRules';
import { toEventInputs } from '../eventInputs';
import type { MarkedDay } from '../../../api/types';
import type { AnyEvent } from '../viewModel';

/**
 * `meetings`: the owner's meetings, drawn beside the rest but not counted in what a day holds (its tint, its refusals);
 * `pastLimit`: the bookings past the rental day limit, as the nights panel read them.
 */
export function useCalendarDays(data: CalendarData, meetings: readonly AnyEvent[] = [], pastLimit?: ReadonlySet<string | number>) {
  const allEvents = useMemo<AnyEvent[]>(() => [...data.events, ...data.bookings], [data.events, data.bookings]);
  const serviceEventColor = useDesign()['calendar.eventColor'];
  const eventInputs = useMemo(() => toEventInputs([...allEvents, ...meetings], serviceEventColor, pastLimit), [allEvents, meetings, serviceEventColor, pastLimit]);
  const dayIndex = useMemo(() => buildDayIndex(allEvents, data.markedDays), [allEvents, data.markedDays]);
  const markedByDay = useMemo(() => {
    const map = new Map<string, MarkedDay[]>();
    for (const day of data.markedDays) {
      const key = day.date.slice(0, 10);
      map.set(key, [...(map.get(key) ?? []), day]);
    }
    return map;
  }, [data.markedDays]);
  const conflictedDays = useMemo(() => conflictDays(data.conflicts), [data.conflicts]);
  return { allEvents, eventInputs, dayIndex, markedByDay, conflictedDays };
}

export type CalendarDays = ReturnType<typeof useCalendarDays>;
