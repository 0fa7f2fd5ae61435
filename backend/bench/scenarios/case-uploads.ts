import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CasesService } from '../../src/cases/cases.service';
import { UsersService } from '../../src/users/users.service';
import type { AppUnderTest } from '../lib/app-under-test';
import { round, Scenario, ScenarioEntry } from '../lib/scenario';
import { BENCH_PASSWORD, currentWindow, seedHost } from '../lib/seed-calendar';

const UPLOADERS = 3;
const FILES = 10;
const FILE_BYTES = Math.round(9.9 * 1024 * 1024);
const READERS = 3;
/** Calendar reads in flight at once, spread over the readers. */
const READ_CONNECTIONS = 6;
const READER_EVENTS = 1000;
const WARMUP_MS = 3000;
const IDLE_MS = 5000;
/** The p99 other people's calendar reads must stay under while the uploads run, per engine. */
const TARGET_P99_MS = { postgres: 500, pglite: 1000 };

const METHOD =
  `${UPLOADERS} owners each POST one case message with ${FILES} PDF files of 9.9 MB (multipart, sent as fast as the server reads), ` +
  `all at once; meanwhile ${READ_CONNECTIONS} keep-alive connections of ${READERS} other users read GET /api/calendar-window ` +
  `(3 months, ${READER_EVENTS} events each) back to back. p50/p99/max are those reads' latencies from the first upload byte until the ` +
  'last upload is answered; idleP50/idleP99 the same reads for 5 s before the uploads (after 3 s of warm-up); loopDelay* the ' +
  "event loop's delay (perf_hooks, ms) during the uploads. Uploads must all answer 201 with every file stored.";

/**
 * Issue: uploads must never stall the service. While three owners each upload 10 × 9.9 MB to their cases, other
 * users' calendar reads keep a p99 under 500 ms on PostgreSQL and 1 s on PGlite (docs/product/cases.md).
 */
export const caseUploads: Scenario = {
  name: 'case-uploads',
  title: `calendar reads while ${UPLOADERS} owners each upload ${FILES} × 9.9 MB`,

  async run({ db, app }) {
    const window = currentWindow();
    const readPath = `/api/calendar-window?${window.query}`;
    const readers: string[] = [];
    for (let i = 0; i < READERS; i++) {
      const username = `bench-upload-reader-${i}@example.com`;
      await seedHost(app, username, READER_EVENTS, window, 1);
      readers.push(await app.login(username, BENCH_PASSWORD));
    }
    const uploaders = await seedUploaders(app);
    const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_BYTES - 9)]);
    const agent = new http.Agent({ keepAlive: true, maxSockets: READ_CONNECTIONS });

    try {
      // Warm-up, then the reads' latency with nothing else going on (on this machine, at this moment).
      await readWhile(app.url, readPath, readers, agent, delay(WARMUP_MS));
      const idle = await readWhile(app.url, readPath, readers, agent, delay(IDLE_MS));
      // How long the event loop (the server's and these clients') was held at a time while the uploads ran.
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const started = performance.now();
      const uploads = Promise.all(uploaders.map((u) => upload(app.url, u.cookie, u.caseId, content)));
      const busy = await readWhile(app.url, readPath, readers, agent, uploads);
      const seconds = (performance.now() - started) / 1000;
      loop.disable();
      const statuses = await uploads;
      const [{ n: stored }] = await app.app.get(DataSource).query('SELECT count(*)::int AS n FROM case_attachments WHERE case_id = ANY($1)', [uploaders.map((u) => u.caseId)]);

      const problems = [
        ...statuses.filter((s) => s.status !== 201).map((s) => `an upload answered ${s.status}: ${s.body.slice(0, 200)}`),
        stored !== UPLOADERS * FILES ? `${stored} of ${UPLOADERS * FILES} files stored` : '',
        busy.failures ? `${busy.failures} calendar reads failed` : '',
      ].filter(Boolean);
      const entry: ScenarioEntry = {
        scenario: 'case-uploads',
        method: METHOD,
        figures: {
          p50: busy.p(50),
          p99: busy.p(99),
          max: busy.p(100),
          reads: busy.count,
          idleP50: idle.p(50),
          idleP99: idle.p(99),
          loopDelayP99: round(loop.percentile(99) / 1e6),
          loopDelayMax: round(loop.max / 1e6),
          uploadSeconds: round(seconds, 1),
          uploadMBps: round((UPLOADERS * FILES * FILE_BYTES) / 1024 / 1024 / seconds, 1),
        },
        target: { figure: 'p99', op: '<', value: TARGET_P99_MS[db.engine] },
        enforced: true,
        problems,
      };
      return [entry];
    } finally {
      agent.destroy();
    }
  },
};

/** The owners, each with a case of their own, logged in. */
async function seedUploaders(app: AppUnderTest): Promise<{ cookie: string; caseId: number }[]> {
  const users = app.app.get(UsersService);
  const cases = app.app.get(CasesService);
  const out = [];
  for (let i = 0; i < UPLOADERS; i++) {
    const username = `bench-uploader-${i}@example.com`;
    const owner = await users.create({ username, name: `Opplaster ${i}`, password: BENCH_PASSWORD }, null);
    const { kase } = await cases.create({ id: owner.id, isAdmin: false, isMiniAdmin: false, isBlocked: false }, { title: 'Skanninger', category: 'other', message: 'Her kommer dokumentene.' });
    out.push({ cookie: await app.login(username, BENCH_PASSWORD), caseId: kase.id });
  }
  return out;
}

/** One message with FILES file parts of `content`, written as the server takes it (back-pressure respected). */
function upload(base: string, cookie: string, caseId: number, content: Buffer): Promise<{ status: number; body: string }> {
  const boundary = '----eierportal-bench';
  const head = (n: number) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="skann-${n}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const message = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\nSkannede dokumenter\r\n`);
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const parts: Buffer[] = [message];
  for (let n = 1; n <= FILES; n++) parts.push(head(n), content, Buffer.from('\r\n'));
  parts.push(tail);
  const length = parts.reduce((sum, p) => sum + p.length, 0);
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/api/cases/${caseId}/messages`, {
      method: 'POST',
      agent: false,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    (async () => {
      for (const part of parts) if (!req.write(part)) await new Promise((ok) => req.once('drain', ok));
      req.end();
    })().catch(reject);
  });
}

/** Calendar reads on READ_CONNECTIONS connections, back to back, until `until` settles; their latencies in ms. */
async function readWhile(base: string, path: string, cookies: string[], agent: http.Agent, until: Promise<unknown>) {
  const latencies: number[] = [];
  let failures = 0;
  let done = false;
  const finished = until.then(() => (done = true), () => (done = true));
  const loop = async (n: number) => {
    while (!done) {
      const started = performance.now();
      const status = await read(`${base}${path}`, cookies[n % cookies.length], agent).catch(() => 0);
      if (status === 200) latencies.push(performance.now() - started);
      else failures++;
    }
  };
  await Promise.all([finished, ...Array.from({ length: READ_CONNECTIONS }, (_, n) => loop(n))]);
  latencies.sort((a, b) => a - b);
  const p = (q: number) => (latencies.length ? round(latencies[Math.min(latencies.length - 1, Math.ceil((q / 100) * latencies.length) - 1)]) : NaN);
  return { p, count: latencies.length, failures };
}

function read(url: string, cookie: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { cookie } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const delay = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms));
