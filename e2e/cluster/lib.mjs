// Pieces of the cluster test and the soak bench: a PostgreSQL server of their own, instances of the built app, a
// round-robin proxy that routes only to ready instances, and signed-in sessions that read, write and hold /ws sockets.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MAIN = path.join(ROOT, 'backend', 'dist', 'src', 'main.js');
export const NODE = process.execPath;
export const ADMIN = { username: 'admin@example.com', password: 'cluster-passord-1' };
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A password hash the app verifies in about a millisecond (argon2id with the least memory and time): signing in a
 * hundred sessions with the app's own cost would take minutes of CPU on a shared machine. Test tooling only.
 */
export async function cheapPasswordHash(password) {
  const argon2 = createRequire(path.join(ROOT, 'backend', 'package.json'))('argon2');
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
}

export async function freePort() {
  const probe = net.createServer();
  await new Promise((ok) => probe.listen(0, '127.0.0.1', ok));
  const { port } = probe.address();
  await new Promise((ok) => probe.close(ok));
  return port;
}

export function quantile(values, q) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/**
 * A PostgreSQL server of the run's own (initdb into a temporary folder, a free loopback port), so restarting it
 * disturbs nothing else on the machine. PostgreSQL refuses to run as root: as root, its programs run as the
 * `postgres` account (runuser) on a folder that account owns.
 */
export class OwnPostgres {
  constructor() {
    const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
    if (versions.length === 0) throw new Error('PostgreSQL server programs not found under /usr/lib/postgresql (apt-get install postgresql)');
    this.bin = `/usr/lib/postgresql/${versions[0]}/bin`;
    this.dir = mkdtempSync(path.join(os.tmpdir(), 'eierportal-cluster-pg-'));
    this.data = path.join(this.dir, 'data');
    this.asRoot = process.getuid?.() === 0;
  }

