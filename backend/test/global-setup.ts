import { mkdirSync, writeFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options';
import { createPglite } from '../src/database/open-database';
import { TEMPLATE_DIR, TEMPLATE_FILE } from './helpers/template';
import { copyTemplateTo, recreateEmpty, templateDatabaseUrl, workerDatabaseUrl } from './helpers/worker-database';

/**
 * On PostgreSQL: the migrations run once, into the template each test file's database is copied from
 * (helpers/worker-database.ts); each worker's database exists from the start for files that manage it themselves.
 */
async function createTemplateAndWorkerDatabases(baseUrl: string, workers: number) {
  const templateUrl = templateDatabaseUrl(baseUrl);
  await recreateEmpty(templateUrl);
  const ds = new DataSource(dataSourceOptions({ kind: 'postgres', url: templateUrl }, []));
  await ds.initialize();
  await ds.destroy();
  for (let worker = 1; worker <= workers; worker++) await copyTemplateTo(workerDatabaseUrl(baseUrl, String(worker)), templateUrl);
}

/**
 * PGlite's initdb costs seconds; do it once, run the migrations, and let every test file start from this dump.
 * With DATABASE_URL set the tests run on PostgreSQL instead, in a database per worker copied from a template there.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }, projectConfig: { testMatch: string[] }) {
  // The unit tests (src/**/*.spec.ts) need no database; the API and service tests (test/) do.
  if (!projectConfig.testMatch.some((pattern) => pattern.includes('/test/'))) return;
  if (process.env.DATABASE_URL) return createTemplateAndWorkerDatabases(process.env.DATABASE_URL, globalConfig.maxWorkers);
  const pglite = await createPglite();
  const ds = new DataSource(dataSourceOptions({ kind: 'pglite', pglite }, []));
  await ds.initialize();
  await ds.destroy();
  const dump = await pglite.dumpDataDir('none');
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
}
