/**
 * The calendar's public face: what other features and the back office may use (its add-event rules and date
 * helpers, for staff adding an event on a user's behalf). Everything else in this folder is its own inside.
 */
export { checkAddEvent, type AddEventFormValues, type AddEventRefusal, type EventPayload } from './addEventForm';
export { FIXED_END_TIME, FIXED_START_TIME } from './constants';
export { parseApiTime, toDateAfterFromChange } from './dates';
export { calendarKeys, inProperty } from './calendarApi';
