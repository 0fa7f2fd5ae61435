/** The back office's names of the appointment resources (their API paths are in dataProvider.ts). */
export const APPOINTMENTS_RESOURCE = 'appointments';
export const HOURS_RESOURCE = 'appointment-hours';
export const CLOSED_DATES_RESOURCE = 'appointment-closed-dates';
/** The system setting that holds the slot length in minutes (docs/appointments.md). */
export const SLOT_MINUTES_KEY = 'appointments.slotMinutes';
export const DEFAULT_SLOT_MINUTES = 30;
