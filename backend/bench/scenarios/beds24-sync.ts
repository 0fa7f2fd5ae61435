import { DataSource } from 'typeorm';
import { UPSERT_EXTERNAL_BOOKINGS, upsertParams } from '../../src/bookings/external-bookings.store';
import { syncWindow, toExternalBooking } from '../../src/beds24/beds24-bookings';
import { BEDS24_STATUSES, readBooking } from '../../src/beds24/beds24-client';
import { BEDS24_SYNC_CONCURRENCY } from '../../src/beds24/beds24-scheduler.service';
import { Beds24SyncService } from '../../src/beds24/beds24-sync.service';
import type { SourceSyncOutcome } from '../../src/bookings/booking-source.types';
import { Beds24Service } from '../../src/beds24/beds24.service';
import { mapWithConcurrency } from '../../src/bookings/booking-source-scheduler.service';
import { User } from '../../src/users/user.entity';
import { UsersService } from '../../src/users/users.service';
import { Beds24Server, booking } from '../../test/helpers/beds24-server';
import { startApp } from '../lib/app-under-test';
import type { QueryPool } from '../lib/engines';
import { round, Scenario, ScenarioEntry } from '../lib/scenario';
import { BENCH_PASSWORD } from '../lib/seed-calendar';

const CONFIGS = 200;
const BOOKINGS_PER_CONFIG = 300;
const EXPECTED = CONFIGS * BOOKINGS_PER_CONFIG;
const FIRST_PROPERTY = 70_000;
/** The baseline's bookings are stored under source ids no configuration has. */
const BASELINE_SOURCE = 9_000_000;

/**
 * 200 Beds24 configurations of 300 bookings each (three pages apiece), served by the tests' fake Beds24 server
 * (test/helpers/beds24-server.ts) on loopback: (a) the first, full sync of every configuration, (b) a re-sync where
 * nothing changed, which must write no booking row. Syncs run as the scheduler's workers run them:
 * Beds24SyncService.sync per configuration, BEDS24_SYNC_CONCURRENCY at a time.
 *
 * The bare baseline does the same fetches (an access token per account, then the three pages with the same query)
 * and the app's own upsert statement on a plain pool, for the same properties at the same concurrency, both passes.
 * It skips what makes a sync safe (the lock, the token bookkeeping, the row checks, the removal rules, the status
 * row), which is the cost the ratio shows.
 */
export const beds24Sync: Scenario = {
  name: 'beds24-sync',
  title: `full and unchanged sync of ${CONFIGS} Beds24 configurations × ${BOOKINGS_PER_CONFIG} bookings`,

  async run({ db }): Promise<ScenarioEntry[]> {
    const server = await new Beds24Server().start();
    server.bookings = [];
    let id = 1;
    for (let c = 0; c < CONFIGS; c++) {
      for (let b = 0; b < BOOKINGS_PER_CONFIG; b++) {
        const day = new Date(Date.UTC(2026, 0, 1) + ((b * 3) % 700) * 86_400_000).toISOString().slice(0, 10);
        const end = new Date(Date.parse(day) + 2 * 86_400_000).toISOString().slice(0, 10);
        server.bookings.push(booking(id++, { propertyId: FIRST_PROPERTY + c, arrival: day, departure: end, channel: b % 2 ? 'airbnb' : 'booking', apiReference: b % 2 ? `HM${String(id).padStart(8, '0')}` : '', firstName: `G${b}` }));
      }
    }
    const app = await startApp(db, { ALLOW_PRIVATE_FEED_HOSTS: 'true', BEDS24_API_URL: server.url });
    try {
      const hosts = await createHosts(app.app.get(DataSource), app.app.get(UsersService));
      const configs = app.app.get(Beds24Service);
      const configIds: number[] = [];
      for (let c = 0; c < CONFIGS; c++) {
        configIds.push((await configs.save(hosts[c].id, { apiKey: server.refreshToken(), propId: FIRST_PROPERTY + c, syncHistoricalDays: 1095, syncFutureDays: 730 })).id);
      }
      const sync = app.app.get(Beds24SyncService);
      const syncAll = async () => {
        const started = performance.now();
        const outcomes = await mapWithConcurrency(configIds, BEDS24_SYNC_CONCURRENCY, (configId) => sync.sync(configId));
        return { seconds: (performance.now() - started) / 1000, outcomes };
      };
      const ds = app.app.get(DataSource);
      const written = async () => (await ds.query(`SELECT count(*)::int AS n, coalesce(max(sync_generation), 0)::bigint AS g, max(updated_at) AS at FROM external_bookings WHERE source_kind = 'beds24' AND source_id = ANY($1::int[])`, [configIds]))[0];

      const pool = db.openBaselinePool();
      const bare = bareSync(pool, hosts, server, app.config.businessTimeZone);
      const full = await syncAll();
      const afterFull = await written();
      const bareFull = await timed(bare);
      const unchanged = await syncAll();
      const afterUnchanged = await written();
      const bareUnchanged = await timed(bare);
      await pool.end();

      const fullProblems = [
        ...unexpected(full.outcomes, 'updated', BOOKINGS_PER_CONFIG),
        ...(afterFull.n === EXPECTED ? [] : [`${afterFull.n} bookings stored, expected exactly ${EXPECTED}`]),
      ];
      const unchangedProblems = [
        ...unexpected(unchanged.outcomes, 'unchanged', 0),
        ...(String(afterUnchanged.g) === String(afterFull.g) && String(afterUnchanged.at) === String(afterFull.at) ? [] : ['the unchanged sync wrote booking rows']),
      ];
      const method = `${CONFIGS} configurations (one account and property each) on a local fake Beds24 server, 3 pages each, synced with Beds24SyncService.sync, ${BEDS24_SYNC_CONCURRENCY} at a time (as the scheduler's workers); ratio = bare baseline seconds / app seconds (the same token and page fetches + the app's upsert statement on a plain pool).`;
      return [
        {
          scenario: 'beds24-sync-full',
          method,
          figures: {
            seconds: round(full.seconds, 2),
            configurations: CONFIGS,
            bookingsStored: afterFull.n,
            msPerConfiguration: round((full.seconds * 1000) / CONFIGS, 1),
            baselineSeconds: round(bareFull.seconds, 2),
            ratio: round(bareFull.seconds / full.seconds, 3),
          },
          target: { figure: 'seconds', op: '<', value: 60 },
          problems: fullProblems,
        },
        {
          scenario: 'beds24-sync-unchanged',
          method,
          figures: {
            seconds: round(unchanged.seconds, 2),
            fullSeconds: round(full.seconds, 2),
            msPerConfiguration: round((unchanged.seconds * 1000) / CONFIGS, 1),
            baselineSeconds: round(bareUnchanged.seconds, 2),
            ratio: round(bareUnchanged.seconds / unchanged.seconds, 3),
          },
          target: { figure: 'seconds', op: '<', value: 10 },
          problems: unchangedProblems,
        },
      ];
    } finally {
      await app.close();
      await server.stop();
    }
  },
};