  run(program, args) {
    const command = this.asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(this.bin, program), ...args]] : [path.join(this.bin, program), args];
    const result = spawnSync(command[0], command[1], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${program} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
    return result.stdout;
  }

  async init() {
    this.port = await freePort();
    if (this.asRoot) {
      const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
      const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
      if (pw.status !== 0) throw new Error('running as root needs the postgres account (it comes with the postgresql package)');
      chmodSync(this.dir, 0o755);
      chownSync(this.dir, Number(pw.stdout), Number(gid.stdout));
    }
    mkdirSync(this.data);
    if (this.asRoot) chownSync(this.data, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout), Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout));
    this.run('initdb', ['-D', this.data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    this.start();
    this.url = `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  start() {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100 -c shared_buffers=32MB`;
    this.run('pg_ctl', ['-D', this.data, '-l', path.join(this.dir, 'log'), '-o', options, '-w', '-t', '30', 'start']);
  }

  /** Fast shutdown: every session is told 'terminating connection due to administrator command'. */
  stop() {
    this.run('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  }

  sql(statement, database = 'postgres') {
    const result = spawnSync('psql', ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-AtqX', '-c', statement], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`psql: ${result.stderr}`);
    return result.stdout.trim();
  }

  remove() {
    try {
      this.stop();
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** One instance of the built app (backend/dist/src/main.js) on its own port and DATA_DIR. */
export class Instance {
  constructor(name, env) {
    this.name = name;
    this.env = env;
    this.dataDir = mkdtempSync(path.join(os.tmpdir(), `eierportal-cluster-${name}-`));
    this.lines = [];
    this.exits = [];
  }

  async start() {
    this.port ??= await freePort();
    this.url = `http://127.0.0.1:${this.port}`;
    const child = spawn(NODE, ['--enable-source-maps', MAIN], {
      cwd: path.join(ROOT, 'backend'),
      env: { PATH: process.env.PATH, NO_COLOR: '1', PORT: String(this.port), DATA_DIR: this.dataDir, FRONTEND_DIST: path.join(this.dataDir, 'none'), ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    // Only this run's lines count: the previous run's start banner is still in the list.
    const from = this.lines.length;
    let rest = '';
    const take = (chunk) => {
      rest += chunk;
      const parts = rest.split('\n');
      rest = parts.pop();
      this.lines.push(...parts);
    };
    child.stdout.setEncoding('utf8').on('data', take);
    child.stderr.setEncoding('utf8').on('data', take);
    child.once('exit', (code, signal) => this.exits.push({ code, signal, at: Date.now() }));
    const until = Date.now() + 90_000;
    while (!this.lines.slice(from).some((l) => l.includes('Eierportal is running at'))) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited at start:\n${this.lines.slice(-30).join('\n')}`);
      if (Date.now() > until) throw new Error(`${this.name} did not start:\n${this.lines.slice(-30).join('\n')}`);
      await sleep(50);
    }
    this.startedAt = Date.now();
  }

  get running() {
    return this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGTERM; resolves with { code, ms } once it has exited. */
  async stop() {
    const child = this.child;
    const at = Date.now();
    const exited = new Promise((ok) => child.once('exit', (code) => ok({ code, ms: Date.now() - at })));
    child.kill('SIGTERM');
    return exited;
  }

  /** Resident memory in MB, from /proc. */
  rssMb() {
    try {
      const status = spawnSync('cat', [`/proc/${this.child.pid}/status`], { encoding: 'utf8' }).stdout;
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      return 0;
    }
  }

  /** The JSON log lines (requests and jobs). */
  records() {
    return this.lines.filter((l) => l.startsWith('{')).map((l) => {
      try {
        return JSON.parse(l);
      } catch {
        return {};
      }
    });
  }

  kill() {
    if (this.running) this.child.kill('SIGKILL');
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export async function isReady(instance, timeoutMs = 1000) {
  if (!instance.running) return false;
  try {
    const res = await fetch(`${instance.url}/api/health/ready`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * The proxy in front (test tooling, as nginx or caddy would be): round-robin over the instances whose
 * /api/health/ready answered 200 at the last poll (every 200 ms); when none is ready it tries every running one, as a
 * proxy with all upstreams down does, so the app's own 503s reach the client. A connection refused before anything was
 * sent is tried on the next instance. /ws upgrades are piped through.
 */
export class RoundRobinProxy {
  constructor(instances) {
    this.instances = instances;
    this.ready = new Set();
    this.next = 0;
    this.agents = new Map();
  }

  async start(port) {
    this.port = port ?? (await freePort());
    this.url = `http://127.0.0.1:${this.port}`;
    this.server = http.createServer((req, res) => this.forward(req, res));
    this.server.on('upgrade', (req, socket, head) => this.upgrade(req, socket, head));
    this.server.keepAliveTimeout = 30_000;
    await new Promise((ok) => this.server.listen(this.port, '127.0.0.1', ok));
    this.polling = true;
    void this.poll();
  }

  async poll() {
    while (this.polling) {
      await Promise.all(this.instances.map(async (i) => ((await isReady(i, 800)) ? this.ready.add(i) : this.ready.delete(i))));
      await sleep(200);
    }
  }

  pick(skip = new Set()) {
    let pool = this.instances.filter((i) => this.ready.has(i) && !skip.has(i));
    if (pool.length === 0) pool = this.instances.filter((i) => i.running && !skip.has(i));
    if (pool.length === 0) return undefined;
    return pool[this.next++ % pool.length];
  }

  agentOf(instance) {
    if (!this.agents.has(instance)) this.agents.set(instance, new http.Agent({ keepAlive: true, maxSockets: 64 }));
    return this.agents.get(instance);
  }

  forward(req, res, body, tried = new Set()) {
    if (body === undefined) {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => this.forward(req, res, Buffer.concat(chunks), tried));
      return;
    }
    const target = this.pick(tried);
    if (!target) {
      res.writeHead(502, { 'Content-Type': 'application/json' }).end('{"code":"proxy_no_upstream","message":"no instance"}');
      return;
    }
    tried.add(target);
    const upstream = http.request(`${target.url}${req.url}`, { method: req.method, headers: { ...req.headers, 'x-forwarded-for': '127.0.0.1' }, agent: this.agentOf(target) }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    });
    let answered = false;
    upstream.on('response', () => (answered = true));
    upstream.on('error', (error) => {
      if (res.headersSent) return res.destroy();
      // Refused, or a reused keep-alive connection closed under the request before any answer (what Node's docs say
      // to retry, and nginx does): nothing was processed there, so another instance may take it.
      const retryable = error.code === 'ECONNREFUSED' || (upstream.reusedSocket && !answered && error.code === 'ECONNRESET');
      if (retryable && tried.size < this.instances.length) return this.forward(req, res, body, tried);
      res.writeHead(502, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code: 'proxy_upstream_error', message: error.code ?? error.message }));
    });
    upstream.end(body);
  }

  upgrade(req, socket, head) {
    const target = this.pick();
    if (!target) return socket.destroy();
    const upstream = net.connect(target.port, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`), '', ''];
      upstream.write(lines.join('\r\n'));
      if (head?.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
    upstream.on('close', end);
    socket.on('close', end);
  }

  async stop() {
    this.polling = false;
    this.server.closeAllConnections();
    await new Promise((ok) => this.server.close(ok));
    for (const agent of this.agents.values()) agent.destroy();
  }
}

/** Request and failure counts per phase. */
export class Tally {
  constructor() {
    this.phase = 'warm-up';
    this.byPhase = new Map();
    this.failures = new Map();
    this.slowOutageAnswers = 0;
  }

  record(status, ms, kind) {
    if (!this.byPhase.has(this.phase)) this.byPhase.set(this.phase, { count: 0, ms: [] });
    const p = this.byPhase.get(this.phase);
    p.count += 1;
    p.ms.push(ms);
    if (kind) this.failures.set(kind, (this.failures.get(kind) ?? 0) + 1);
  }

  get total() {
    let n = 0;
    for (const p of this.byPhase.values()) n += p.count;
    return n;
  }

  report() {
    const rows = [];
    for (const [phase, p] of this.byPhase) rows.push(`  ${phase.padEnd(22)} ${String(p.count).padStart(6)} requests  p50 ${quantile(p.ms, 0.5).toFixed(0).padStart(5)} ms  p99 ${quantile(p.ms, 0.99).toFixed(0).padStart(5)} ms`);
    return rows.join('\n');
  }
}

/** One HTTP request through the proxy; resolves { status, body, ms } or { error, ms }; never rejects. */
export async function call(base, method, url, { cookie, body, timeoutMs = 15_000 } = {}) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}), Origin: base },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, body: json, ms: performance.now() - started, setCookie: res.headers.getSetCookie() };
  } catch (error) {
    return { error: error.cause?.code ?? error.name ?? String(error), ms: performance.now() - started };
  }
}

export async function login(base, username, password) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await call(base, 'POST', '/api/login', { body: { username, password } });
    if (res.status === 200) return res.setCookie.map((c) => c.split(';')[0]).join('; ');
    await sleep(250);
  }
  throw new Error(`login of ${username} failed`);
}

/**
 * A /ws socket of one session that reconnects (after 200-500 ms) whenever it is closed other than normally, as the
 * app's client does, and reads the unread count afresh after each reconnect, as the bell does.
 */
export class SessionSocket {
  constructor(base, cookie, userId, onReconnect) {
    this.url = `${base.replace('http', 'ws')}/ws`;
    this.base = base;
    this.cookie = cookie;
    this.userId = userId;
    this.onReconnect = onReconnect;
    this.frames = [];
    this.closes = [];
    this.reconnects = 0;
    this.open = false;
    this.stopped = false;
  }

  connect() {
    const ws = new WebSocket(this.url, { headers: { Cookie: this.cookie, Origin: this.base } });
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'auth', userId: this.userId }));
    };
    ws.onmessage = (event) => {
      const message = JSON.parse(String(event.data));
      if (message.type === 'auth') {
        const again = this.everOpened;
        this.everOpened = true;
        this.open = true;
        if (again) {
          this.reconnects += 1;
          void this.onReconnect?.(this);
        }
      }
      if (message.type === 'notification') this.frames.push(message.notification);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.open = false;
      this.closes.push(event.code);
      if (this.stopped || event.code === 1000) return;
      setTimeout(() => !this.stopped && this.connect(), 200 + Math.random() * 300);
    };
    ws.onerror = () => undefined;
  }

  close() {
    this.stopped = true;
    this.ws?.close(1000);
  }
}
