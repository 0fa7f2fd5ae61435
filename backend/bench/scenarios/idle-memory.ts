import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { round, Scenario } from '../lib/scenario';

/** How long the server sits idle before its memory is read; its jobs' first ticks and the parse workers' idle exit fall inside. */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS || 90);
const TARGET_MB = 400;
// This file runs from dist/bench/scenarios; the server it starts is dist/src/main.js, as `npm start` runs it.
const MAIN = path.resolve(__dirname, '..', '..', 'src', 'main.js');

/** Resident memory of a process from /proc, in MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line.split(/\s+/)[1]) / 1024;
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${url}/api/health did not answer within ${timeoutMs} ms`);
}

/**
 * `npm start` on the embedded database sits below 400 MB resident when idle. Runs the built server as
 * `npm start` does (backend/dist/src/main.js, its jobs on, a fresh DATA_DIR, so PGlite's initdb and the migrations
 * happen as on a first start), lets it idle, and reads its RSS. Embedded database only: with DATABASE_URL the
 * database's memory is another process's.
 */
export const idleMemory: Scenario = {
  name: 'idle-memory',
  title: `npm start on PGlite, resident memory after ${IDLE_SECONDS} s idle`,

  async run({ db }) {
    if (db.engine !== 'pglite') return [];
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eierportal-bench-idle-'));
    const port = 30_000 + Math.floor(Math.random() * 20_000);
    const { DATABASE_URL: _external, ...env } = process.env;
    const server = spawn(process.execPath, [MAIN], {
      env: { ...env, PORT: String(port), DATA_DIR: dataDir, ADMIN_EMAIL: 'idle@example.com', ADMIN_PASSWORD: 'idle-bench-password' },
      stdio: 'ignore',
    });
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, 120_000);
      const startedMb = rssMb(server.pid!);
      await sleep(IDLE_SECONDS * 1000);
      const idleMb = rssMb(server.pid!);
      return [
        {
          scenario: 'idle-memory',
          method: `node backend/dist/src/main.js on a fresh DATA_DIR (embedded PGlite, jobs running); RSS from /proc at /api/health's first answer and after ${IDLE_SECONDS} s without requests.`,
          figures: { startedMb: round(startedMb), idleMb: round(idleMb), idleSeconds: IDLE_SECONDS },
          target: { figure: 'idleMb', op: '<', value: TARGET_MB },
        },
      ];
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
