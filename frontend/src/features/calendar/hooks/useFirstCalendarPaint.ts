/**
 * When the first calendar counts as painted (docs/architecture.md): the first window's data is in, and FullCalendar
 * draws its bookings a frame or two later, so it counts in the frame they are drawn (or after a few frames, for a
 * month without any). Then a repeat visit's snapshot of the last calendar (calendarSnapshot.ts) goes, and what waits
 * for the first calendar may start (the service worker's downloads, the login's welcome).
 */
import { useEffect } from 'react';
import { markFirstCalendarPainted } from '../../../shared/firstCalendarPaint';
import { calendarSnapshotShown, removeCalendarSnapshot } from '../calendarSnapshot';
import { EVENT_BAR_CLASS } from '../components/CalendarEventBar';

/** How many frames the first calendar waits for FullCalendar to draw its bookings before it counts as painted anyway. */
const BOOKINGS_DRAWN_FRAMES = 10;

export function useFirstCalendarPaint(painted: boolean): void {
  useEffect(() => {
    if (!painted) return undefined;
    let frame = 0;
    let afterFrame = 0;
    let framesLeft = BOOKINGS_DRAWN_FRAMES;
    const whenDrawn = () => {
      if (framesLeft-- > 0 && !document.querySelector(`#root .${EVENT_BAR_CLASS}`)) {
        frame = requestAnimationFrame(whenDrawn);
        return;
      }
      if (calendarSnapshotShown()) removeCalendarSnapshot();
      // What waits for the first calendar (the service worker's downloads, the phone's drawer, the welcome) starts
      // once this frame is painted, in the task after it, not in the frame the bookings are drawn in.
      afterFrame = window.setTimeout(markFirstCalendarPainted);
    };
    frame = requestAnimationFrame(whenDrawn);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterFrame);
    };
  }, [painted]);
}
