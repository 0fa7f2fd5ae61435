/**
 * When the calendar's first-use panel shows: on the owner's own calendar, once it has loaded,
 * while nothing is in it yet (no feed, no event, no marked day) and the owner has not closed the panel. Adding
 * anything makes it go by itself.
 */
import { FIRST_USE_DISMISSED_KEY } from '../../shared/preferenceKeys';

export interface FirstUseState {
  ownCalendar: boolean;
  loading: boolean;
  feedCount: number | undefined;
  eventCount: number;
  markedDayCount: number;
  dismissed: boolean;
}

export function showsFirstUse(s: FirstUseState): boolean {
  if (!s.ownCalendar || s.loading || s.dismissed || s.feedCount === undefined) return false;
  return s.feedCount === 0 && s.eventCount === 0 && s.markedDayCount === 0;
}

export function isFirstUseDismissed(storage: Storage = localStorage): boolean {
  try {
    return storage.getItem(FIRST_USE_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissFirstUse(storage: Storage = localStorage): void {
  try {
    storage.setItem(FIRST_USE_DISMISSED_KEY, '1');
  } catch {
    // Storage disabled: the panel stays closed for this page only.
  }
}
