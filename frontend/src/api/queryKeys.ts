/**
 * Query keys. The first element is the URL that the default query function GETs (SPEC §7), so a key doubles as
 * the address of what it caches.
 */
export const queryKeys = {
  currentUser: ['/api/user'] as const,
  /** The user's own iCal feeds. */
  feeds: ['/api/ical-feeds'] as const,
  /** The personal subscription link ({ url }). */
  calendarLink: ['/api/user/calendar-link'] as const,
};
