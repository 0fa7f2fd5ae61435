import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Clock } from '../common/adapters/clock';
import { HttpClient } from '../common/adapters/http-client';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DatabasePort, LOCK_FEED_SYNC } from '../database/database.port';
import { eventEndsAt, FeedEventsStore } from './feed-events.store';
import { IcalFeed } from './ical-feed.entity';
import { fetchFeed } from './import/fetch-feed';
import { ImportedEvent, parseFeed, RejectedEvent } from './import/parse-feed';
import { NOT_A_CALENDAR } from './import/preprocess';

export type SyncStatus = 'updated' | 'unchanged' | 'failed' | 'skipped';
export interface SyncOutcome {
  feedId: number;
  status: SyncStatus;
  syncedCount: number;
  error?: string;
  /** Why a sync was skipped: the feed is disabled, or another sync of it is running. */
  skipped?: 'disabled' | 'busy';
  /** Set when the parse was partial or a removal was held back (the same text as the feed's lastWarning). */
  warning?: string;
}

const DAY_MS = 86_400_000;
/** Recurring series are expanded from a year back to two years ahead. */
const WINDOW_BACK_DAYS = 365;
const WINDOW_AHEAD_DAYS = 730;
const MAX_BACKOFF_MINUTES = 24 * 60;
/** The range recurring series are expanded over, from `now`. */
export function expansionWindow(now: Date): { start: Date; end: Date } {
  return { start: new Date(now.getTime() - WINDOW_BACK_DAYS * DAY_MS), end: new Date(now.getTime() + WINDOW_AHEAD_DAYS * DAY_MS) };
}

/** An unchanged feed is still re-parsed this often, so the expansion window above moves with the date. */
const REPARSE_AFTER_MS = DAY_MS;

/** Messages stored on the feed and shown to staff; a login page instead of a calendar usually means an expired link. */
function describeParseError(error: string): string {
  return error === NOT_A_CALENDAR ? 'not a calendar (the link may be invalid or expired)' : error;
}

/**
 * Fetches one feed and makes its stored events match it. A failed fetch or parse changes no stored event; only
 * the feed's status records the error. Events that left the feed are removed only after a complete parse, only
 * when they end in the future, and, if the parse empties a feed that had future events, only when the next parse
 * confirms it. Each sync runs under a per-feed try-lock (DatabasePort.tryLock), so two instances, or a tick and a manual
 * sync, never work on the same feed at once: the later one is skipped.
 */
@Injectable()
export class FeedSyncService {
  private readonly logger = new Logger(FeedSyncService.name);

  constructor(
    @InjectRepository(IcalFeed) private readonly feeds: Repository<IcalFeed>,
    private readonly store: FeedEventsStore,
    private readonly database: DatabasePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly http: HttpClient,
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
    const run = await this.database.tryLock(LOCK_FEED_SYNC, feedId, () => this.syncLocked(feedId, options.force ?? false));
    if (run.acquired) return run.value;
    const feed = await this.feeds.findOneBy({ id: feedId });
    if (!feed) throw new NotFoundException('Kalenderfeeden finnes ikke');
    return { feedId, status: 'skipped', skipped: 'busy', syncedCount: feed.eventCount };
  }

  private async syncLocked(feedId: number, force: boolean): Promise<SyncOutcome> {
    // Read under the lock: a sync that finished just before has moved the generation and validators on.
    const feed = await this.feeds.findOneBy({ id: feedId });
    if (!feed) throw new NotFoundException('Kalenderfeeden finnes ikke');
    if (!feed.enabled && !force) return { feedId, status: 'skipped', skipped: 'disabled', syncedCount: feed.eventCount };
    const now = this.clock.now();
    try {
      return await this.fetchAndStore(feed, now, force);
    } catch (e) {
      // Unexpected failures (database, bugs) are recorded like feed errors; the stored events stay as they were.
      this.logger.error(`feed ${feedId}: ${e.stack ?? e}`);
      return this.recordFailure(feed, now, 'internal error during sync');
    }
  }

