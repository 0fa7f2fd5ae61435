import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import pg from 'pg';
import { isDatabaseUnavailable } from './database-unavailable';
import { ConfigError } from '../config/app-config';

/** PostgreSQL type ids whose parsing both engines must agree on. */
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

/** Dates stay 'YYYY-MM-DD' strings (all-day items are dates, not instants); money and counts stay exact strings. */
pg.types.setTypeParser(DATE, (v: string) => v);
export const pgliteParsers = {
  [INT8]: (v: string) => v,
  [NUMERIC]: (v: string) => v,
  [DATE]: (v: string) => v,
};

/**
 * Memory settings of the embedded engine. PGlite's defaults are a server's (128 MB shared buffers, 10 MB temp and
 * 4 MB WAL buffers), all inside the app's own process and resident once touched; one embedded database serving one
 * small team needs a fraction of that, and the operating system's page cache still holds its files. These keep
 * `npm start` on PGlite below 400 MB resident. PostgreSQL proper is configured by its operator.
 */
const PGLITE_MEMORY_SETTINGS = ['shared_buffers=16MB', 'temp_buffers=1MB', 'wal_buffers=1MB'];

/** Every embedded instance (app, tests, benchmarks) opens with the same parsers, extensions and memory settings. */
export function createPglite(options: Pick<PGliteOptions, 'dataDir' | 'loadDataDir'> = {}): Promise<PGlite> {
  // btree_gist backs the (user, time range) GiST indexes of the calendar tables.
  // On the command line (-c), beside PGlite's own start parameters: postgresql.conf in the data folder stays as is.
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS.flatMap((setting) => ['-c', setting])];
  return PGlite.create({ ...options, parsers: pgliteParsers, extensions: { btree_gist }, startParams });
}

export type DatabaseHandle =
  | { kind: 'pglite'; pglite: PGlite; dataDir?: string }
  /**
   * `url` is the app role's connection; `ownerUrl`, when given and another role's, runs the migrations and the job
   * queue's schema, and the app role gets only the rights it needs (database/app-role.ts).
   */
  | { kind: 'postgres'; url: string; ownerUrl?: string };

export function describeDatabase(handle: DatabaseHandle): string {
  if (handle.kind === 'pglite') return handle.dataDir ? `embedded PGlite at ${handle.dataDir}` : 'embedded PGlite in memory';
  const url = new URL(handle.url);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

/** Opens the embedded database under dataDir/db, creating it on first start. */
export async function openEmbedded(dataDir: string): Promise<DatabaseHandle> {
  const dir = path.join(dataDir, 'db');
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (e) {
    throw new ConfigError(`DATA_DIR ${dataDir} cannot be written (${e.code ?? e.message}); set DATA_DIR to a writable folder.`);
  }
  try {
    // The first start runs initdb, whose WebAssembly instance PGlite keeps for the life of the database object
    // (~250 MB resident); closing the new database and opening it again leaves only the server's.
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await (await createPglite({ dataDir: dir })).close();
    const pglite = await createPglite({ dataDir: dir });
    return { kind: 'pglite', pglite, dataDir: dir };
  } catch (e) {
    throw new ConfigError(`The embedded database in ${dir} could not be opened (${e.message}); is another process using it?`);
  }
}

/**
 * Checks that PostgreSQL answers before the app is built on it. A server that is starting or restarting (refused,
 * 'starting up', connection cut) is waited for up to `waitMs`, so instances started with their database, or during
 * its restart, come up once it does; a wrong address, name or password stops the boot at once.
 */
export async function openPostgres(url: string, waitMs = 30_000, ownerUrl?: string): Promise<DatabaseHandle> {
  await reachPostgres(url, waitMs);
  if (ownerUrl && ownerUrl !== url) await reachPostgres(ownerUrl, waitMs);
  return { kind: 'postgres', url, ownerUrl: ownerUrl && ownerUrl !== url ? ownerUrl : undefined };
}

async function reachPostgres(url: string, waitMs: number): Promise<void> {
  const until = Date.now() + waitMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    client.on('error', () => undefined); // a cut after the check is of no interest: this client is ending
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (e) {
      if (!isDatabaseUnavailable(e) || Date.now() > until) {
        const where = describeDatabase({ kind: 'postgres', url });
        throw new ConfigError(`Could not connect to ${where}: ${e.message || e.code}.`);
      }
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Empties a PostgreSQL database (every schema of the app and of pg-boss); for tests, which start from nothing. */
export async function resetSchema(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS pgboss CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  } finally {
    await client.end();
  }
}
