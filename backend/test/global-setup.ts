import { mkdirSync, writeFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options';
import { createPglite } from '../src/database/open-database';
import { TEMPLATE_DIR, TEMPLATE_FILE } from './helpers/template';

/**
 * PGlite's initdb costs seconds; do it once, run the migrations, and let every test file start from this dump.
 * With DATABASE_URL set the tests run on PostgreSQL instead and need no template.
 */
export default async function globalSetup() {
  if (process.env.DATABASE_URL) return;
  const pglite = await createPglite();
  const ds = new DataSource(dataSourceOptions({ kind: 'pglite', pglite }, []));
  await ds.initialize();
  await ds.destroy();
  const dump = await pglite.dumpDataDir('none');
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
}
