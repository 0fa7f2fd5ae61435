/**
 * Once per browser-test run (node --test --test-global-setup): boots the built app on a fresh embedded database,
 * which runs initdb, the migrations and the first admin, stops it, and keeps its data folder as the template each
 * test file's app starts from (lib/server.mjs copies it). Removed again at the end of the run.
 */
import { rm } from 'node:fs/promises';
import { dataTemplateDir } from './paths.mjs';
import { startApp } from './server.mjs';

export async function globalSetup() {
  await rm(dataTemplateDir, { recursive: true, force: true });
  const app = await startApp({ dataDir: dataTemplateDir });
  await app.stop();
}

export async function globalTeardown() {
  await rm(dataTemplateDir, { recursive: true, force: true });
}
