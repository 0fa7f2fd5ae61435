import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { setTimeout as sleep } from 'node:timers/promises';
import { Repository } from 'typeorm';
import type { PullResult } from '../bookings/external-booking.types';
import { ExternalBookingsService } from '../bookings/external-bookings.service';
import { Clock } from '../common/adapters/clock';
import { HttpClient } from '../common/adapters/http-client';
import { EventBus } from '../common/events/domain-events';
import { coded } from '../common/http-exception.filter';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DatabasePort, LOCK_FEED_SYNC } from '../database/database.port';
import { toExternalBookings } from './ical-bookings';
import { IcalFeed } from './ical-feed.entity';
import { fetchFeed } from './import/fetch-feed';
import { FeedParsePool } from './import/parse-pool';
import { emptyHeldBack, fetchError, INTERNAL_ERROR, parseError, partialParse, recurrenceTruncated, SyncMessage } from './sync-messages';
import { errorForLog } from '../common/text/control-characters';

export type SyncStatus = 'updated' | 'unchanged' | 'failed' | 'skipped';
export interface SyncOutcome {
  feedId: number;
  status: SyncStatus;
  syncedCount: number;
  error?: string;
  /** The error's message code and parameters (feeds/sync-messages.ts). */
  errorCode?: string;
  errorParams?: Record<string, string | number>;
  /** Why a sync was skipped: the feed is disabled, or another sync of it is running. */
  skipped?: 'disabled' | 'busy';
  /** Set when the parse was partial or a removal was held back (the same text as the feed's lastWarning). */
  warning?: string;
  warningCode?: string;
  warningParams?: Record<string, string | number>;
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

/** A warning as a sync outcome's fields. */
const warningOf = (w: SyncMessage | null) => (w ? { warning: w.message, warningCode: w.code, warningParams: w.params } : {});

/** The feed's stored warning, which an unchanged feed keeps (one stored before codes existed has none). */
const storedWarning = (f: IcalFeed) =>
  f.lastWarning ? { warning: f.lastWarning, ...(f.lastWarningCode ? { warningCode: f.lastWarningCode, warningParams: f.lastWarningParams ?? {} } : {}) } : {};

/**
 * The iCal adapter of the external bookings store: fetches one feed and hands its parse to the store as a pull
 * (ExternalBookingsService.applyPull holds the rules on what a pull may remove). A failed fetch or parse never
 * reaches the store; only the feed's status records the error. A parse that skipped some VEVENTs is an incomplete
 * pull (a rejected VEVENT may be a booking whose last good copy is stored). Each sync runs under a per-feed try-lock
 * (DatabasePort.tryLock), so two instances, or a tick and a manual sync, never work on the same feed at once: a scheduled
 * sync that finds the feed busy is skipped; a person's 'sync now' waits for the running sync (`waitMs`) and then runs
 * its own, so the answer they see is a real result rather than 'already syncing'.
 */
/** How often a waiting manual sync tries the feed's lock again. */
const BUSY_RETRY_MS = 200;

@Injectable()
export class FeedSyncService {
  private readonly logger = new Logger(FeedSyncService.name);

  constructor(
    @InjectRepository(IcalFeed) private readonly feeds: Repository<IcalFeed>,
    private readonly bookings: ExternalBookingsService,
    private readonly database: DatabasePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly http: HttpClient,
    private readonly parser: FeedParsePool,
    private readonly bus: EventBus,
  ) {}

  private nextSyncAfterSuccess(now: Date): Date {
    return new Date(now.getTime() + this.config.feeds.syncMinutes * 60_000);
  }

  /** Failing feeds back off exponentially (15, 30, 60 … minutes, at most a day) so they cost little. */
  private nextSyncAfterFailure(now: Date, failures: number): Date {
    const minutes = Math.min(this.config.feeds.syncMinutes * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MINUTES);
    return new Date(now.getTime() + minutes * 60_000);
  }

  /** How long a person's sync waits for a running one: the longest fetch, plus time for its parse and store. */
  get manualWaitMs(): number {
    return this.config.feeds.timeoutMs + 10_000;
  }

  async sync(feedId: number, options: { force?: boolean; waitMs?: number } = {}): Promise<SyncOutcome> {
    // Wall-clock time on purpose: the wait is for real work in progress, not for the (test-settable) business clock.
    const giveUpAt = Date.now() + (options.waitMs ?? 0);
    for (;;) {
      const run = await this.database.tryLock(LOCK_FEED_SYNC, feedId, () => this.syncLocked(feedId, options.force ?? false));
      if (run.acquired) return run.value;
      if (Date.now() >= giveUpAt) break;
      await sleep(BUSY_RETRY_MS);
    }
    const feed = await this.feeds.findOneBy({ id: feedId });
    if (!feed) throw new NotFoundException(coded('feed_not_found', 'Kalenderfeeden finnes ikke'));
    return { feedId, status: 'skipped', skipped: 'busy', syncedCount: feed.eventCount };
  }

