import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options';
import { migrations } from '../src/database/migrations';
import { BookingSourceState1765730000000 } from '../src/database/migrations/1765730000000-booking-source-state';
import { createPglite, DatabaseHandle } from '../src/database/open-database';

/** An empty database (no migrations run): a new PGlite, or an emptied schema on DATABASE_URL's PostgreSQL. */
async function emptyDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return { kind: 'pglite', pglite: await createPglite() };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  await client.end();
  return { kind: 'postgres', url };
}

const dataSource = (handle: DatabaseHandle, upTo: number) =>
  new DataSource({ ...dataSourceOptions(handle, []), migrations: migrations.slice(0, upTo), migrationsRun: true } as never);

describe("migration to the booking sources' shared sync state names", () => {
  jest.setTimeout(60_000);
  let handle: DatabaseHandle;
  let ds: DataSource;
  beforeAll(async () => (handle = await emptyDatabase()));
  afterAll(async () => {
    if (ds?.isInitialized) await ds.destroy();
    if (handle.kind === 'pglite') await handle.pglite.close();
  });

  it("keeps Beds24's last sync and a feed's empty pulls under the shared names; undone, the old names are back", async () => {
    const index = migrations.indexOf(BookingSourceState1765730000000);
    ds = dataSource(handle, index);
    await ds.initialize();
    const [user] = await ds.query(`INSERT INTO users (username, name, email, password) VALUES ('vert@example.com', 'Vert', 'vert@example.com', 'x') RETURNING id`);
    await ds.query(
      `INSERT INTO beds24_config (user_id, credential_sealed, credential_kind, credential_last4, prop_id, last_sync) VALUES ($1, 'sealed', 'refresh', 'abcd', 7, '2026-06-01T12:00:00Z')`,
      [user.id],
    );
    await ds.query(`INSERT INTO ical_feeds (user_id, name, url, empty_parses) VALUES ($1, 'Airbnb', 'https://example.com/a.ics', 1)`, [user.id]);
    await ds.destroy();

    ds = dataSource(handle, index + 1);
    await ds.initialize();
    const [config] = await ds.query('SELECT last_synced FROM beds24_config');
    expect(new Date(config.last_synced).toISOString()).toBe('2026-06-01T12:00:00.000Z');
    expect(await ds.query('SELECT empty_pulls FROM ical_feeds')).toEqual([{ empty_pulls: 1 }]);

    await ds.undoLastMigration();
    const [back] = await ds.query('SELECT last_sync FROM beds24_config');
    expect(new Date(back.last_sync).toISOString()).toBe('2026-06-01T12:00:00.000Z');
    expect(await ds.query('SELECT empty_parses FROM ical_feeds')).toEqual([{ empty_parses: 1 }]);
  });
});
