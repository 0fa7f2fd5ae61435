import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BookingSourceSync, type SyncOptions } from '../bookings/booking-source-sync.service';
import { type BookingSource, outcomeOf, type SourceFetch, type SourceSyncOutcome, type SyncFailure } from '../bookings/booking-source.types';
import { HttpClient } from '../common/adapters/http-client';
import { EventBus } from '../common/events/domain-events';
import { coded } from '../common/http-exception.filter';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { LOCK_FEED_SYNC } from '../database/database.port';
import { toExternalBookings } from './ical-bookings';
import { IcalFeed } from './ical-feed.entity';
import { fetchFeed } from './import/fetch-feed';
import { FeedParsePool } from './import/parse-pool';
import { emptyHeldBack, eventsRejected, fetchError, INTERNAL_ERROR, parseError, recurrenceTruncated, SyncMessage } from './sync-messages';
import { singleLine } from '../common/text/control-characters';
import { PropertyAccess } from '../properties/property-access.service';
import './feeds.events';

const DAY_MS = 86_400_000;
/** Recurring series are expanded from a year back to two years ahead. */
const WINDOW_BACK_DAYS = 365;
const WINDOW_AHEAD_DAYS = 730;
/** The range recurring series are expanded over, from `now`. */
export function expansionWindow(now: Date): { start: Date; end: Date } {
  return { start: new Date(now.getTime() - WINDOW_BACK_DAYS * DAY_MS), end: new Date(now.getTime() + WINDOW_AHEAD_DAYS * DAY_MS) };
}

/** An unchanged feed is still re-parsed this often, so the expansion window above moves with the date. */
const REPARSE_AFTER_MS = DAY_MS;

/** The feed's stored warning: the one this sync wrote, or the one an unchanged feed keeps (one stored before codes existed has none). */
const storedWarning = (f: IcalFeed) =>
  f.lastWarning ? { warning: f.lastWarning, ...(f.lastWarningCode ? { warningCode: f.lastWarningCode, warningParams: f.lastWarningParams ?? {} } : {}) } : {};

/**
 * The iCal adapter of the booking-source skeleton (docs/architecture.md "Booking sources"): fetches one feed
 * (conditionally, with its ETag and Last-Modified) and parses it into the store's input; BookingSourceSync does the
 * lock, the state, the back-off and the event. A calendar that parsed is a complete pull, also when some VEVENTs were
 * rejected: their UIDs (and the series cut short by the budget) are the pull's unread keys, whose stored copies stay,
 * while every other booking that left the feed goes (docs/interop.md#rules-for-feeds-we-did-not-write). A person's 'sync now' waits for a running sync
 * (`manualWaitMs`) and then runs its own, so the answer they see is a real result rather than 'already syncing'.
 */
@Injectable()
export class FeedSyncService implements BookingSource<IcalFeed> {
  readonly kind = 'ical' as const;
  readonly entity = IcalFeed;
  readonly lockKey = LOCK_FEED_SYNC;
  readonly internalError = INTERNAL_ERROR;
  readonly onSuccessPatch = { lastErrorParams: null };

  constructor(
    @InjectRepository(IcalFeed) private readonly feeds: Repository<IcalFeed>,
    private readonly skeleton: BookingSourceSync,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly http: HttpClient,
    private readonly parser: FeedParsePool,
    private readonly bus: EventBus,
    private readonly access: PropertyAccess,
  ) {}

  /** Whom a feed's trouble and its end reach: the members of its property who can mend it (owners, co-owners). */
  private async feedNews(feed: IcalFeed) {
    return { propertyId: feed.propertyId, members: await this.access.memberIds(feed.propertyId, 'write'), feedId: feed.id, feedName: feed.name };
  }

  /** How long a person's sync waits for a running one: the longest fetch, plus time for its parse and store. */
  get manualWaitMs(): number {
    return this.config.feeds.timeoutMs + 10_000;
  }

  async sync(feedId: number, options: SyncOptions = {}): Promise<SourceSyncOutcome> {
    const result = await this.skeleton.sync(this, feedId, options);
    if (result.status === 'skipped') {
      const feed = result.skipped === 'missing' ? null : await this.feeds.findOneBy({ id: feedId });
      if (!feed) throw new NotFoundException(coded('feed_not_found', 'Kalenderfeeden finnes ikke'));
      return outcomeOf(feedId, result, feed.sync.eventCount);
    }
    const outcome = outcomeOf(feedId, result, result.source.sync.eventCount);
    // A feed keeps its warning (an unchanged one the last parse's): the answer tells the stored one.
    return result.status === 'failed' ? outcome : { ...outcome, ...storedWarning(result.source) };
  }

