/** Feeds as the back office sees them (backend admin-feeds.controller.ts, feeds.controller.ts). */
import type { MessageParams } from '../../api/client';

export interface FeedOwner {
  id: number;
  name: string;
  email: string | null;
  username: string;
}

/** A row of GET /api/admin/all-ical-feeds. */
export interface AdminFeed {
  id: number;
  userId: number;
  name: string;
  url: string;
  color: string;
  enabled: boolean;
  feedType: string;
  syncMethod: string;
  lastSynced: string | null;
  lastAttemptAt: string | null;
  lastError: string | null;
  lastErrorCode?: string | null;
  lastErrorParams?: MessageParams | null;
  lastWarning: string | null;
  lastWarningCode?: string | null;
  lastWarningParams?: MessageParams | null;
  consecutiveFailures: number;
  eventCount: number;
  nextSyncAt: string | null;
  createdAt: string;
  /** Enabled, and no successful sync for the server's FEED_STALE_HOURS. */
  stale: boolean;
  userName: string;
  userEmail: string | null;
  username: string;
  owner: FeedOwner;
}

/** POST /api/ical-feeds/:id/sync */
export interface FeedSyncAnswer {
  message: string;
  syncedCount: number;
  status: 'updated' | 'unchanged' | 'failed';
  error?: string;
}

/** POST /api/admin/force-refresh-ical/:id */
export interface ForceRefreshAnswer {
  success: boolean;
  message: string;
  syncedCount: number;
  status: 'updated' | 'unchanged' | 'failed';
}

/** POST /api/admin/sync-all-ical: the jobs run in the background. */
export interface SyncAllAnswer {
  success: boolean;
  total: number;
  startedAt: string;
}

export interface CleanupAnswer {
  found: number;
  removed: number;
}

/** GET /api/admin/feed-health */
export interface FeedHealth {
  staleAfterHours: number;
  total: number;
  enabled: number;
  failing: number;
  stale: number;
  feeds: (Omit<AdminFeed, 'userName' | 'userEmail' | 'username'>)[];
}
