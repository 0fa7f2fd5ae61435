/** Feed shapes as the API answers them (backend feeds.dto.ts mapFeed, feeds.controller.ts). */
import type { MessageParams } from '../../api/client';

export interface Feed {
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
}

export interface NewFeed {
  name: string;
  url: string;
  color: string;
  enabled: boolean;
}

/** POST /api/ical-feeds/:id/sync: 200 even when the feed failed (status 'failed', error set). */
export interface SyncAnswer {
  message: string;
  syncedCount: number;
  status: 'updated' | 'unchanged' | 'failed' | 'skipped';
  error?: string;
  errorCode?: string;
  errorParams?: MessageParams;
  /** Why nothing was synced: the feed is turned off, or a sync of it is already running. */
  skipped?: 'disabled' | 'busy';
  /** A partial import, or bookings kept until the next sync confirms they left the feed. */
  warning?: string;
  warningCode?: string;
  warningParams?: MessageParams;
}

export interface CalendarLink {
  url: string;
}
