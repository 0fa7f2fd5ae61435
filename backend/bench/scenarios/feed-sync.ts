import { DataSource } from 'typeorm';
import { mapWithConcurrency } from '../../src/bookings/booking-source-scheduler.service';
import { UPSERT_EXTERNAL_BOOKINGS, upsertParams } from '../../src/bookings/external-bookings.store';
import type { SourceSyncOutcome } from '../../src/bookings/booking-source.types';
import { expansionWindow, FeedSyncService } from '../../src/feeds/feed-sync.service';
import { toExternalBookings } from '../../src/feeds/ical-bookings';
import { parseFeed } from '../../src/feeds/import/parse-feed';
import type { CreateFeedDto } from '../../src/feeds/feeds.dto';
import { FeedsService } from '../../src/feeds/feeds.service';
import type { User } from '../../src/users/user.entity';
import { UsersService } from '../../src/users/users.service';
import { startApp } from '../lib/app-under-test';
import type { QueryPool } from '../lib/engines';
import { FeedServer, startFeedServer } from '../lib/feed-server';
import { round, Scenario, ScenarioEntry } from '../lib/scenario';
import { BENCH_PASSWORD } from '../lib/seed-calendar';

/**
 * One host per feed by default: each feed is one listing's whole calendar, as an owner's channels are kept apart by a
 * channel manager. With fewer hosts (BENCH_FEED_HOSTS=30, the setup before double bookings were detected) a host's
 * ten feeds carry the same nights (the feed server shifts dates by feed number modulo 5), so every booking is booked
 * ten times over: the worst case for double-booking detection, not an owner's sync.
 */
const USERS = Number(process.env.BENCH_FEED_HOSTS ?? 300);
const FEEDS = 300;
const EVENTS_PER_FEED = 200;
const EXPECTED = FEEDS * EVENTS_PER_FEED;

/**
 * 300 feeds of 200 bookings for USERS hosts, served by a local node:http server with ETags: (a) the first, full
 * sync of every feed, (b) a re-sync where every feed answers 304. Syncs run the way FeedScheduler.syncAll does
 * without job workers (RUN_JOBS=false): FeedSyncService.sync per feed through mapWithConcurrency with
 * FEED_SYNC_CONCURRENCY. Only this scenario's feeds are synced: the read scenarios' hosts have feeds with
 * unreachable placeholder URLs whose failures would be noise here.
 *
 * The bare baseline does the same work for a second set of 300 feeds without the app: node's fetch with the
 * stored ETag, the same parseFeed, and the app's own upsert statement on a plain pool, at the same concurrency. It
 * skips what makes a sync safe (the per-feed lock, the transaction, the removal rules, the feed's status row), which
 * is exactly the cost the ratio shows.
 */
export const feedSync: Scenario = {
  name: 'feed-sync',
  title: `full and unchanged sync of ${FEEDS} feeds × ${EVENTS_PER_FEED} events`,

  async run({ db }): Promise<ScenarioEntry[]> {
    const server = await startFeedServer(FEEDS, EVENTS_PER_FEED);
    // Its own app instance: only this scenario may fetch from loopback addresses.
    const app = await startApp(db, { ALLOW_PRIVATE_FEED_HOSTS: 'true' });
    try {
      const hosts = await createHosts(app.app.get(UsersService));
      const feedsService = app.app.get(FeedsService);
      const feedIds = (await createFeeds(feedsService, hosts, server.urlOf)).map((f) => f.id);
      const baselineFeeds = await createFeeds(feedsService, hosts, server.urlOf);
      const sync = app.app.get(FeedSyncService);
      const concurrency = app.config.feeds.concurrency;
      const syncAll = async () => {
        const started = performance.now();
        const outcomes = await mapWithConcurrency(feedIds, concurrency, (id) => sync.sync(id));
        return { seconds: (performance.now() - started) / 1000, outcomes };
      };
      const pool = db.openBaselinePool();
      const bare = bareSync(pool, baselineFeeds, server, concurrency, app.config.businessTimeZone);

      const countsBefore = { ...server.counts };
      const full = await syncAll();
      const [{ n: stored }] = await app.app.get(DataSource).query(`SELECT count(*)::int AS n FROM external_bookings WHERE source_kind = 'ical' AND source_id = ANY($1::int[])`, [feedIds]);
      const fetchedFull = server.counts[200] - countsBefore[200];
      const bareFull = await timed(bare);
      const counts304Before = server.counts[304];
      const unchanged = await syncAll();
      const answered304 = server.counts[304] - counts304Before;
      const bareUnchanged = await timed(bare);
      await pool.end();

      const fullProblems = [
        ...unexpected(full.outcomes, 'updated', EVENTS_PER_FEED),
        ...(stored === EXPECTED ? [] : [`${stored} events stored, expected exactly ${EXPECTED}`]),
        ...(fetchedFull === FEEDS ? [] : [`the feed server sent ${fetchedFull} full answers for ${FEEDS} feeds`]),
      ];
      const unchangedProblems = [
        ...unexpected(unchanged.outcomes, 'unchanged', EVENTS_PER_FEED),
        ...(answered304 === FEEDS ? [] : [`${answered304} of ${FEEDS} re-sync answers were 304`]),
      ];
      const method = `${FEEDS} feeds for ${USERS} hosts from a local node:http feed server (ETag/304), synced with FeedSyncService.sync per feed, ${concurrency} at a time (mapWithConcurrency, as FeedScheduler.syncAll without job workers); ratio = bare baseline seconds / app seconds for another ${FEEDS} feeds (fetch + parseFeed + the app's upsert statement on a plain pool).`;
      return [
        {
          scenario: 'feed-sync-full',
          method,
          figures: {
            seconds: round(full.seconds, 2),
            feeds: FEEDS,
            eventsStored: stored,
            feedsPerSecond: round(FEEDS / full.seconds, 1),
            eventsPerSecond: round(stored / full.seconds),
            msPerFeed: round((full.seconds * 1000) / FEEDS, 1),
            concurrency,
            baselineSeconds: round(bareFull.seconds, 2),
            ratio: round(bareFull.seconds / full.seconds, 3),
          },
          target: { figure: 'seconds', op: '<', value: 60 },
          problems: fullProblems,
        },
        {
          scenario: 'feed-sync-unchanged',
          method,
          figures: {
            seconds: round(unchanged.seconds, 2),
            fullSeconds: round(full.seconds, 2),
            ratioToFull: round(unchanged.seconds / full.seconds, 3),
            feedsPerSecond: round(FEEDS / unchanged.seconds, 1),
            msPerFeed: round((unchanged.seconds * 1000) / FEEDS, 1),
            answered304,
            baselineSeconds: round(bareUnchanged.seconds, 2),
            ratio: round(bareUnchanged.seconds / unchanged.seconds, 3),
          },
          target: { figure: 'ratioToFull', op: '<', value: 0.1 },
          problems: unchangedProblems,
        },
      ];
    } finally {
      await app.close();
      await server.close();
    }
  },
};

