import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { DatabaseHandle, describeDatabase, openEmbedded } from '../../src/database/open-database';
import { pglitePool } from '../../src/database/pglite-pg-driver';

export type EngineName = 'postgres' | 'pglite';
export const ENGINES: EngineName[] = ['postgres', 'pglite'];

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/bench';

/** The slice of a `pg` pool a baseline server needs; pg.Pool and the app's PGlitePool both fit. */
export interface QueryPool {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL rows, typed as pg types them
  query(text: string, params?: unknown[]): Promise<{ rows: any[] }>;
  end(): Promise<void> | void;
}

/** A fresh, empty database on one engine, ready for createApp. */
export interface BenchDatabase {
  engine: EngineName;
  handle: DatabaseHandle;
  /** Where the data lives and which server version, for the printout and latest.json. */
  description: string;
  version: string;
  /** A pool on the same driver the app uses, for baseline servers (shares the instance on PGlite). */
  openBaselinePool(): QueryPool;
  /** Removes what prepare() created; call after the app is closed. */
  dispose(): Promise<void>;
}

/** Either a ready database or the reason this engine cannot be measured here. */
export type PreparedEngine = { ok: true; db: BenchDatabase } | { ok: false; reason: string };

/** Engines from BENCH_ENGINES (comma separated), all of them by default. */
export function selectedEngines(raw = process.env.BENCH_ENGINES): EngineName[] {
  if (!raw?.trim()) return ENGINES;
  const names = raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  const unknown = names.filter((n) => !ENGINES.includes(n as EngineName));
  if (unknown.length) throw new Error(`BENCH_ENGINES: unknown engine ${unknown.join(', ')}; use ${ENGINES.join(',')}.`);
  return names as EngineName[];
}

export function prepareEngine(engine: EngineName): Promise<PreparedEngine> {
  return engine === 'postgres' ? preparePostgres(process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL) : preparePglite();
}

/** The pool size TypeORM gives the app, so the baseline gets exactly as many connections. */
function appPoolSize(handle: DatabaseHandle): number {
  const size = (dataSourceOptions(handle, []) as { poolSize?: number }).poolSize;
  if (!size) throw new Error('dataSourceOptions no longer sets poolSize for PostgreSQL; the baseline needs the same size.');
  return size;
}

/** PGlite in a temporary DATA_DIR, created the way the app creates it on first start. */
async function preparePglite(): Promise<PreparedEngine> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eierportal-bench-'));
  const handle = await openEmbedded(dataDir);
  if (handle.kind !== 'pglite') throw new Error('openEmbedded did not return a PGlite handle');
  const version = (await handle.pglite.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0].v;
  return {
    ok: true,
    db: {
      engine: 'pglite',
      handle,
      description: describeDatabase(handle),
      version: `PGlite (PostgreSQL ${version})`,
      openBaselinePool: () => pglitePool(handle.pglite),
      dispose: async () => {
        await handle.pglite.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    },
  };
}

/** BENCH_DATABASE_URL's database, created if missing, with an emptied public schema. */
async function preparePostgres(url: string): Promise<PreparedEngine> {
  const target = new URL(url);
  const dbName = decodeURIComponent(target.pathname.slice(1)) || 'bench';
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';

  const admin = new pg.Client({ connectionString: adminUrl.toString(), connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (e) {
    await admin.end().catch(() => undefined);
    return { ok: false, reason: `${describeDatabase({ kind: 'postgres', url })} is unreachable (${e.message || e.code})` };
  }
  let version: string;
  try {
    version = (await admin.query('SHOW server_version')).rows[0].server_version;
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(dbName)}`);
  } finally {
    await admin.end();
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  } finally {
    await client.end();
  }

  const handle: DatabaseHandle = { kind: 'postgres', url };
  return {
    ok: true,
    db: {
      engine: 'postgres',
      handle,
      description: describeDatabase(handle),
      version: `PostgreSQL ${version}`,
      openBaselinePool: () => new pg.Pool({ connectionString: url, max: appPoolSize(handle) }),
      dispose: async () => undefined,
    },
  };
}
