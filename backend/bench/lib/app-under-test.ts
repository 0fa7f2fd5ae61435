import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/app.factory';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import type { BenchDatabase } from './engines';
import { probe } from './http-probe';

/** The real app (createApp, as main.ts builds it) listening on loopback over a bench database. */
export interface AppUnderTest {
  app: INestApplication;
  config: AppConfig;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** The secret connect.sid is signed with; baseline servers need it to unsign the cookie. */
  sessionSecret: string;
  /** Whether a built frontend is mounted (its static middleware runs before the API routes). */
  frontendServed: boolean;
  /** Logs in through POST /api/login and answers the Cookie header value the app set. */
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/** `env` adds settings a single scenario needs (e.g. ALLOW_PRIVATE_FEED_HOSTS for a local feed server). */
export async function startApp(db: BenchDatabase, env: Record<string, string> = {}): Promise<AppUnderTest> {
  // Only what a benchmark must control is set; everything else is the default a deployment gets.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eierportal-bench-app-'));
  // A second instance of the same deployment passes the first one's SESSION_SECRET in `env`, as instances share it.
  const sessionSecret = env.SESSION_SECRET ?? randomBytes(32).toString('hex');
  // No scheduler or job workers: background ticks would be noise in the figures.
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SESSION_SECRET: sessionSecret, PUBLIC_URL: 'http://127.0.0.1', RUN_JOBS: 'false', ...env });
  const app = await createApp(config, db.handle, { logger: false });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    app,
    config,
    url,
    sessionSecret,
    // The condition serveFrontend in app.factory.ts mounts the SPA on.
    frontendServed: existsSync(path.join(config.frontendDist, 'index.html')),
    async login(username, password) {
      const body = JSON.stringify({ username, password });
      const res = await probe(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }, body });
      if (res.status !== 200) throw new Error(`POST /api/login answered ${res.status}: ${res.body.toString()}`);
      const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('connect.sid='));
      if (!cookie) throw new Error('POST /api/login set no connect.sid cookie');
      return cookie.split(';')[0];
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