  private async syncLocked(feedId: number, force: boolean): Promise<SyncOutcome> {
    // Read under the lock: a sync that finished just before has moved the generation and validators on.
    const feed = await this.feeds.findOneBy({ id: feedId });
    if (!feed) throw new NotFoundException(coded('feed_not_found', 'Kalenderfeeden finnes ikke'));
    if (!feed.enabled && !force) return { feedId, status: 'skipped', skipped: 'disabled', syncedCount: feed.eventCount };
    const now = this.clock.now();
    try {
      return await this.fetchAndStore(feed, now, force);
    } catch (e) {
      // Unexpected failures (database, bugs) are recorded like feed errors; the stored events stay as they were.
      this.logger.error(`feed ${feedId}: ${errorForLog(e)}`);
      return this.recordFailure(feed, now, INTERNAL_ERROR);
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
    if (fetched.status === 'error') return this.recordFailure(feed, now, fetchError(fetched.error));
    if (fetched.status === 'not-modified' || (!fullFetch && fetched.contentHash === feed.contentHash)) {
      await this.feeds.update(
        { id: feed.id },
        {
          lastAttemptAt: now, lastSynced: now, lastError: null, lastErrorCode: null, lastErrorParams: null, consecutiveFailures: 0, nextSyncAt: this.nextSyncAfterSuccess(now),
          failingNotifiedAt: null,
          ...(fetched.status === 'ok' ? { etag: fetched.etag ?? null, lastModified: fetched.lastModified ?? null } : {}),
        },
      );
      await this.announceRecovery(feed);
      return { feedId: feed.id, status: 'unchanged', syncedCount: feed.eventCount, ...storedWarning(feed) };
    }

    const zone = this.config.businessTimeZone;
    const parsed = await this.parser.parse(fetched.body, {
      window: expansionWindow(now),
      defaultTimeZone: zone,
      contentType: fetched.contentType,
    });
    if (!parsed.ok) return this.recordFailure(feed, now, parseError(parsed.error));

    const source = { kind: 'ical' as const, id: feed.id, userId: feed.userId };
    const bookings = toExternalBookings(parsed.events, zone);
    let future: PullResult['future'] | undefined;
    let firstChangedStart: Date | undefined;
    const outcome = await this.bookings.applyPull({ source, complete: parsed.rejected.length === 0, bookings, now, emptyPullsBefore: feed.emptyParses }, async (tx, pull) => {
      future = pull.future;
      firstChangedStart = pull.firstChangedStart;
      let warning: SyncMessage | null = null;
      if (parsed.rejected.length > 0) warning = partialParse(parsed.rejected.length, parsed.rejected.slice(0, 3).map((r) => r.reason).join('; '));
      else if (pull.keptUntilConfirmed !== null) warning = emptyHeldBack(pull.keptUntilConfirmed);
      else if (parsed.truncated.length > 0) warning = recurrenceTruncated(parsed.truncated);
      await tx.update(IcalFeed, { id: feed.id }, {
        eventCount: await this.bookings.countForSource('ical', feed.id, tx),
        emptyParses: pull.emptyPulls,
        etag: fetched.etag ?? null,
        lastModified: fetched.lastModified ?? null,
        contentHash: fetched.contentHash,
        lastAttemptAt: now,
        lastSynced: now,
        lastParsedAt: now,
        lastError: null,
        lastErrorCode: null,
        lastErrorParams: null,
        lastWarning: warning?.message ?? null,
        lastWarningCode: warning?.code ?? null,
        lastWarningParams: warning?.params ?? null,
        consecutiveFailures: 0,
        nextSyncAt: this.nextSyncAfterSuccess(now),
        failingNotifiedAt: null,
      });
      return { feedId: feed.id, status: 'updated' as const, syncedCount: parsed.events.length, ...warningOf(warning) };
    });
    // After the commit; a feed's first import is not news to its owner.
    if (future && feed.lastParsedAt && future.added + future.changed + future.cancelled > 0) {
      // The notification opens the day of the first booking this import added or changed; one that only removed
      // opens the first booking still ahead.
      const firstStart = firstChangedStart ?? bookings.filter((b) => b.endsAt > now).reduce<Date | null>((first, b) => (!first || b.startTime < first ? b.startTime : first), null);
      await this.bus.emit('bookings.pulled', { userId: feed.userId, sourceKind: 'ical', sourceId: feed.id, sourceName: feed.name, ...future, firstStart: firstStart?.toISOString() ?? null });
    }
    await this.announceRecovery(feed);
    return outcome;
  }

  /** After a success is written: a feed whose failing was announced tells its owner it works again. */
  private async announceRecovery(feed: IcalFeed): Promise<void> {
    if (feed.failingNotifiedAt) await this.bus.emit('feed.recovered', { userId: feed.userId, feedId: feed.id, feedName: feed.name });
  }

  private async recordFailure(feed: IcalFeed, now: Date, error: SyncMessage): Promise<SyncOutcome> {
    const failures = feed.consecutiveFailures + 1;
    // Failing past the stale age is told once per spell (the flag is read and written under the feed's sync lock).
    const lastSuccess = feed.lastSynced ?? feed.createdAt;
    const announce = !feed.failingNotifiedAt && now.getTime() - lastSuccess.getTime() > this.config.feeds.staleHours * 3_600_000;
    await this.feeds.update(
      { id: feed.id },
      {
        lastAttemptAt: now, lastError: error.message, lastErrorCode: error.code, lastErrorParams: error.params, consecutiveFailures: failures, nextSyncAt: this.nextSyncAfterFailure(now, failures),
        ...(announce ? { failingNotifiedAt: now } : {}),
      },
    );
    if (announce) await this.bus.emit('feed.failing', { userId: feed.userId, feedId: feed.id, feedName: feed.name, since: lastSuccess.toISOString() });
    return { feedId: feed.id, status: 'failed', syncedCount: feed.eventCount, error: error.message, errorCode: error.code, errorParams: error.params };
  }
}