  syncMinutes = () => this.config.feeds.syncMinutes;
  load = (id: number) => this.feeds.findOneBy({ id });
  name = (feed: IcalFeed) => feed.name;
  enabled = (feed: IcalFeed) => feed.enabled;

  async fetch(feed: IcalFeed, now: Date, force: boolean): Promise<SourceFetch<IcalFeed>> {
    const { timeoutMs, maxBytes, allowPrivateHosts } = this.config.feeds;
    // The body is fetched and parsed even if unchanged when forced, when the last parse is a day old (recurring
    // series must be re-expanded as the window moves), or when an emptied feed waits for its confirming parse.
    const parseDue = !feed.lastParsedAt || now.getTime() - feed.lastParsedAt.getTime() >= REPARSE_AFTER_MS;
    const fullFetch = force || parseDue || feed.sync.emptyPulls > 0;
    const fetched = await fetchFeed(this.http, feed.url, {
      etag: fullFetch ? undefined : (feed.etag ?? undefined),
      lastModified: fullFetch ? undefined : (feed.lastModified ?? undefined),
      timeoutMs,
      maxBytes,
      allowPrivateHosts,
      userAgent: 'Eierportal-calendar-sync/1.0',
    });
    if (fetched.status === 'error') return { status: 'failed', error: fetchError(fetched.error) };
    if (fetched.status === 'not-modified' || (!fullFetch && fetched.contentHash === feed.contentHash)) {
      return { status: 'unchanged', patch: fetched.status === 'ok' ? { etag: fetched.etag ?? null, lastModified: fetched.lastModified ?? null } : {} };
    }
    const zone = this.config.businessTimeZone;
    const parsed = await this.parser.parse(fetched.body, { window: expansionWindow(now), defaultTimeZone: zone, contentType: fetched.contentType });
    if (!parsed.ok) return { status: 'failed', error: parseError(parsed.error) };
    const bookings = toExternalBookings(parsed.events, zone);
    // Keys as the store holds them (toExternalBooking's singleLine); a rejected event without a UID has none to keep.
    const unread = [...parsed.rejected.map((r) => r.uid), ...parsed.truncated.map((t) => t.uid)].filter((uid): uid is string => !!uid);
    return {
      status: 'pulled',
      complete: true,
      unreadUids: [...new Set(unread.map((uid) => singleLine(uid)))],
      bookings,
      finish: (pull) => {
        let warning: SyncMessage | null = null;
        if (parsed.rejected.length > 0) warning = eventsRejected(parsed.rejected);
        else if (pull.keptUntilConfirmed !== null) warning = emptyHeldBack(pull.keptUntilConfirmed);
        else if (parsed.truncated.length > 0) warning = recurrenceTruncated(parsed.truncated);
        return {
          etag: fetched.etag ?? null,
          lastModified: fetched.lastModified ?? null,
          contentHash: fetched.contentHash,
          lastParsedAt: now,
          lastWarning: warning?.message ?? null,
          lastWarningCode: warning?.code ?? null,
          lastWarningParams: warning?.params ?? null,
        };
      },
    };
  }

  /** After a success is written: a feed whose failing was announced tells its property's managers it works again. */
  async afterSuccess(feed: IcalFeed): Promise<void> {
    if (feed.sync.failingNotifiedAt) await this.bus.emit('feed.recovered', await this.feedNews(feed));
  }

  /** Failing past the stale age is told once per spell (the flag is read and written under the feed's sync lock). */
  onFailure(feed: IcalFeed, now: Date, error: SyncFailure) {
    const lastSuccess = feed.sync.lastSynced ?? feed.createdAt;
    const announce = !feed.sync.failingNotifiedAt && now.getTime() - lastSuccess.getTime() > this.config.feeds.staleHours * 3_600_000;
    return {
      patch: { lastErrorParams: error.params ?? null, ...(announce ? { sync: { failingNotifiedAt: now } } : {}) },
      after: announce ? async () => this.bus.emit('feed.failing', { ...(await this.feedNews(feed)), since: lastSuccess.toISOString() }) : undefined,
    };
  }
}
