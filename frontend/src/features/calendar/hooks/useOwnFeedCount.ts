/**
 * How many feeds the owner has, for the first-use panel above the month (firstUse.ts): the server's answer, and until
 * it is in, the count this browser kept at the last visit (shared/keptWindows.ts). A repeat visit draws its kept
 * month with or without the panel from the start, instead of pushing the month down when the answer comes in.
 */
import { useEffect, useState } from 'react';
import { keepFeedCount, keptFeedCount } from '../../../shared/keptWindows';
import { useFeeds } from '../../feeds';

/** Undefined while unknown, and on another user's calendar (which has no panel). */
export function useOwnFeedCount(ownCalendar: boolean, userId: number): number | undefined {
  const feeds = useFeeds(ownCalendar);
  const [kept] = useState(() => keptFeedCount(userId));
  const count = feeds.data?.length;
  useEffect(() => {
    if (ownCalendar && count !== undefined) keepFeedCount(userId, count);
  }, [ownCalendar, userId, count]);
  if (!ownCalendar) return undefined;
  return count ?? kept;
}