  private async fetchAndStore(feed: IcalFeed, now: Date, force: boolean): Promise<SyncOutcome> {
    const { timeoutMs, maxBytes, allowPrivateHosts } = this.config.feeds;
    // The body is fetched and parsed even if unchanged when forced, when the last parse is a day old (recurring
    // series must be re-expanded as the window moves), or when an emptied feed waits for its confirming parse.
    const parseDue = !feed.lastParsedAt || now.getTime() - feed.lastParsedAt.getTime() >= REPARSE_AFTER_MS;
    const fullFetch = force || parseDue || feed.emptyParses > 0;
    const fetched = await fetchFeed(this.http, feed.url, {
      etag: fullFetch ? undefined : (feed.etag ?? undefined),
      lastModified: fullFetch ? undefined : (feed.lastModified ?? undefined),
      timeoutMs,
      maxBytes,
      allowPrivateHosts,
      userAgent: 'Eierportal-calendar-sync/1.0',
    });
    if (fetched.status === 'error') return this.recordFailure(feed, now, fetched.error);
    if (fetched.status === 'not-modified' || (!fullFetch && fetched.contentHash === feed.contentHash)) {
      await this.feeds.update(
        { id: feed.id },
        {
          lastAttemptAt: now, lastSynced: now, lastError: null, consecutiveFailures: 0, nextSyncAt: this.nextSyncAfterSuccess(now),
          ...(fetched.status === 'ok' ? { etag: fetched.etag ?? null, lastModified: fetched.lastModified ?? null } : {}),
        },
      );
      return { feedId: feed.id, status: 'unchanged', syncedCount: feed.eventCount, ...(feed.lastWarning ? { warning: feed.lastWarning } : {}) };
    }

    const zone = this.config.businessTimeZone;
    const parsed = parseFeed(fetched.body, {
      window: expansionWindow(now),
      defaultTimeZone: zone,
      contentType: fetched.contentType,
    });
    if (!parsed.ok) return this.recordFailure(feed, now, describeParseError(parsed.error));

    const generation = feed.syncGeneration + 1;
    const outcome = await this.database.transaction(async (tx) => {
      const removal = await this.decideRemoval(tx, feed, parsed.events, parsed.rejected, now);
      await this.store.replace(tx, feed.id, feed.userId, generation, parsed.events, zone, removal.remove ? now : null);
      const eventCount = await this.store.countForFeed(feed.id, tx);
      await tx.update(IcalFeed, { id: feed.id }, {
        syncGeneration: generation,
        eventCount,
        emptyParses: removal.emptyParses,
        etag: fetched.etag ?? null,
        lastModified: fetched.lastModified ?? null,
        contentHash: fetched.contentHash,
        lastAttemptAt: now,
        lastSynced: now,
        lastParsedAt: now,
        lastError: null,
        lastWarning: removal.warning,
        consecutiveFailures: 0,
        nextSyncAt: this.nextSyncAfterSuccess(now),
      });
      return { feedId: feed.id, status: 'updated' as const, syncedCount: parsed.events.length, ...(removal.warning ? { warning: removal.warning } : {}) };
    });
    return outcome;
  }

  /**
   * Whether this parse may remove stored events it did not see. Not after a partial parse (a rejected VEVENT may be
   * a booking whose last good copy is stored), and not on the first parse that would empty a feed with future
   * events (an OTA glitch serving an empty calendar must not wipe every booking in one sync).
   */
  private async decideRemoval(tx: EntityManager, feed: IcalFeed, events: ImportedEvent[], rejected: RejectedEvent[], now: Date) {
    if (rejected.length > 0) {
      const reasons = rejected.slice(0, 3).map((r) => r.reason).join('; ');
      return { remove: false, emptyParses: 0, warning: `${rejected.length} event(s) skipped: ${reasons}. Events missing from the feed are kept until a complete parse.` };
    }
    const zone = this.config.businessTimeZone;
    if (events.some((e) => eventEndsAt(e, zone) > now)) return { remove: true, emptyParses: 0, warning: null };
    const storedFuture = await this.store.countFuture(tx, feed.id, now);
    if (storedFuture === 0 || feed.emptyParses >= 1) return { remove: true, emptyParses: 0, warning: null };
    return {
      remove: false,
      emptyParses: feed.emptyParses + 1,
      warning: `The feed has no future events any more; ${storedFuture} stored event(s) are kept until the next sync confirms it.`,
    };
  }

  private async recordFailure(feed: IcalFeed, now: Date, error: string): Promise<SyncOutcome> {
    const failures = feed.consecutiveFailures + 1;
    await this.feeds.update({ id: feed.id }, { lastAttemptAt: now, lastError: error, consecutiveFailures: failures, nextSyncAt: this.nextSyncAfterFailure(now, failures) });
    return { feedId: feed.id, status: 'failed', syncedCount: feed.eventCount, error };
  }
}
