import 'reflect-metadata';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApiDocument } from './api-docs/api-document';
import pluginMetadata from './metadata';
import { createApp } from './app.factory';
import { loadConfig } from './config/app-config';
import { createPglite } from './database/open-database';

/**
 * `node dist/src/openapi.js <file>`: writes the OpenAPI document that /api/docs-json serves, without a server or
 * a database of anyone's: the app boots on a throwaway in-memory PGlite. The root `npm run api:types` feeds it to
 * openapi-typescript.
 */
async function main() {
  const out = process.argv[2];
  if (!out) throw new Error('usage: node dist/src/openapi.js <output.json>');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eierportal-openapi-'));
  const pglite = await createPglite();
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'openapi', FRONTEND_DIST: path.join(dataDir, 'none'), RUN_JOBS: 'false' });
  const app = await createApp(config, { kind: 'pglite', pglite }, { logger: false });
  try {
    writeFileSync(out, `${JSON.stringify(await buildApiDocument(app, pluginMetadata), null, 2)}\n`);
  } finally {
    await app.close();
    await pglite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
