import { DataSource } from 'typeorm';
import { mapWithConcurrency } from '../../src/feeds/feed-scheduler.service';
import { FeedSyncService, SyncOutcome } from '../../src/feeds/feed-sync.service';
import type { CreateFeedDto } from '../../src/feeds/feeds.dto';
import { FeedsService } from '../../src/feeds/feeds.service';
import type { User } from '../../src/users/user.entity';
import { UsersService } from '../../src/users/users.service';
import { startApp } from '../lib/app-under-test';
import { startFeedServer } from '../lib/feed-server';
import { round, Scenario, ScenarioEntry } from '../lib/scenario';
import { BENCH_PASSWORD } from '../lib/seed-calendar';

const USERS = 30;
const FEEDS = 300;
const EVENTS_PER_FEED = 200;
const EXPECTED = FEEDS * EVENTS_PER_FEED;

/**
 * 300 feeds of 200 bookings for 30 hosts, served by a local node:http server with ETags: (a) the first, full
 * sync of every feed, (b) a re-sync where every feed answers 304. Syncs run the way FeedScheduler.syncAll does
 * without job workers (RUN_JOBS=false): FeedSyncService.sync per feed through mapWithConcurrency with
 * FEED_SYNC_CONCURRENCY. Only this scenario's feeds are synced: the read scenarios' hosts have feeds with
 * unreachable placeholder URLs whose failures would be noise here.
 */
export const feedSync: Scenario = {
  name: 'feed-sync',
  title: `full and unchanged sync of ${FEEDS} feeds × ${EVENTS_PER_FEED} events`,

  async run({ db }): Promise<ScenarioEntry[]> {
    const server = await startFeedServer(FEEDS, EVENTS_PER_FEED);
    // Its own app instance: only this scenario may fetch from loopback addresses.
    const app = await startApp(db, { ALLOW_PRIVATE_FEED_HOSTS: 'true' });
    try {
      const feedIds = await createFeeds(app.app.get(UsersService), app.app.get(FeedsService), server.urlOf);
      const sync = app.app.get(FeedSyncService);
      const concurrency = app.config.feeds.concurrency;
      const syncAll = async () => {
        const started = performance.now();
        const outcomes = await mapWithConcurrency(feedIds, concurrency, (id) => sync.sync(id));
        return { seconds: (performance.now() - started) / 1000, outcomes };
      };

      const full = await syncAll();
      const [{ n: stored }] = await app.app.get(DataSource).query('SELECT count(*)::int AS n FROM ical_feed_events WHERE feed_id = ANY($1::int[])', [feedIds]);
      const fetchedFull = server.counts[200];
      const unchanged = await syncAll();

      const fullProblems = [
        ...unexpected(full.outcomes, 'updated', EVENTS_PER_FEED),
        ...(stored === EXPECTED ? [] : [`${stored} events stored, expected exactly ${EXPECTED}`]),
        ...(fetchedFull === FEEDS ? [] : [`the feed server sent ${fetchedFull} full answers for ${FEEDS} feeds`]),
      ];
      const unchangedProblems = [
        ...unexpected(unchanged.outcomes, 'unchanged', EVENTS_PER_FEED),
        ...(server.counts[304] === FEEDS ? [] : [`${server.counts[304]} of ${FEEDS} re-sync answers were 304`]),
      ];
      const method = `${FEEDS} feeds for ${USERS} hosts from a local node:http feed server (ETag/304), synced with FeedSyncService.sync per feed, ${concurrency} at a time (mapWithConcurrency, as FeedScheduler.syncAll without job workers).`;
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
            answered304: server.counts[304],
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

/** Hosts and feeds created through the app's services, as POST /api/ical-feeds would; 10 feeds per host. */
async function createFeeds(users: UsersService, feeds: FeedsService, urlOf: (n: number) => string): Promise<number[]> {
  const hosts: User[] = [];
  for (let u = 0; u < USERS; u++) {
    hosts.push(await users.create({ username: `bench-feeds-${u}@example.com`, name: `Feedvert ${u}`, password: BENCH_PASSWORD, phoneNumber: '+47 400 00 000', accountNumber: '1234.56.78903' }, null));
  }
  const ids: number[] = [];
  for (let n = 0; n < FEEDS; n++) {
    const feed = await feeds.create(hosts[n % USERS], { name: `Kanal ${n}`, url: urlOf(n) } as CreateFeedDto);
    ids.push(feed.id);
  }
  return ids;
}

/** Every outcome must have the expected status and count; the first few deviations are reported. */
function unexpected(outcomes: SyncOutcome[], status: SyncOutcome['status'], count: number): string[] {
  const wrong = outcomes.filter((o) => o.status !== status || o.syncedCount !== count);
  if (!wrong.length) return [];
  return [`${wrong.length} feeds did not end '${status}' with ${count} events, e.g. ${wrong.slice(0, 3).map((o) => `feed ${o.feedId}: ${o.status} ${o.syncedCount}${o.error ? ` (${o.error})` : ''}`).join('; ')}`];
}
