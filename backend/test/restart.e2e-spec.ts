import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { createPglite, resetSchema } from '../src/database/open-database';
import { stays } from './helpers/feed-server';
import { TEMPLATE_FILE } from './helpers/template';

/**
 * Restarts of the real server process: `node src/main.ts` (TypeScript compiled on load, scripts/register-ts.cjs)
 * on a free loopback port, on PGlite in a temporary DATA_DIR seeded from the migrated template, or on DATABASE_URL.
 */
const NODE = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'node');
const ADMIN = { username: 'admin@example.com', password: 'restart-passord' };

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', ok));
  const { port } = probe.address() as AddressInfo;
  await new Promise((ok) => probe.close(ok));
  return port;
}

class ServerProcess {
  private child?: ChildProcess;
  log = '';
  readonly port: Promise<number> = freePort();
  private constructor(private readonly dataDir: string, private readonly env: Record<string, string>) {}

  static async create(env: Record<string, string> = {}): Promise<ServerProcess> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eierportal-restart-'));
    if (process.env.DATABASE_URL) {
      await resetSchema(process.env.DATABASE_URL);
    } else {
      // initdb and the migrations cost many seconds; the template has both done.
      const pglite = await createPglite({ dataDir: path.join(dataDir, 'db'), loadDataDir: new Blob([readFileSync(TEMPLATE_FILE)]) });
      await pglite.close();
    }
    return new ServerProcess(dataDir, env);
  }

  get url(): Promise<string> {
    return this.port.then((p) => `http://127.0.0.1:${p}`);
  }

  /** Starts the server and resolves once it listens. */
  async start(): Promise<void> {
    const port = await this.port;
    this.log = '';
    const child = spawn(NODE, ['-r', './scripts/register-ts.cjs', 'src/main.ts'], {
      cwd: path.join(__dirname, '..'),
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: this.dataDir,
        FRONTEND_DIST: path.join(this.dataDir, 'no-frontend'),
        SESSION_SECRET: 'restart-secret',
        ADMIN_EMAIL: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        NO_COLOR: '1',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout!.on('data', (d) => (this.log += d));
    child.stderr!.on('data', (d) => (this.log += d));
    const until = Date.now() + 60_000;
    while (!this.log.includes('Eierportal is running at')) {
      if (child.exitCode !== null) throw new Error(`the server exited at start:\n${this.log}`);
      if (Date.now() > until) throw new Error(`the server did not start:\n${this.log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Sends a signal; resolves with the exit code once the process has ended. */
  async stop(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child!;
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
    child.kill(signal);
    return exited;
  }

  async remove(): Promise<void> {
    await this.stop('SIGKILL');
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

interface Answer {
  status?: number;
  body?: string;
  error?: string;
  connection?: string;
}

/** One request on `agent`; resolves with the answer or the transport error (never rejects). */
function send(agent: http.Agent, url: string, method: string, cookie: string, body?: object): Promise<Answer> {
  return new Promise((done) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = http.request(url, { method, agent, headers: { Cookie: cookie, 'Content-Type': 'application/json', ...(payload ? { 'Content-Length': Buffer.byteLength(payload) } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => done({ status: res.statusCode, body: text, connection: res.headers.connection }));
      res.on('error', (e: NodeJS.ErrnoException) => done({ error: e.code ?? e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => done({ error: e.code ?? e.message }));
    req.end(payload);
  });
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

describe('a graceful stop (SIGTERM)', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await ServerProcess.create({ SHUTDOWN_GRACE_SECONDS: '10' });
    await server.start();
  }, 90_000);
  afterAll(() => server.remove());

  it('answers every write in flight, and every write it confirmed is there after the restart', async () => {
    const base = await server.url;
    const cookie = await login(base);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 30 });
    // Open keep-alive connections that then idle: they must not hold the stop open.
    const warm = await Promise.all(Array.from({ length: 10 }, () => send(agent, `${base}/api/user`, 'GET', cookie)));
    expect(warm.map((a) => a.status)).toEqual(Array(10).fill(200));

    const writes = Array.from({ length: 30 }, (_, i) =>
      send(agent, `${base}/api/events`, 'POST', cookie, { title: `restart-${i}`, startTime: '2026-07-01T10:00:00Z', endTime: '2026-07-01T11:00:00Z' }),
    );
    // SIGTERM while the writes arrive: some are being written, some wait their turn, some have not been read yet.
    const stopped = new Promise<{ at: number; exit: Promise<number | null> }>((ok) => setTimeout(() => ok({ at: Date.now(), exit: server.stop('SIGTERM') }), 30));
    const answers = await Promise.all(writes);
    const { at, exit } = await stopped;
    expect(await exit).toBe(0);
    const stopMs = Date.now() - at;
    agent.destroy();

    // Every request got an HTTP answer: written (201) or refused while stopping (503, connection closed); none reset.
    expect(answers.filter((a) => a.error)).toEqual([]);
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].every((s) => s === 201 || s === 503)).toBe(true);
    for (const refused of answers.filter((a) => a.status === 503)) {
      expect(refused.connection).toBe('close');
      expect(JSON.parse(refused.body!)).toMatchObject({ code: 'shutting_down' });
    }
    const confirmed = answers.filter((a) => a.status === 201).map((a) => JSON.parse(a.body!).title as string);
    expect(confirmed.length).toBeGreaterThan(0);
    // The idle keep-alive connections did not hold the stop to the end of the grace period.
    expect(stopMs).toBeLessThan(8_000);
    expect(server.log).toMatch(/SIGTERM: not ready/);

    await server.start();
    const again = await login(base);
    const listed = await fetch(`${base}/api/events?startDate=2026-06-01&endDate=2026-08-01`, { headers: { Cookie: again } });
    const stored = ((await listed.json()) as { title: string }[]).map((e) => e.title).filter((t) => t.startsWith('restart-'));
    // Exactly the confirmed writes: none lost, none written that the client was told had failed.
    expect(stored.sort()).toEqual(confirmed.sort());
    expect(await server.stop('SIGTERM')).toBe(0);
  }, 90_000);
});

describe('a graceful stop with open /ws sockets', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await ServerProcess.create({ SHUTDOWN_DELAY_SECONDS: '1', SHUTDOWN_GRACE_SECONDS: '10' });
    await server.start();
  }, 90_000);
  afterAll(() => server.remove());

  it('turns not-ready at once, keeps serving for the delay, closes the sockets with 1012 and exits', async () => {
    const base = await server.url;
    const cookie = await login(base);
    const sockets = await Promise.all(Array.from({ length: 3 }, () => new Promise<WebSocket>((ok, fail) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { Cookie: cookie, Origin: base } });
      ws.once('open', () => ok(ws));
      ws.once('error', fail);
    })));
    const closes = sockets.map((ws) => new Promise<number>((ok) => ws.once('close', (code) => ok(code))));
    const at = Date.now();
    const exit = server.stop('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(503);
    // Still served during the delay, so a proxy that has not polled yet loses nothing.
    const during = await fetch(`${base}/api/user`, { headers: { Cookie: cookie } });
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
    expect(await Promise.all(closes)).toEqual([1012, 1012, 1012]);
    expect(await exit).toBe(0);
    expect(Date.now() - at).toBeLessThan(8_000);
  }, 60_000);
});

describe('a sync worker killed with SIGKILL', () => {
  let server: ServerProcess;
  let feedServer: http.Server;
  const fetches: number[] = [];
  let answering = false;
  beforeAll(async () => {
    // The first fetch of the feed never answers (the worker is mid-job when it is killed); later ones do.
    feedServer = http.createServer((_req, res) => {
      fetches.push(Date.now());
      if (answering) res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(stays({ uid: 'stay-1', start: '2026-07-01', end: '2026-07-04' }));
    });
    await new Promise<void>((ok) => feedServer.listen(0, '127.0.0.1', ok));
    // Supervision every second (production: 20 s) and the shortest heartbeat pg-boss takes (production: 30 s) keep
    // the wait short; the retry delay is the real one.
    server = await ServerProcess.create({ JOB_SUPERVISE_SECONDS: '1', JOB_HEARTBEAT_SECONDS: '10', ALLOW_PRIVATE_FEED_HOSTS: 'true' });
    await server.start();
  }, 90_000);
  afterAll(async () => {
    await server.remove();
    feedServer.closeAllConnections();
    await new Promise((ok) => feedServer.close(ok));
  });

  it('has its sync retried within two minutes of the restart', async () => {
    const base = await server.url;
    const cookie = await login(base);
    const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/stays.ics`;
    const created = await fetch(`${base}/api/ical-feeds`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Hytta', url: feedUrl }) });
    expect(created.status).toBe(201);
    const feed = (await created.json()) as { id: number };
    const until = Date.now() + 20_000;
    while (fetches.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(fetches).toHaveLength(1);

    await server.stop('SIGKILL');
    answering = true;
    const restarted = Date.now();
    await server.start();
    const again = await login(base);
    let synced = false;
    while (!synced && Date.now() - restarted < 120_000) {
      await new Promise((r) => setTimeout(r, 1000));
      const feeds = (await (await fetch(`${base}/api/ical-feeds`, { headers: { Cookie: again } })).json()) as { id: number; lastSynced: string | null }[];
      synced = Boolean(feeds.find((f) => f.id === feed.id)?.lastSynced);
    }
    expect(synced).toBe(true);
    expect(fetches.length).toBeGreaterThanOrEqual(2);
    expect(fetches[1] - restarted).toBeLessThan(120_000);
  }, 200_000);
});
