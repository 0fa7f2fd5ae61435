import { mkdirSync, writeFileSync } from 'node:fs';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options';
import { createPglite } from '../src/database/open-database';
import { TEMPLATE_DIR, TEMPLATE_FILE } from './helpers/template';
import { workerDatabaseUrl } from './helpers/worker-database';

/** One database per jest worker on DATABASE_URL's server (setup-worker-database.ts points each worker at its own). */
async function createWorkerDatabases(baseUrl: string, workers: number) {
  const client = new Client({ connectionString: baseUrl });
  await client.connect();
  try {
    for (let worker = 1; worker <= workers; worker++) {
      const name = new URL(workerDatabaseUrl(baseUrl, String(worker))).pathname.slice(1);
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    }
  } finally {
    await client.end();
  }
}

/**
 * PGlite's initdb costs seconds; do it once, run the migrations, and let every test file start from this dump.
 * With DATABASE_URL set the tests run on PostgreSQL instead, in a database per worker, and need no template.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }) {
  if (process.env.DATABASE_URL) return createWorkerDatabases(process.env.DATABASE_URL, globalConfig.maxWorkers);
  const pglite = await createPglite();
  const ds = new DataSource(dataSourceOptions({ kind: 'pglite', pglite }, []));
  await ds.initialize();
  await ds.destroy();
  const dump = await pglite.dumpDataDir('none');
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
}
