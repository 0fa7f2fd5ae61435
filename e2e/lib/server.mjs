/**
 * Runs the real built app (backend/dist + frontend/dist) for one test file: a free port, a fresh data folder with
 * the embedded database, the first admin from ADMIN_EMAIL/ADMIN_PASSWORD. Browser tests always use the embedded
 * database, so a DATABASE_URL in the environment is not passed on. The app serves a copy of frontend/dist, so a
 * rebuild during the run (a watcher, another build in the same tree) cannot swap the assets under the browser.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { backendMain, dataTemplateDir, frontendDist, frontendIndex, repoRoot } from './paths.mjs';

export const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };

/** PGlite's first start (initdb) takes a few seconds; a cold machine may need more. */
const BOOT_TIMEOUT_MS = 60_000;
const HEALTH_POLL_MS = 100;
const STOP_TIMEOUT_MS = 10_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function isHealthy(url) {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
    return res.ok && (await res.json()).status === 'ok';
  } catch {
    return false;
  }
}

/**
 * Starts the app and resolves once /api/health answers. `stop()` ends it and removes its data;
 * `logTail()` gives the last lines it printed (for failure reports). `env` adds settings for this app only
 * (e.g. ALLOW_PRIVATE_FEED_HOSTS for a feed served from this machine); the ones below always win. A test that
 * restarts the app as a deploy would passes the `port`, `dataDir` and `frontendDir` (served as it is, not copied) it
 * keeps across the restart.
 */
export async function startApp({ env: extraEnv = {}, dataDir, port: givenPort, frontendDir } = {}) {
  for (const built of [backendMain, frontendIndex]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` in the repository root first.`);
  }
  const port = givenPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const runDir = await mkdtemp(path.join(tmpdir(), 'eierportal-e2e-'));
  const servedFrontend = frontendDir ?? path.join(runDir, 'frontend');
  if (!frontendDir) await cp(frontendDist, servedFrontend, { recursive: true });
  // A copy of the run's migrated database (global-setup.mjs) spares each file PGlite's initdb and the migrations.
  if (!dataDir && existsSync(dataTemplateDir)) await cp(dataTemplateDir, path.join(runDir, 'data'), { recursive: true });
  const { DATABASE_URL: _notPassedOn, ...inherited } = process.env;
  const env = {
    ...inherited,
    // OWASP's minimum argon2id cost (docs/security.md, Passwords): the tests sign in hundreds of times.
    ARGON2_MEMORY_KIB: '19456',
    ARGON2_TIME_COST: '2',
    ARGON2_PARALLELISM: '1',
    ...extraEnv,
    NO_COLOR: '1', // plain log lines in failure reports
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir ?? path.join(runDir, 'data'),
    FRONTEND_DIST: servedFrontend,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };

  const log = [];
  // The tests run on the project's Node 24, so process.execPath is that Node.
  const child = spawn(process.execPath, ['--enable-source-maps', backendMain], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => log.push(...chunk.split('\n').filter(Boolean)));
  }
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let exit = null;
  void exited.then((result) => (exit = result));
  // Should the test run itself be ended early, the app must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  // Nest's route and module listing at boot says nothing about a failure.
  const bootNoise = /\[(RouterExplorer|RoutesResolver|InstanceLoader)\]/;
  const logTail = (lines = 30) => log.filter((line) => !bootNoise.test(line)).slice(-lines).join('\n');
  const stop = async () => {
    process.off('exit', killOnExit);
    if (!exit) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    await rm(runDir, { recursive: true, force: true });
  };

  // Ready when this process has printed its banner (it listens) and the port answers /api/health. The banner is
  // the proof the answer is ours: a port found free a moment ago may have been taken by another test's server since.
  const listening = () => log.some((line) => line.includes('Eierportal is running at'));
  const deadline = Date.now() + BOOT_TIMEOUT_MS;
  while (!(listening() && (await isHealthy(url)))) {
    if (exit || Date.now() > deadline) {
      // Read before stop(), whose SIGTERM would otherwise read as the reason.
      const why = exit ? `exited (${exit.code ?? exit.signal})` : `did not answer /api/health within ${BOOT_TIMEOUT_MS} ms`;
      const lostThePort = exit && log.some((line) => line.includes('EADDRINUSE'));
      await stop();
      // Another process bound the free port first: a port of our own choosing is tried again on another.
      if (lostThePort && !givenPort) return startApp({ env: extraEnv, dataDir, frontendDir });
      throw new Error(`The app ${why}. Its output:\n${logTail()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  return { url, stop, logTail };
}
