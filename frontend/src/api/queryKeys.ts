/**
 * Every query key of the app and the back office, in one place, so a feature that refreshes another's data
 * names the same key. In the app the first element is the URL that the default query function GETs (docs/product/app.md#data-reads),
 * so a key doubles as the address of what it caches; `all` keys are the prefixes that refresh every range.
 */

/** A visible calendar range as the API wants it: ISO instants, end exclusive. */
interface Range {
  startDate: string;
  endDate: string;
}

export const queryKeys = {
  currentUser: ['/api/user'] as const,
  /** The user's own iCal feeds. */
  feeds: ['/api/ical-feeds'] as const,
  /** The personal subscription link ({ url }). */
  calendarLink: ['/api/user/calendar-link'] as const,
  /** Two-factor sign-in: { enabled, recoveryCodesLeft, required } (docs/security.md). */
  twoFactor: ['/api/user/2fa'] as const,
  /** The user's signed-in sessions (Settings → Sessions). */
  userSessions: ['/api/user/sessions'] as const,
  /** The user's own activity timeline, paged (Settings → Activity). */
  userActivity: ['/api/user/activity'] as const,
  /** The bell's list (newest first, its first page with total and unread). */
  notifications: ['/api/notifications'] as const,
  /** Whether maintenance mode is on ({ enabled, message }); public, polled every 30 s (docs/product/system.md#maintenance-mode). */
  maintenanceStatus: ['/api/maintenance-status'] as const,
  /** Whether the server has a translation service ({ available }); fixed while the server runs. */
  translationStatus: ['/api/translate'] as const,
  /** The system settings staff have set (public): the design's colours (shared/design.ts). */
  systemSettings: ['/api/system-settings'] as const,

  /** The calendar page's window: own events, marked days and imported events in one read (GET /api/calendar-window). */
  calendarWindow: { all: ['/api/calendar-window'] as const, range: (range: Range) => ['/api/calendar-window', range] as const },
  events: { all: ['/api/events'] as const, range: (range: Range) => ['/api/events', range] as const },
  icalEvents: { all: ['/api/ical-feed-events'] as const, range: (range: Range) => ['/api/ical-feed-events', range] as const },
  markedDays: { all: ['/api/marked-days'] as const, range: (range: Range) => ['/api/marked-days', range] as const },
  eventNotes: {
    all: ['/api/ical-event-notes'] as const,
    one: (externalId: string) => ['/api/ical-event-notes', externalId] as const,
  },

  /** Staff reads from the customer app: the user picker, another user's calendar and marked days, all feeds. */
  adminUsers: ['/api/admin/users'] as const,
  /** The administrators (GET /api/admin/users filtered by isAdmin), for assigning a case. */
  administrators: ['/api/admin/users', 'administrators'] as const,
  /** The user picker: one page of a server search, and one user by id (its chosen value). */
  userSearch: (q: string, filter: object) => ['/api/admin/users', 'search', q, filter] as const,
  adminUser: (id: number) => ['/api/admin/users', id] as const,
  /** The owner's payouts of a year (GET /api/user/payouts/year/{year}). */
  payoutsYear: (year: number) => [`/api/user/payouts/year/${year}`] as const,
  /** Price intervals: the viewer's own (null), or for an admin the chosen owner's. */
  prices: (userId: number | null) => ['/api/prices', userId] as const,
  adminFeeds: ['/api/admin/ical-feeds'] as const,
  userCalendar: {
    all: ['/api/admin/user-calendar'] as const,
    ofUser: (userId: number) => ['/api/admin/user-calendar', userId] as const,
    range: (userId: number, range: Range) => ['/api/admin/user-calendar', userId, range] as const,
  },
  userMarkedDays: {
    all: ['/api/admin/user-marked-days'] as const,
    range: (userId: number, range: Range) => ['/api/admin/user-marked-days', userId, range] as const,
  },

  /** Agreements (docs/product/agreements.md#routes): the list (an owner's own, or staff's all), one agreement and its notes. */
  agreements: {
    all: ['/api/admin-agreements'] as const,
    one: (id: number) => ['/api/admin-agreements', id] as const,
    notes: (id: number) => ['/api/admin-agreements', id, 'notes'] as const,
  },
  /** Appointments: the free slots of a window of days, and the owner's upcoming bookings. */
  appointments: {
    all: ['/api/appointments'] as const,
    slots: (from: string, to: string) => ['/api/appointments/slots', { from, to }] as const,
    upcoming: ['/api/appointments', 'upcoming'] as const,
  },

  /**
   * Cases (docs/product/cases.md#routes): the owner's own list, one case, its messages and the unread count all start with '/api/cases';
   * staff's list is '/api/admin/cases'. A push refreshes both prefixes.
   */
  cases: {
    all: ['/api/cases'] as const,
    list: (state: 'open' | 'closed') => ['/api/cases', 'list', state] as const,
    one: (id: number) => ['/api/cases', id] as const,
    messages: (id: number) => ['/api/cases', id, 'messages'] as const,
    unreadCount: ['/api/cases', 'unread-count'] as const,
    admin: ['/api/admin/cases'] as const,
    adminList: (state: 'open' | 'closed') => ['/api/admin/cases', state] as const,
  },

  /** The back office: react-admin keys its own cache by resource name; the rest are its extra reads. */
  admin: {
    resource: (resource: string) => [resource] as const,
    feedHealth: ['feed-health'] as const,
    feedSyncAll: (startedAt: string | undefined) => ['feed-sync-all', startedAt] as const,
    userCalendar: (userId: number) => ['user-calendar', userId] as const,
    userCalendarRange: (userId: number, startDate: string, endDate: string) => ['user-calendar', userId, startDate, endDate] as const,
    ownCalendarLink: ['own-calendar-link'] as const,
    accountNumberHistory: (userId: number) => ['account-number-history', userId] as const,
    userActivity: (userId: number) => ['user-activity', userId] as const,
    maintenance: ['admin-maintenance'] as const,
    jobs: ['admin-jobs'] as const,
    backups: ['admin-backups'] as const,
  },
};
