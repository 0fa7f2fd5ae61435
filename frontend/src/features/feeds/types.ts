/** Feed shapes as the API answers them (backend feeds.dto.ts mapFeed, feeds.controller.ts). */

export type { Feed } from '../../api/types';

export interface NewFeed {
  name: string;
  url: string;
  color: string;
  enabled: boolean;
}

/** POST /api/ical-feeds/:id/sync: 200 even when the feed failed (status 'failed', error set). */
export type { FeedSyncAnswer as SyncAnswer } from '../../api/types';

export interface CalendarLink {
  url: string;
}
