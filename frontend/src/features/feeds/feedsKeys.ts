/**
 * The feeds' query keys: a property's feeds (GET /api/ical-feeds) and its Beds24 connection; the first property's
 * under the bare prefix, another's with its id after it (`ofProperty`), so the prefix refreshes them all. A file of its own,
 * beside feedsApi.ts, because the manifest names them for the pushes that refresh them and must not carry the feed
 * calls into the shell.
 */
export const feedsKeys = {
  own: ['/api/ical-feeds'] as const,
  /** The owner's Beds24 connection (GET /api/user/beds24), shown beside the feeds. */
  beds24: ['/api/user/beds24'] as const,
};

/** A property's key under one of the prefixes above (null: the person's first property). */
export const ofProperty = (prefix: readonly [string], propertyId: number | null) => (propertyId === null ? prefix : ([...prefix, propertyId] as const));
