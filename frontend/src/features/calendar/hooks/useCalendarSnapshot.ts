/**
 * What the next visit paints first (calendarSnapshot.ts): the own calendar as it stands, saved while the browser is
 * idle once the server's answer is in, on today's month, and again whenever what it shows changes.
 */
import { useEffect } from 'react';
import { whenIdle } from '../../../shared/whenIdle';
import type { CalendarData } from '../calendarApi';
import { saveCalendarSnapshot, showsOpeningWindow } from '../calendarSnapshot';
import type { CalendarWindow } from './useCalendarWindow';

interface SnapshotInput {
  /** The first calendar is painted (useFirstCalendarPaint's condition). */
  painted: boolean;
  data: CalendarData;
  win: CalendarWindow;
  isMobile: boolean;
  /** The page's address names no date and no user: the calendar a plain visit opens. */
  plainAddress: boolean;
  userId: number;
}

export function useCalendarSnapshot({ painted, data, win, isMobile, plainAddress, userId }: SnapshotInput): void {
  const worthy = painted && !!data.settled && plainAddress && showsOpeningWindow(win, isMobile, new Date());
  useEffect(() => {
    if (!worthy) return undefined;
    return whenIdle(() => saveCalendarSnapshot(userId, new Date()), { timeoutMs: 5000, fallbackMs: 2000 });
  }, [worthy, data.events, data.bookings, data.markedDays, userId]);
}
