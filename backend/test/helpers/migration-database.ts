import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { migrations } from '../../src/database/migrations';
import { createPglite, DatabaseHandle } from '../../src/database/open-database';

/** An empty database (no migrations run): a new PGlite, or an emptied schema on DATABASE_URL's PostgreSQL. */
export async function emptyDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return { kind: 'pglite', pglite: await createPglite() };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  await client.end();
  return { kind: 'postgres', url };
}

/** The database with the first `upTo` migrations run, for a test of the next one's up and down. */
export const migratedUpTo = (handle: DatabaseHandle, upTo: number) =>
  new DataSource({ ...dataSourceOptions(handle, []), migrations: migrations.slice(0, upTo), migrationsRun: true } as never);

/**
 * A migration test's database: empty when the file starts, closed when it ends. `upTo(n)` opens it with the first n
 * migrations run (closing the one open before), for a test of the next one's up and down.
 */
export function migrationDatabase(): { upTo(count: number): Promise<DataSource> } {
  let handle: DatabaseHandle;
  let ds: DataSource | undefined;
  beforeAll(async () => (handle = await emptyDatabase()));
  afterAll(async () => {
    if (ds?.isInitialized) await ds.destroy();
    if (handle.kind === 'pglite') await handle.pglite.close();
  });
  return {
    async upTo(count) {
      if (ds?.isInitialized) await ds.destroy();
      ds = migratedUpTo(handle, count);
      await ds.initialize();
      return ds;
    },
  };
}
