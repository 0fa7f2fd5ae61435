/** Shapes of the calendar API's answers (see the Calendar API in the backend). */

export interface EventSource {
  type: string;
  feedName?: string;
  feedId?: number;
  /** Other sources of the same stay, shown once (an Airbnb iCal feed beside Beds24). */
  alsoFrom?: { type: string; feedName: string; feedId: number }[];
}

/** An event the user (or an admin) created: GET /api/events, /api/admin/user-calendar. */
export interface CalendarEvent {
  id: number;
  userId: number;
  title: string;
  description: string | null;
  startTime: string;
  endTime: string | null;
  allDay: boolean;
  color: string | null;
  adminColorOverride: string | null;
  routes: string[] | null;
  source: EventSource | null;
  location: string | null;
  isBinding: boolean;
}

/** An external booking, from any source: GET /api/ical-feed-events (FeedEventResponse). Its id is a string holding the source kind ('ical-', 'beds24-'). */
export interface ExternalBooking {
  id: string;
  userId: number;
  title: string;
  description: string | null;
  startTime: string;
  endTime: string | null;
  allDay: boolean;
  color: string | null;
  adminColorOverride?: string | null;
  routes?: string[] | null;
  source: EventSource | null;
  location: string | null;
  isBinding: boolean;
}

/** Either kind, as the calendar shows it. */
export type AnyEvent = CalendarEvent | ExternalBooking;

export type MarkerType = 'busy' | 'vacation' | 'holiday' | 'other';

export interface MarkedDay {
  id: number;
  userId: number;
  date: string;
  markerType: MarkerType;
  color: string | null;
  notes: string | null;
}

/** GET /api/calendar-window: the own calendar's window in one answer. */
export interface CalendarWindow {
  events: CalendarEvent[];
  markedDays: MarkedDay[];
  feedEvents: ExternalBooking[];
  /** Double bookings touching the window (docs/architecture.md "Double bookings"). */
  conflicts?: CalendarConflict[];
}

/** Two entries (their ids as the window gives them) that share the days [from, to): 'YYYY-MM-DD', `to` exclusive. */
export interface CalendarConflict {
  a: number | string;
  b: number | string;
  from: string;
  to: string;
}

export interface AdminUserCalendar {
  user: { id: number; name: string; username: string };
  events: CalendarEvent[];
  icalEvents?: ExternalBooking[];
}

export interface EventNote {
  id: number | null;
  notes: string | null;
}

export interface TranslateAnswer {
  success: boolean;
  translatedText?: string;
  error?: string;
}

export type CalendarViewKind = 'month' | 'week' | 'day' | 'year';
export type CalendarSize = 'large' | 'compact';
