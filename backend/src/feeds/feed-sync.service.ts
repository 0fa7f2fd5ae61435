import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { FeedEventsStore } from './feed-events.store';
import { IcalFeed } from './ical-feed.entity';
import { fetchFeed } from './import/fetch-feed';
import { parseFeed } from './import/parse-feed';
import { NOT_A_CALENDAR } from './import/preprocess';

export type SyncStatus = 'updated' | 'unchanged' | 'failed' | 'skipped';
export interface SyncOutcome { feedId: number; status: SyncStatus; syncedCount: number; error?: string }

const DAY_MS = 86_400_000;
/** Recurring series are expanded from a year back to two years ahead. */
const WINDOW_BACK_DAYS = 365;
const WINDOW_AHEAD_DAYS = 730;
const MAX_BACKOFF_MINUTES = 24 * 60;

/** Messages stored on the feed and shown to staff; a login page instead of a calendar usually means an expired link. */
function describeParseError(error: string): string {
  return error === NOT_A_CALENDAR ? 'not a calendar (the link may be invalid or expired)' : error;
}

/**
 * Fetches one feed and makes its stored events match it. A failed fetch or parse changes no stored event; only
 * the feed's status records the error. Each sync holds a transaction-scoped advisory lock on the feed, so two
 * instances (or a tick and a manual sync) never write the same feed at once.
 */
@Injectable()
export class FeedSyncService {
  private readonly logger = new Logger(FeedSyncService.name);

  constructor(
    @InjectRepository(IcalFeed) private readonly feeds: Repository<IcalFeed>,
    private readonly store: FeedEventsStore,
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private nextSyncAfterSuccess(now: Date): Date {
    return new Date(now.getTime() + this.config.feeds.syncMinutes * 60_000);
  }

  /** Failing feeds back off exponentially (15, 30, 60 … minutes, at most a day) so they cost little. */
  private nextSyncAfterFailure(now: Date, failures: number): Date {
    const minutes = Math.min(this.config.feeds.syncMinutes * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MINUTES);
    return new Date(now.getTime() + minutes * 60_000);
  }

  async sync(feedId: number, options: { force?: boolean } = {}): Promise<SyncOutcome> {
    const feed = await this.feeds.findOneBy({ id: feedId });
    if (!feed) throw new NotFoundException('Kalenderfeeden finnes ikke');
    if (!feed.enabled && !options.force) return { feedId, status: 'skipped', syncedCount: feed.eventCount };
    const now = new Date();
    try {
      return await this.fetchAndStore(feed, now, options.force ?? false);
    } catch (e) {
      // Unexpected failures (database, bugs) are recorded like feed errors; the stored events stay as they were.
      this.logger.error(`feed ${feedId}: ${e.stack ?? e}`);
      return this.recordFailure(feed, now, 'internal error during sync');
    }
  }

  private async fetchAndStore(feed: IcalFeed, now: Date, force: boolean): Promise<SyncOutcome> {
    const { timeoutMs, maxBytes, allowPrivateHosts } = this.config.feeds;
    const fetched = await fetchFeed(feed.url, {
      etag: force ? undefined : (feed.etag ?? undefined),
      lastModified: force ? undefined : (feed.lastModified ?? undefined),
      timeoutMs,
      maxBytes,
      allowPrivateHosts,
      userAgent: 'Eierportal-calendar-sync/1.0',
    });
    if (fetched.status === 'error') return this.recordFailure(feed, now, fetched.error);
    if (fetched.status === 'not-modified' || (!force && fetched.contentHash === feed.contentHash)) {
      await this.feeds.update(
        { id: feed.id },
        {
          lastAttemptAt: now, lastSynced: now, lastError: null, consecutiveFailures: 0, nextSyncAt: this.nextSyncAfterSuccess(now),
          ...(fetched.status === 'ok' ? { etag: fetched.etag ?? null, lastModified: fetched.lastModified ?? null } : {}),
        },
      );
      return { feedId: feed.id, status: 'unchanged', syncedCount: feed.eventCount };
    }

    const parsed = parseFeed(fetched.body, {
      window: { start: new Date(now.getTime() - WINDOW_BACK_DAYS * DAY_MS), end: new Date(now.getTime() + WINDOW_AHEAD_DAYS * DAY_MS) },
      defaultTimeZone: this.config.businessTimeZone,
      contentType: fetched.contentType,
    });
    if (!parsed.ok) return this.recordFailure(feed, now, describeParseError(parsed.error));

    const generation = feed.syncGeneration + 1;
    await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [0x1ca1, feed.id]);
      await this.store.replace(tx, feed.id, feed.userId, generation, parsed.events, this.config.businessTimeZone);
      await tx.update(IcalFeed, { id: feed.id }, {
        syncGeneration: generation,
        eventCount: parsed.events.length,
        etag: fetched.etag ?? null,
        lastModified: fetched.lastModified ?? null,
        contentHash: fetched.contentHash,
        lastAttemptAt: now,
        lastSynced: now,
        lastError: null,
        lastWarning: parsed.rejected.length ? `${parsed.rejected.length} event(s) skipped: ${parsed.rejected.slice(0, 3).map((r) => r.reason).join('; ')}` : null,
        consecutiveFailures: 0,
        nextSyncAt: this.nextSyncAfterSuccess(now),
      });
    });
    return { feedId: feed.id, status: 'updated', syncedCount: parsed.events.length };
  }

  private async recordFailure(feed: IcalFeed, now: Date, error: string): Promise<SyncOutcome> {
    const failures = feed.consecutiveFailures + 1;
    await this.feeds.update({ id: feed.id }, { lastAttemptAt: now, lastError: error, consecutiveFailures: failures, nextSyncAt: this.nextSyncAfterFailure(now, failures) });
    return { feedId: feed.id, status: 'failed', syncedCount: feed.eventCount, error };
  }
}
