/**
 * The query keys more than one part of the app reads or refreshes: the session, maintenance mode, the system
 * settings. A feature's own keys live in its Api file (`calendarKeys` in
 * features/calendar/calendarApi.ts, `casesKeys`, ...; a back-office folder's in its data provider part), and another
 * feature that refreshes them imports them through that feature's index.ts. In the app the first element is the URL
 * that the default query function GETs (docs/product/app.md#data-reads), so a key doubles as the address of what it
 * caches and the prefix that refreshes it.
 */
export const queryKeys = {
  currentUser: ['/api/user'] as const,
  /** Whether maintenance mode is on ({ enabled, message }); public, polled every 30 s (docs/product/system.md#maintenance-mode). */
  maintenanceStatus: ['/api/maintenance-status'] as const,
  /** The system settings staff have set (public): the design's colours (shared/design.ts). */
  systemSettings: ['/api/system-settings'] as const,
};
