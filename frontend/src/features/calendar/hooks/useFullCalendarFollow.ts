/**
 * Keeps FullCalendar where the page is: on the view chosen (useCalendarWindow) once the plugin that draws it is
 * there, and on ?date= (a notification's link), where it starts (initialDate) and moves when it changes later.
 */
import type { CalendarRef } from '@fullcalendar/react';
import { useEffect, type RefObject } from 'react';
import type { FcViewName } from '../viewNames';

export function useFullCalendarFollow(calendarRef: RefObject<CalendarRef | null>, fcView: FcViewName, viewReady: boolean, focusDate: string | null): void {
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (viewReady && api && api.view.type !== fcView) api.changeView(fcView);
  }, [calendarRef, fcView, viewReady]);

  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (api && focusDate) api.gotoDate(focusDate);
  }, [calendarRef, focusDate]);
}
