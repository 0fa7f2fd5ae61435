/**
 * Words for a feed's sync state: how long it has gone without a successful sync, as the
 * health view flags it ('Ingen vellykket synkronisering på 31 t'), and whether a next run is planned.
 */
import type { AdminFeed } from './types';

const HOUR_MS = 3_600_000;

type SyncFields = Pick<AdminFeed, 'lastSynced' | 'createdAt'>;

/** Whole hours since the last success, or since the feed was added when it never succeeded (as the server counts). */
export function hoursWithoutSuccess(feed: SyncFields, now = Date.now()): number {
  const since = Date.parse(feed.lastSynced ?? feed.createdAt);
  return Number.isNaN(since) ? 0 : Math.max(0, Math.floor((now - since) / HOUR_MS));
}

/** The i18n key and arguments of the age text: hours up to two days, whole days after that. */
export function noSuccessText(feed: SyncFields, now = Date.now()): { key: string; args: { hours?: number; days?: number } } {
  const hours = hoursWithoutSuccess(feed, now);
  if (hours < 48) return { key: 'resources.ical-feeds.sync.noSuccessHours', args: { hours } };
  return { key: 'resources.ical-feeds.sync.noSuccessDays', args: { days: Math.floor(hours / 24) } };
}
