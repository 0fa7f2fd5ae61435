/**
 * Every query key of the app and the back office, in one place, so a feature that refreshes another's data
 * names the same key. In the app the first element is the URL that the default query function GETs (SPEC §7),
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

  events: { all: ['/api/events'] as const, range: (range: Range) => ['/api/events', range] as const },
  icalEvents: { all: ['/api/ical-feed-events'] as const, range: (range: Range) => ['/api/ical-feed-events', range] as const },
  markedDays: { all: ['/api/marked-days'] as const, range: (range: Range) => ['/api/marked-days', range] as const },
  eventNotes: {
    all: ['/api/ical-event-notes'] as const,
    one: (externalId: string) => ['/api/ical-event-notes', externalId] as const,
  },

  /** Staff reads from the customer app: the user picker, another user's calendar and marked days, all feeds. */
  adminUsers: ['/api/admin/users'] as const,
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

  /** The back office: react-admin keys its own cache by resource name; the rest are its extra reads. */
  admin: {
    resource: (resource: string) => [resource] as const,
    feedHealth: ['feed-health'] as const,
    feedSyncAll: (startedAt: string | undefined) => ['feed-sync-all', startedAt] as const,
    userCalendar: (userId: number) => ['user-calendar', userId] as const,
    userCalendarRange: (userId: number, startDate: string, endDate: string) => ['user-calendar', userId, startDate, endDate] as const,
    ownCalendarLink: ['own-calendar-link'] as const,
  },
};