/** One host per configuration, written straight to the table with one shared password hash (argon2 per user would dominate the setup). */
async function createHosts(ds: DataSource, users: UsersService): Promise<User[]> {
  const passwordHash = await users.hashPassword(BENCH_PASSWORD);
  const repo = ds.getRepository(User);
  const hosts: User[] = [];
  for (let u = 0; u < CONFIGS; u++) {
    const username = `bench-beds24-${u}@example.com`;
    hosts.push(await repo.save(repo.create({ username, email: username, name: `Beds24-vert ${u}`, passwordHash, isAdmin: false, isMiniAdmin: false })));
  }
  return hosts;
}

async function timed(work: () => Promise<unknown>): Promise<{ seconds: number }> {
  const started = performance.now();
  await work();
  return { seconds: (performance.now() - started) / 1000 };
}

/**
 * One pass of the bare baseline: per property a token (once), then every page of the same query, and the app's
 * upsert statement. Throws when a property does not come back whole, so a broken baseline cannot look fast.
 */
function bareSync(pool: QueryPool, hosts: User[], server: Beds24Server, zone: string) {
  const tokens = new Map<number, string>();
  let generation = 0;
  return async () => {
    generation++;
    await mapWithConcurrency(hosts.map((h, c) => ({ host: h, c })), BEDS24_SYNC_CONCURRENCY, async ({ host, c }) => {
      const propertyId = FIRST_PROPERTY + c;
      let token = tokens.get(c);
      if (!token) {
        const res = await fetch(`${server.url}/authentication/token`, { headers: { refreshToken: server.refreshToken() } });
        token = ((await res.json()) as { token: string }).token;
        tokens.set(c, token);
      }
      const rows = [];
      for (let page = 1; ; page++) {
        const window = syncWindow(new Date(), zone, 1095, 730);
        const params: [string, string][] = [['propertyId', String(propertyId)], ...BEDS24_STATUSES.map((s): [string, string] => ['status', s]), ['departureFrom', window.departureFrom], ['arrivalTo', window.arrivalTo]];
        if (page > 1) params.push(['page', String(page)]);
        const query = new URLSearchParams(params);
        const res = await fetch(`${server.url}/bookings?${query}`, { headers: { token } });
        const body = (await res.json()) as { data: unknown[]; pages: { nextPageExists: boolean } };
        rows.push(...body.data);
        if (!body.pages.nextPageExists) break;
      }
      if (rows.length !== BOOKINGS_PER_CONFIG) throw new Error(`baseline: property ${propertyId} gave ${rows.length} bookings`);
      const bookings = rows.map((r) => toExternalBooking(readBooking(r)!, zone));
      // The host's property, as the app's configuration for them names it.
      const { rows: [config] } = await pool.query('SELECT property_id FROM beds24_config WHERE user_id = $1', [host.id]);
      await pool.query(UPSERT_EXTERNAL_BOOKINGS, upsertParams({ kind: 'beds24', id: BASELINE_SOURCE + c, userId: host.id, propertyId: config.property_id }, generation, bookings));
    });
  };
}

/** Every sync must end `status`, creating `created` bookings; the first few deviations are reported. */
function unexpected(outcomes: SourceSyncOutcome[], status: SourceSyncOutcome['status'], created: number): string[] {
  const wrong = outcomes.filter((o) => o.status !== status || o.created !== created);
  if (!wrong.length) return [];
  return [`${wrong.length} configurations did not end '${status}' with ${created} created, e.g. ${wrong.slice(0, 3).map((o) => `config ${o.sourceId}: ${o.status} ${o.created}${o.error ? ` (${o.error})` : ''}`).join('; ')}`];
}
