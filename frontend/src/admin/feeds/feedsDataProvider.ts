/**
 * The 'ical-feeds' resource (every owner's feeds, docs/product/feeds.md#screens) and the feed actions. It reads
 * through simple-rest on GET /api/admin/all-ical-feeds, which filters, sorts and pages in SQL (getOne and getMany
 * use its id filter; there is no GET by id); a feed is created and changed through the owner-facing
 * /api/ical-feeds routes, which take a userId from admins.
 */
import { HttpError, type Identifier, type RaRecord } from 'react-admin';
import i18n from '../../i18n';
import { asRecords, type DataProviderPart, type ProviderTools } from '../dataProviderPart';
import type { AdminFeed, CleanupAnswer, FeedHealth, FeedSyncAnswer, ForceRefreshAnswer, SyncAllAnswer } from './types';

/** The feed health panel, and the state of a sync of every feed by when it started. */
export const feedHealthKeys = {
  health: ['feed-health'] as const,
  syncAll: (startedAt: string | undefined) => ['feed-sync-all', startedAt] as const,
};

export const FEEDS_RESOURCE = 'ical-feeds';
/** Where the 'ical-feeds' resource reads from, under /api/admin. */
const ALL_FEEDS_PATH = 'all-ical-feeds';

export interface FeedsDataProvider {
  /** Every feed with owner and sync state, unpaged (the sync-all progress counts over it). */
  allFeeds(): Promise<AdminFeed[]>;
  feedHealth(): Promise<FeedHealth>;
  syncFeed(id: Identifier): Promise<FeedSyncAnswer>;
  forceRefreshFeed(id: Identifier): Promise<ForceRefreshAnswer>;
  syncAllFeeds(): Promise<SyncAllAnswer>;
  cleanupDuplicateFeeds(): Promise<CleanupAnswer>;
}

/** What POST and PUT /api/ical-feeds accept; the record's other fields (owner, sync state) stay out. */
export function toFeedPayload(data: Partial<AdminFeed>, withUser: boolean) {
  return {
    name: data.name?.trim(),
    url: data.url?.trim(),
    color: data.color,
    enabled: data.enabled ?? true,
    ...(withUser ? { userId: Number(data.userId) } : {}),
  };
}

export default function feedsData({ apiUrl, adminUrl, call, post, rest }: ProviderTools): DataProviderPart<FeedsDataProvider> {
  const feedUrl = (id: Identifier) => `${apiUrl}/ical-feeds/${encodeURIComponent(id)}`;
  return {
    resources: {
      [FEEDS_RESOURCE]: {
        getList: (_resource, params) => rest.getList(ALL_FEEDS_PATH, params),
        getOne: async (_resource, params) => {
          const { data } = await rest.getMany(ALL_FEEDS_PATH, { ids: [params.id], signal: params.signal });
          // As the server says it (404 feed_not_found), in the reader's language.
          if (!data.length) throw new HttpError(i18n.t('errors.feed_not_found'), 404, { code: 'feed_not_found' });
          return asRecords({ data: data[0] });
        },
        getMany: (_resource, params) => rest.getMany(ALL_FEEDS_PATH, params),
        // simple-rest sends the target as a filter ({ userId: 7 }), which all-ical-feeds accepts.
        getManyReference: (_resource, params) => rest.getManyReference(ALL_FEEDS_PATH, params),
        create: async (_resource, params) => asRecords({ data: await call<RaRecord>('POST', `${apiUrl}/ical-feeds`, toFeedPayload(params.data, true)) }),
        update: async (_resource, params) => {
          const updated = await call<RaRecord>('PUT', feedUrl(params.id), toFeedPayload(params.data, false));
          // Keep the owner fields the PUT answer does not carry, so the list row stays whole until it refetches.
          return asRecords({ data: { ...params.previousData, ...updated } });
        },
        delete: async (_resource, params) => {
          await call('DELETE', feedUrl(params.id));
          return asRecords({ data: params.previousData ?? { id: params.id } });
        },
        deleteMany: async (_resource, params) => {
          for (const id of params.ids) await call('DELETE', feedUrl(id));
          return { data: params.ids };
        },
      },
    },
    methods: {
      allFeeds: () => call('GET', `${adminUrl}/${ALL_FEEDS_PATH}`),
      feedHealth: () => call('GET', `${adminUrl}/feed-health`),
      syncFeed: (id) => call('POST', `${feedUrl(id)}/sync`),
      forceRefreshFeed: (id) => post(`force-refresh-ical/${encodeURIComponent(id)}`),
      syncAllFeeds: () => post('sync-all-ical'),
      cleanupDuplicateFeeds: () => post('cleanup-duplicates'),
    },
  };
}

// The composed provider's type gains this part's calls (dataProviderPart.ts, PartCalls).
declare module '../dataProviderPart' {
  interface PartCalls {
    feeds: FeedsDataProvider;
  }
}