async function createHosts(users: UsersService): Promise<User[]> {
  const hosts: User[] = [];
  for (let u = 0; u < USERS; u++) {
    hosts.push(await users.create({ username: `bench-feeds-${u}@example.com`, name: `Feedvert ${u}`, password: BENCH_PASSWORD, phoneNumber: '+47 400 00 000', accountNumber: '1234.56.78903' }, null));
  }
  return hosts;
}

/** Feeds created through the app's service, as POST /api/ical-feeds would; feed n belongs to host n mod USERS. */
async function createFeeds(feeds: FeedsService, hosts: User[], urlOf: (n: number) => string): Promise<{ id: number; userId: number; propertyId: number; n: number }[]> {
  const created: { id: number; userId: number; propertyId: number; n: number }[] = [];
  for (let n = 0; n < FEEDS; n++) {
    const host = hosts[n % hosts.length];
    const feed = await feeds.create(host, { name: `Kanal ${n}`, url: urlOf(n) } as CreateFeedDto);
    created.push({ id: feed.id, userId: host.id, propertyId: feed.propertyId, n });
  }
  return created;
}

async function timed(work: () => Promise<unknown>): Promise<{ seconds: number }> {
  const started = performance.now();
  await work();
  return { seconds: (performance.now() - started) / 1000 };
}

/**
 * One pass of the bare baseline over its feeds: conditional GET with the ETag it kept, parse, one upsert. Throws on
 * anything the app would have recorded as a failure, so a broken baseline cannot look fast.
 */
function bareSync(pool: QueryPool, feeds: { id: number; userId: number; propertyId: number; n: number }[], server: FeedServer, concurrency: number, zone: string) {
  const etags = new Map<number, string>();
  let generation = 0;
  return async () => {
    generation++;
    await mapWithConcurrency(feeds, concurrency, async ({ id, userId, propertyId, n }) => {
      const etag = etags.get(id);
      const res = await fetch(server.urlOf(n), { headers: etag ? { 'if-none-match': etag } : {} });
      if (res.status === 304) return;
      if (res.status !== 200) throw new Error(`baseline: feed ${n} answered ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      etags.set(id, res.headers.get('etag') ?? '');
      const parsed = parseFeed(body, { window: expansionWindow(new Date()), defaultTimeZone: zone, contentType: res.headers.get('content-type') ?? undefined });
      if (!parsed.ok || parsed.events.length !== EVENTS_PER_FEED) throw new Error(`baseline: feed ${n} parsed to ${parsed.ok ? parsed.events.length : parsed.error}`);
      await pool.query(UPSERT_EXTERNAL_BOOKINGS, upsertParams({ kind: 'ical', id, userId, propertyId }, generation, toExternalBookings(parsed.events, zone)));
    });
  };
}

/** Every outcome must have the expected status and count; the first few deviations are reported. */
function unexpected(outcomes: SourceSyncOutcome[], status: SourceSyncOutcome['status'], count: number): string[] {
  const wrong = outcomes.filter((o) => o.status !== status || o.syncedCount !== count);
  if (!wrong.length) return [];
  return [`${wrong.length} feeds did not end '${status}' with ${count} events, e.g. ${wrong.slice(0, 3).map((o) => `feed ${o.sourceId}: ${o.status} ${o.syncedCount}${o.error ? ` (${o.error})` : ''}`).join('; ')}`];
}
