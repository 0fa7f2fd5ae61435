/** Business constants of the calendar (docs/product/calendar.md#validation-and-limits). Change them here only. */

/**
 * The colours events are drawn in when they have none of their own, dark enough for white text at 4.5:1
 * (docs/development.md#colour-contrast): red-600 for the owner's events (they are stored as STORED_EVENT_COLOR, the
 * lighter red-500), pink-700 for bookings and teal-700 for meetings. Marker dots carry no text.
 */
export const COLORS = {
  userEvent: '#dc2626',
  booking: '#be185d',
  /** The owner's meetings (agreements, booked appointments among them): teal-700. */
  meeting: '#0f766e',
  marker: '#8b5cf6',
} as const;

/** Colour choices of the mark-day form. */
export const MARKER_COLORS = [
  { key: 'purple', value: '#8b5cf6' },
  { key: 'blue', value: '#3b82f6' },
  { key: 'green', value: '#22c55e' },
  { key: 'yellow', value: '#eab308' },
  { key: 'red', value: '#ef4444' },
  { key: 'gray', value: '#6b7280' },
] as const;

/** Colours an admin can give an event (docs/product/calendar.md#validation-and-limits), with the keys of their names in calendar.palette. */
export const ADMIN_PALETTE = [
  { key: 'red', value: '#ef4444' },
  { key: 'orange', value: '#f97316' },
  { key: 'yellow', value: '#eab308' },
  { key: 'green', value: '#16a34a' },
  { key: 'sky', value: '#0ea5e9' },
  { key: 'indigo', value: '#6366f1' },
  { key: 'purple', value: '#a855f7' },
  { key: 'pink', value: '#ec4899' },
] as const;

export const MARKER_TYPES = ['busy', 'vacation', 'holiday', 'other'] as const;

/** The add-event dialog's fixed times, wall-clock in the business time zone. */
export const FIXED_START_TIME = '11:00';
export const FIXED_END_TIME = '15:00';
export const BUSINESS_TIME_ZONE = 'Europe/Oslo';

export const SWIPE_THRESHOLD_PX = 50;
export const MOBILE_FIRST_HOUR = 6;
export const MOBILE_LAST_HOUR = 21;
export const MOBILE_TITLE_MAX = 7;
export const TOOLTIP_DELAY_MS = 300;
export const BOOKING_WARNING_MS = 3000;

export const MONTH_CELL_MIN_HEIGHT = { mobile: 36, desktop: 60 } as const;

/** Query freshness (docs/product/calendar.md#validation-and-limits). */
export const STALE = {
  /** The own calendar's window (events, imported events, marked days): as fresh as its freshest list must be. */
  calendarWindow: 30_000,
  events: 30_000,
  ical: 30_000,
  markedDays: 60_000,
  adminCalendar: 5_000,
} as const;
export const ADMIN_CALENDAR_REFETCH_MS = 30_000;

/** A touch held this long on a day marks it, as a right-click does. */
export const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling or swiping, not pressing. */
export const LONG_PRESS_MOVE_TOLERANCE_PX = 10;
/** The short buzz that tells a finger the long press took (where the device can vibrate). */
export const LONG_PRESS_VIBRATION_MS = 40;
