// The cluster test (`npm run test:cluster`; docs/operations.md, Several instances): two instances of the built app on
// a PostgreSQL server of its own, behind a round-robin proxy that routes to ready instances, under 100 signed-in
// sessions that read calendars, write events and hold /ws sockets. Meanwhile each instance in turn gets SIGTERM and
// starts again, and the PostgreSQL server is restarted right after an instance has booted. Exits 1 on any miss.
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ADMIN, call, cheapPasswordHash, freePort, Instance, isReady, login, MAIN, OwnPostgres, ROOT, RoundRobinProxy, SessionSocket, sleep, Tally } from './lib.mjs';

const SESSIONS = Number(process.env.CLUSTER_SESSIONS ?? 100);
const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 60);
const THINK_MS = [400, 1200];
const RANGE = 'startDate=2027-01-01&endDate=2027-02-01';
/** How long a request may take to be answered while the database is down. */
const OUTAGE_ANSWER_MS = 2000;
/** How soon after the database is back every instance must be ready. */
const READY_AFTER_DB_MS = 5000;
/** How long a stopping instance may take to exit. */
const EXIT_WITHIN_MS = 25_000;

const misses = [];
const miss = (text) => {
  misses.push(text);
  console.log(`MISS: ${text}`);
};
const log = (text) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${text}`);
const t0 = Date.now();

if (!existsSync(MAIN)) {
  console.log('== building the backend (npm run build -w backend)');
  const built = spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

const pg = new OwnPostgres();
const instances = [];
let proxy;
try {
  await pg.init();
  pg.sql('CREATE DATABASE eierportal');
  log(`PostgreSQL of the run's own on 127.0.0.1:${pg.port}`);
  const proxyPort = await freePort();
  const base = `http://127.0.0.1:${proxyPort}`;
  const env = {
    DATABASE_URL: `postgres://postgres@127.0.0.1:${pg.port}/eierportal`,
    SESSION_SECRET: 'cluster-secret-shared-by-every-instance',
    PUBLIC_URL: base,
    TRUST_PROXY: 'loopback',
    ADMIN_EMAIL: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_RATE_LIMIT: '100000',
    LOG_LEVEL: 'info',
    SHUTDOWN_DELAY_SECONDS: '2',
    SHUTDOWN_GRACE_SECONDS: '10',
    JOB_SUPERVISE_SECONDS: '5',
  };
  instances.push(new Instance('a', env), new Instance('b', env));
  // One at a time on a fresh database: the first one migrates.
  for (const instance of instances) await instance.start();
  proxy = new RoundRobinProxy(instances);
  await proxy.start(proxyPort);
  while (proxy.ready.size < instances.length) await sleep(100);
  const rssStart = Object.fromEntries(instances.map((i) => [i.name, i.rssMb()]));
  log(`instances ready: ${instances.map((i) => `${i.name} :${i.port}`).join(', ')}; proxy ${base}`);

  // Users share the first admin's password hash (one argon2 hash instead of a hundred).
  pg.sql(`INSERT INTO users (username, name, email, password)
    SELECT 'cluster' || g || '@example.com', 'Cluster ' || g, 'cluster' || g || '@example.com', '${await cheapPasswordHash(ADMIN.password)}'
    FROM generate_series(1, ${SESSIONS}) g`, 'eierportal');
  const adminCookie = await login(base, ADMIN.username, ADMIN.password);
  const ids = new Map(pg.sql(`SELECT username || ' ' || id FROM users WHERE username LIKE 'cluster%'`, 'eierportal').split('\n').map((l) => l.split(' ')).map(([u, id]) => [u, Number(id)]));
  const sessions = [];
  for (let n = 1; n <= SESSIONS; n += 10) {
    const batch = await Promise.all(Array.from({ length: Math.min(10, SESSIONS - n + 1) }, async (_, k) => {
      const username = `cluster${n + k}@example.com`;
      return { username, userId: ids.get(username), cookie: await login(base, username, ADMIN.password), expectedUnread: 0, uncertainUnread: 0, unreadAfterReconnect: [] };
    }));
    sessions.push(...batch);
  }
  log(`${sessions.length} sessions signed in`);

  for (const s of sessions) {
    s.socket = new SessionSocket(base, s.cookie, s.userId, async (socket) => {
      const res = await call(base, 'GET', '/api/notifications/unread-count', { cookie: socket.cookie });
      if (res.status === 200) s.unreadAfterReconnect.push(res.body.count);
    });
    s.socket.connect();
  }
  const opened = Date.now();
  while (sessions.some((s) => !s.socket.open) && Date.now() - opened < 20_000) await sleep(100);
  if (sessions.some((s) => !s.socket.open)) miss(`${sessions.filter((s) => !s.socket.open).length} sockets did not open`);

  // The load: every session reads its calendar and writes events, with think time.
  const tally = new Tally();
  const confirmed = new Set();
  let outage = false;
  let running = true;
  let written = 0;
  const classify = (res) => {
    if (res.error) return `transport ${res.error}`;
    if (res.status >= 200 && res.status < 300) return undefined;
    if (outage && res.status === 503) return res.ms > OUTAGE_ANSWER_MS ? `503 after ${OUTAGE_ANSWER_MS} ms` : undefined;
    return `${res.status} ${res.body?.code ?? ''} ${res.status === 502 ? res.body?.message : ''}`.trim();
  };
  const loops = sessions.map(async (s, index) => {
    await sleep(Math.random() * 1000);
    while (running) {
      let res;
      if (Math.random() < 0.3) {
        const title = `cl-${index}-${written++}`;
        res = await call(base, 'POST', '/api/events', { cookie: s.cookie, body: { title, startTime: '2027-01-10T10:00:00Z', endTime: '2027-01-10T11:00:00Z' } });
        if (res.status === 201) confirmed.add(title);
      } else {
        res = await call(base, 'GET', `/api/events?${RANGE}`, { cookie: s.cookie });
      }
      tally.record(res.status, res.ms, classify(res));
      await sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
    }
  });

  // Pushes while the instances restart: an admin's event on a user's calendar notifies that user.
  let pushing = true;
  let pushInFlight = Promise.resolve();
  const adminTitles = new Set();
  const pusher = (async () => {
    let k = 0;
    while (running) {
      if (pushing) {
        const s = sessions[k++ % sessions.length];
        const title = `adm-${k}`;
        const request = call(base, 'POST', `/api/admin/user-events/${s.userId}`, { cookie: adminCookie, body: { title, startTime: '2027-01-12T10:00:00Z', endTime: '2027-01-12T11:00:00Z' } });
        pushInFlight = request;
        const res = await request;
        tally.record(res.status, res.ms, classify(res));
        if (res.status === 201) {
          s.expectedUnread += 1;
          adminTitles.add(title);
        } else if (res.error) s.uncertainUnread += 1; // the answer was lost: it may have been stored
      }
      await sleep(150);
    }
  })();

  const phase = (name) => {
    tally.phase = name;
    log(`phase: ${name}`);
  };
  await sleep(5000);

  // Rolling restart: each instance in turn.
  const exits = [];
  for (const instance of instances) {
    phase(`restart ${instance.name}`);
    const { code, ms } = await instance.stop();
    exits.push({ name: instance.name, code, ms });
    log(`${instance.name} exited with ${code} after ${ms} ms`);
    if (code !== 0) miss(`${instance.name} exited with ${code} after SIGTERM`);
    if (ms > EXIT_WITHIN_MS) miss(`${instance.name} took ${ms} ms to exit`);
    await instance.start();
    if (instance === instances.at(-1)) break; // the database restarts right after this boot
    while (!proxy.ready.has(instance)) await sleep(50);
    phase('steady');
    await sleep(3000);
  }

  // PostgreSQL restarted right after the last instance booted (no admin pushes meanwhile: a notification is stored
  // after its event commits, so an outage between the two would make the expected count uncertain).
  pushing = false;
  await pushInFlight;
  await sleep(300);
  phase('database outage');
  outage = true;
  pg.stop();
  log('PostgreSQL stopped (fast shutdown)');
  await sleep(3000);
  pg.start();
  const back = Date.now();
  log('PostgreSQL started');
  let allReady = false;
  let said = 0;
  while (!allReady && Date.now() - back < 30_000) {
    allReady = (await Promise.all(instances.map((i) => isReady(i, 1000)))).every(Boolean);
    if (!allReady) await sleep(100);
    if (!allReady && Date.now() - said > 1000) {
      said = Date.now();
      // Why an instance is not ready yet, for the record.
      const answers = await Promise.all(instances.map((i) => fetch(`${i.url}/api/health/ready`, { signal: AbortSignal.timeout(2000) }).then(async (r) => `${i.name} ${r.status} ${await r.text()}`, (e) => `${i.name} ${e.name} ${e.cause?.code ?? e.cause?.message ?? ''}`)));
      log(`not ready yet: ${answers.join(' | ')}`);
    }
  }
  const readyMs = Date.now() - back;
  log(`every instance ready ${readyMs} ms after the database was back`);
  if (!allReady || readyMs > READY_AFTER_DB_MS) miss(`instances ready ${readyMs} ms after the database was back (limit ${READY_AFTER_DB_MS})`);
  outage = false;
  phase('after');
  pushing = true;

  const rest = SECONDS * 1000 - (Date.now() - opened);
  await sleep(Math.max(5000, rest));
  running = false;
  await Promise.all(loops);
  await pusher;
  log('load stopped');

  // Every socket is back and hears a push made now; the bell count agrees with what was pushed.
  const until = Date.now() + 15_000;
  while (sessions.some((s) => !s.socket.open) && Date.now() < until) await sleep(100);
  const closedSockets = sessions.filter((s) => !s.socket.open);
  if (closedSockets.length) miss(`${closedSockets.length} sockets are not open again`);
  const restarted = sessions.filter((s) => s.socket.closes.some((c) => c !== 1000));
  const notReconnected = restarted.filter((s) => s.socket.reconnects === 0);
  if (notReconnected.length) miss(`${notReconnected.length} closed sockets never reconnected`);
  const framesBefore = sessions.map((s) => s.socket.frames.length);
  await Promise.all(sessions.map(async (s) => {
    const res = await call(base, 'POST', `/api/admin/user-events/${s.userId}`, { cookie: adminCookie, body: { title: `adm-final-${s.userId}`, startTime: '2027-01-13T10:00:00Z', endTime: '2027-01-13T11:00:00Z' } });
    s.finalPushed = res.status === 201;
    if (res.status === 201) {
      s.expectedUnread += 1;
      adminTitles.add(`adm-final-${s.userId}`);
    } else miss(`final push to ${s.username}: ${res.status ?? res.error}`);
  }));
  const pushUntil = Date.now() + 10_000;
  const heard = (s) => !s.finalPushed || s.socket.frames.length > framesBefore[sessions.indexOf(s)];
  while (!sessions.every(heard) && Date.now() < pushUntil) await sleep(100);
  const deaf = sessions.filter((s) => !heard(s));
  if (deaf.length) miss(`${deaf.length} sockets did not receive the push made after the restarts`);
  const wrongCounts = [];
  for (const s of sessions) {
    const res = await call(base, 'GET', '/api/notifications/unread-count', { cookie: s.cookie });
    const count = res.body?.count;
    if (!(count >= s.expectedUnread && count <= s.expectedUnread + s.uncertainUnread)) wrongCounts.push(`${s.username}: ${count} (expected ${s.expectedUnread}${s.uncertainUnread ? ` to ${s.expectedUnread + s.uncertainUnread}` : ''})`);
  }
  if (wrongCounts.length) miss(`unread counts differ: ${wrongCounts.slice(0, 5).join('; ')}`);
  const reconnectReads = sessions.reduce((n, s) => n + s.unreadAfterReconnect.length, 0);
  for (const s of sessions) s.socket.close();

  // Every confirmed write is stored exactly once; nothing is stored twice.
  const stored = new Map(pg.sql(`SELECT title || ' ' || count(*) FROM events WHERE title LIKE 'cl-%' OR title LIKE 'adm-%' GROUP BY title`, 'eierportal').split('\n').filter(Boolean).map((l) => l.split(' ')).map(([t, c]) => [t, Number(c)]));
  const lost = [...confirmed, ...adminTitles].filter((t) => !stored.has(t));
  const doubled = [...stored].filter(([, c]) => c > 1).map(([t]) => t);
  if (lost.length) miss(`${lost.length} confirmed writes are not in the database: ${lost.slice(0, 5).join(', ')}`);
  if (doubled.length) miss(`${doubled.length} writes are stored more than once: ${doubled.slice(0, 5).join(', ')}`);

  // No job ran twice (completed twice by any instance, across restarts), and nothing crashed.
  const completed = new Map();
  for (const instance of instances) {
    for (const r of instance.records()) if (r.msg === 'job' && r.outcome === 'completed') completed.set(r.jobId, (completed.get(r.jobId) ?? 0) + 1);
  }
  const twice = [...completed].filter(([, n]) => n > 1);
  if (twice.length) miss(`${twice.length} jobs completed more than once`);
  const crashes = instances.flatMap((i) => i.exits.filter((e) => e.code !== 0).map((e) => `${i.name}: exit ${e.code ?? e.signal}`));
  if (crashes.length) miss(`instances crashed: ${crashes.join(', ')}`);
  if (instances.some((i) => !i.running)) miss('an instance is not running at the end');
  const rssEnd = Object.fromEntries(instances.map((i) => [i.name, i.rssMb()]));

  console.log('\n== cluster test');
  console.log(`requests: ${tally.total}, confirmed writes: ${confirmed.size + adminTitles.size}, jobs completed: ${completed.size}, socket reconnects: ${sessions.reduce((n, s) => n + s.socket.reconnects, 0)} (unread count read after ${reconnectReads})`);
  console.log(`failures: ${tally.failures.size === 0 ? 'none' : [...tally.failures].map(([k, n]) => `${k} × ${n}`).join(', ')}`);
  console.log(`per phase:\n${tally.report()}`);
  console.log(`stops: ${exits.map((e) => `${e.name} exit ${e.code} in ${e.ms} ms`).join(', ')}; ready again ${readyMs} ms after the database`);
  console.log(`RSS (MB) at start: ${JSON.stringify(rssStart)}, at end: ${JSON.stringify(rssEnd)} (restarted instances start afresh)`);
  for (const [kind, n] of tally.failures) miss(`${n} failed requests: ${kind}`);
} catch (error) {
  miss(`the run broke: ${error?.stack ?? error}`);
  for (const i of instances) console.log(`--- ${i.name} (last lines)\n${i.lines.filter((l) => !l.startsWith('{')).slice(-15).join('\n')}`);
} finally {
  // The instances' own lines (boot, warnings, errors; not the JSON log) for a look after a miss.
  for (const i of instances) writeFileSync(path.join(os.tmpdir(), `eierportal-cluster-${i.name}.log`), i.lines.filter((l) => !l.startsWith('{') && !l.includes('RouterExplorer')).join('\n'));
  if (misses.length) console.log(`instance logs: ${instances.map((i) => path.join(os.tmpdir(), `eierportal-cluster-${i.name}.log`)).join(', ')}`);
  if (proxy) await proxy.stop().catch(() => undefined);
  for (const instance of instances) instance.kill();
  pg.remove();
}
console.log(misses.length ? `\nFAILED: ${misses.length} miss(es) in ${((Date.now() - t0) / 1000).toFixed(0)} s` : `\nPASSED in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
process.exit(misses.length ? 1 : 0);

