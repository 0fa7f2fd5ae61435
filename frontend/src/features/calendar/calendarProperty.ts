/**
 * Which property's calendar is on screen (docs/product/calendar.md#whose-calendar-it-is): `id` null is the person's
 * first property (the routes' default, so its addresses and the windows kept in the browser are as they always were);
 * `readOnly` when the person only views it, so nothing offers a change the server would refuse. The calendar home
 * provides it; the dialogs and their calls read it.
 */
import { createContext, useContext } from 'react';

export interface CalendarProperty {
  id: number | null;
  readOnly: boolean;
}

export const CalendarPropertyContext = createContext<CalendarProperty>({ id: null, readOnly: false });

export const useCalendarProperty = (): CalendarProperty => useContext(CalendarPropertyContext);
