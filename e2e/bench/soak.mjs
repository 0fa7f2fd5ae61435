// Soak bench (not in CI; docs/development.md): the built app on a PostgreSQL server of the run's own, under 200
// signed-in sessions reading calendars and writing events for 10 minutes (SOAK_SECONDS to shorten it). The work is
// steady, as an owner's is: a session keeps at most OWN_EVENTS events in the month it reads, deleting its oldest
// when it adds one, so a read at the tenth minute answers as much as one at the first. It passes when
// the p99 of the last window is within 1.5 × the first window's, resident memory grew less than 10 %, and no request
// failed. A window is a minute, or a third of a shorter run. Memory is compared by its floor, the lowest resident size
// in the middle third of the run against the last third: under steady work the size climbs between the heap's
// collections and drops back at each, with minutes between drops, so two single readings measure where in that cycle
// they fell, while the floor rises only when something is kept (a leak). The first third is the warm-up.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { ADMIN, call, cheapPasswordHash, Instance, login, MAIN, OwnPostgres, quantile, ROOT, sleep } from '../cluster/lib.mjs';

const SESSIONS = Number(process.env.SOAK_SESSIONS ?? 200);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const WINDOW_MS = Math.min(60_000, (SECONDS * 1000) / 3);
const THINK_MS = [500, 1500];
const OWN_EVENTS = 5;
const t0 = Date.now();
const log = (text) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${text}`);

if (!existsSync(MAIN) && spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);

const pg = new OwnPostgres();
let app;
const misses = [];
try {
  await pg.init();
  pg.sql('CREATE DATABASE eierportal');
  app = new Instance('soak', {
    DATABASE_URL: `postgres://postgres@127.0.0.1:${pg.port}/eierportal`,
    SESSION_SECRET: 'soak-secret',
    ADMIN_EMAIL: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
  });
  await app.start();
  const base = app.url;
  pg.sql(`INSERT INTO users (username, name, email, password)
    SELECT 'soak' || g || '@example.com', 'Soak ' || g, 'soak' || g || '@example.com', '${await cheapPasswordHash(ADMIN.password)}'
    FROM generate_series(1, ${SESSIONS}) g`, 'eierportal');
  const cookies = [];
  for (let n = 1; n <= SESSIONS; n += 10) {
    cookies.push(...(await Promise.all(Array.from({ length: Math.min(10, SESSIONS - n + 1) }, (_, k) => login(base, `soak${n + k}@example.com`, ADMIN.password)))));
  }
  log(`${SESSIONS} sessions signed in; running ${SECONDS} s (window ${WINDOW_MS / 1000} s)`);

  const samples = []; // [at, ms]
  const errors = new Map();
  const started = Date.now();
  const end = started + SECONDS * 1000;
  const rss = []; // [ms since start, MB], every half second
  const rssTimer = setInterval(() => rss.push([Date.now() - started, app.rssMb()]), 500);
  let n = 0;
  await Promise.all(cookies.map(async (cookie, index) => {
    const own = []; // this session's event ids, oldest first
    await sleep(Math.random() * 1500);
    while (Date.now() < end) {
      const write = Math.random() < 0.25;
      let res;
      if (write && own.length >= OWN_EVENTS) {
        res = await call(base, 'DELETE', `/api/events/${own[0]}`, { cookie });
        if (!res.error && res.status < 300) own.shift();
      } else if (write) {
        res = await call(base, 'POST', '/api/events', { cookie, body: { title: `soak-${index}-${n++}`, startTime: '2027-01-10T10:00:00Z', endTime: '2027-01-10T11:00:00Z' } });
        if (!res.error && res.status < 300) own.push(res.body.id);
      } else {
        res = await call(base, 'GET', '/api/events?startDate=2027-01-01&endDate=2027-02-01', { cookie });
      }
      samples.push([Date.now() - started, res.ms]);
      if (res.error || res.status >= 300) {
        const kind = res.error ?? `${res.status} ${res.body?.code ?? ''}`;
        errors.set(kind, (errors.get(kind) ?? 0) + 1);
      }
      await sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
    }
  }));
  clearInterval(rssTimer);
  const rssEnd = app.rssMb();
  const total = Date.now() - started;
  const first = samples.filter(([at]) => at < WINDOW_MS).map(([, ms]) => ms);
  const last = samples.filter(([at]) => at >= total - WINDOW_MS).map(([, ms]) => ms);
  const p99First = quantile(first, 0.99);
  const p99Last = quantile(last, 0.99);
  const floorOf = (from, to) => Math.min(...rss.filter(([at]) => at >= from && at < to).map(([, mb]) => mb));
  const floorMiddle = floorOf(total / 3, (2 * total) / 3);
  const floorLast = floorOf((2 * total) / 3, Infinity);
  const growth = (floorLast - floorMiddle) / floorMiddle;
  const trajectory = rss.filter((_, i) => i % Math.max(1, Math.round(WINDOW_MS / 4 / 500)) === 0);
  console.log('\n== soak');
  console.log(`requests: ${samples.length} in ${(total / 1000).toFixed(0)} s (${(samples.length / (total / 1000)).toFixed(0)}/s), errors: ${errors.size === 0 ? 'none' : [...errors].map(([k, c]) => `${k} × ${c}`).join(', ')}`);
  console.log(`p50/p99 first window: ${quantile(first, 0.5).toFixed(0)}/${p99First.toFixed(0)} ms; last window: ${quantile(last, 0.5).toFixed(0)}/${p99Last.toFixed(0)} ms (limit ${(1.5 * p99First).toFixed(0)} ms)`);
  console.log(`RSS floor in the middle third ${floorMiddle} MB, in the last third ${floorLast} MB (${(growth * 100).toFixed(1)} %, limit 10 %); peak ${Math.max(...rss.map(([, mb]) => mb))} MB, at the end ${rssEnd} MB`);
  console.log(`RSS over the run (s: MB): ${trajectory.map(([at, mb]) => `${Math.round(at / 1000)}: ${mb}`).join(', ')}`);
  if (p99Last > 1.5 * p99First) misses.push('p99 of the last window is over 1.5 × the first');
  if (growth >= 0.1) misses.push('RSS grew 10 % or more');
  if (errors.size) misses.push('requests failed');
} catch (error) {
  misses.push(`the run broke: ${error?.stack ?? error}`);
  if (app) console.log(app.lines.slice(-20).join('\n'));
} finally {
  app?.kill();
  pg.remove();
}
for (const m of misses) console.log(`MISS: ${m}`);
process.exit(misses.length ? 1 : 0);
