/**
 * How many feeds the property shown has, for the first-use panel above the month (firstUse.ts): the server's answer,
 * and until it is in, the count this browser kept at the last visit (shared/keptWindows.ts; the first property's). A repeat visit draws its kept
 * month with or without the panel from the start, instead of pushing the month down when the answer comes in.
 */
import { useEffect, useState } from 'react';
import { keepFeedCount, keptFeedCount } from '../../../shared/keptWindows';
import { useFeeds } from '../../feeds';
import { useCalendarProperty } from '../calendarProperty';

/** Undefined while unknown, and on another user's calendar (which has no panel). */
export function useOwnFeedCount(ownCalendar: boolean, userId: number): number | undefined {
  const { id: propertyId } = useCalendarProperty();
  const feeds = useFeeds(ownCalendar, propertyId);
  const [kept] = useState(() => keptFeedCount(userId));
  const count = feeds.data?.length;
  useEffect(() => {
    if (ownCalendar && propertyId === null && count !== undefined) keepFeedCount(userId, count);
  }, [ownCalendar, propertyId, userId, count]);
  if (!ownCalendar) return undefined;
  return count ?? (propertyId === null ? kept : undefined);
}
