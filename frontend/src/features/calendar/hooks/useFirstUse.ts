/**
 * Whether the first-use panel shows (firstUse.ts): on the owner's own calendar while nothing is in it yet, until the
 * owner closes it.
 */
import { useState } from 'react';
import type { CalendarData } from '../calendarApi';
import { dismissFirstUse, isFirstUseDismissed, showsFirstUse } from '../firstUse';
import { useOwnFeedCount } from './useOwnFeedCount';

export function useFirstUse(ownCalendar: boolean, userId: number, data: CalendarData): { show: boolean; dismiss: () => void } {
  const feedCount = useOwnFeedCount(ownCalendar, userId);
  const [dismissed, setDismissed] = useState(isFirstUseDismissed);
  const show = showsFirstUse({
    ownCalendar,
    loading: data.isLoading,
    feedCount,
    eventCount: data.events.length + data.bookings.length,
    markedDayCount: data.markedDays.length,
    dismissed,
  });
  const dismiss = () => {
    dismissFirstUse();
    setDismissed(true);
  };
  return { show, dismiss };
}
