/**
 * The feeds' query keys: the user's own feeds (GET /api/ical-feeds) and their Beds24 connection. A file of its own,
 * beside feedsApi.ts, because the manifest names them for the pushes that refresh them and must not carry the feed
 * calls into the shell.
 */
export const feedsKeys = {
  own: ['/api/ical-feeds'] as const,
  /** The owner's Beds24 connection (GET /api/user/beds24), shown beside the feeds. */
  beds24: ['/api/user/beds24'] as const,
};
