import { randomBytes } from 'node:crypto';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import { sign } from 'cookie-signature';
import { DataSource } from 'typeorm';
import { NotificationsGateway } from '../../src/notifications/notifications.gateway';
import { UsersService } from '../../src/users/users.service';
import { AppUnderTest, startApp } from '../lib/app-under-test';
import { round, Scenario, ScenarioEntry } from '../lib/scenario';
import type { SocketClientsInput, SocketClientsMessage } from '../lib/socket-clients';

const SOCKETS = Number(process.env.BENCH_SOCKETS || 1000);
const SAMPLES = Number(process.env.BENCH_PUSH_SAMPLES || 300);
const PASSWORD = 'bench-passord-123';
const TARGET_P99_MS = 250;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

/**
 * the live path under 1,000 open sockets: an admin adds an event to an owner's calendar (POST
 * /api/admin/user-events/{id}); the reaction stores a notification, broadcasts its id, and the instance holding the
 * owner's socket reads the row and pushes it. Measured from just before the POST leaves to the frame's arrival at
 * the socket, one write at a time, each for a random owner. On PostgreSQL also across two instances (sockets on
 * B, writes on A, LISTEN/NOTIFY between them). The clients run on a worker thread, so the heap growth of the
 * app's thread per open, authenticated socket is the server's cost of a socket.
 */
export const notificationPush: Scenario = {
  name: 'notification-push',
  title: `/ws: a write to its notification at the socket, ${SOCKETS} sockets`,

  async run({ db, app }) {
    const { admin, clients } = await seedOwnersWithSessions(app, SOCKETS);
    const entries: ScenarioEntry[] = [];

    const heapBefore = heapAfterGc();
    const sockets = await openClients(app, clients);
    try {
      const gateway = app.app.get(NotificationsGateway);
      if (gateway.socketCount() !== SOCKETS) throw new Error(`the app holds ${gateway.socketCount()} sockets, expected ${SOCKETS}`);
      const heapPerSocket = (heapAfterGc() - heapBefore) / SOCKETS;
      const samples = await sampleLatencies(app, admin, clients, sockets);
      entries.push(latencyEntry('notification-push', samples, { heapKbPerSocket: round(heapPerSocket / 1024, 1) }, 'one instance'));
    } finally {
      await sockets.close();
    }

    if (db.engine === 'postgres') {
      // Instance B of the same deployment: the same database and the same session secret, so A's cookies are valid on it.
      const second = await startApp(db, { SESSION_SECRET: app.sessionSecret });
      const remote = await openClients(second, clients);
      try {
        const samples = await sampleLatencies(app, admin, clients, remote);
        entries.push(latencyEntry('notification-push-two-instances', samples, {}, 'sockets on instance B, writes on instance A (LISTEN/NOTIFY)'));
      } finally {
        await remote.close();
        await second.close();
      }
    }
    return entries;
  },
};

/** Milliseconds from the POST leaving: to its answer, and to the notification at the socket. */
interface Sample {
  answered: number;
  arrived: number;
}

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))], 1);
}

function latencyEntry(scenario: string, samples: Sample[], extra: Record<string, number>, where: string): ScenarioEntry {
  const arrived = samples.map((s) => s.arrived);
  const answered = samples.map((s) => s.answered);
  return {
    scenario,
    method: `${SOCKETS} authenticated sockets open (${where}); ${samples.length} writes one at a time, each an admin's POST /api/admin/user-events/{id} for a random owner; p50/p99: ms from the POST leaving to the notification frame arriving at that owner's socket (writeP50/writeP99: to the POST's own answer).`,
    figures: {
      sockets: SOCKETS,
      samples: samples.length,
      p50: percentile(arrived, 0.5),
      p99: percentile(arrived, 0.99),
      max: percentile(arrived, 1),
      writeP50: percentile(answered, 0.5),
      writeP99: percentile(answered, 0.99),
      ...extra,
    },
    target: { figure: 'p99', op: '<', value: TARGET_P99_MS },
  };
}

interface Client {
  userId: number;
  cookie: string;
}

/**
 * `count` owners, each with a session of their own. One owner and the admin log in for real; the other sessions are
 * copies of the owner's session row with their own id and user, signed like express-session signs them (logging
 * in 1,000 times would measure argon2 and the login rate limit, not the push path).
 */
async function seedOwnersWithSessions(app: AppUnderTest, count: number): Promise<{ admin: string; clients: Client[] }> {
  const users = app.app.get(UsersService);
  const db = app.app.get(DataSource);
  await users.create({ username: 'bench-push-admin@example.com', name: 'Bench Admin', password: PASSWORD, isAdmin: true }, null);
  const first = await users.create({ username: 'bench-push-owner-0@example.com', name: 'Bench Eier 0', password: PASSWORD }, null);
  const admin = await app.login('bench-push-admin@example.com', PASSWORD);
  const ownerCookie = await app.login(first.username, PASSWORD);

  const [{ password }] = await db.query('SELECT password FROM users WHERE id = $1', [first.id]);
  const rows: { id: number }[] = await db.query(
    `INSERT INTO users (username, name, email, password)
     SELECT 'bench-push-owner-' || g || '@example.com', 'Bench Eier ' || g, 'bench-push-owner-' || g || '@example.com', $1
     FROM generate_series(1, $2::int) g RETURNING id`,
    [password, count - 1],
  );
  const sid = decodeURIComponent(ownerCookie.slice('connect.sid='.length)).slice(2).split('.')[0];
  const [{ sess, expire }] = await db.query('SELECT sess, expire FROM session WHERE sid = $1', [sid]);
  const template = typeof sess === 'string' ? JSON.parse(sess) : sess;
  const clients: Client[] = [{ userId: first.id, cookie: ownerCookie }];
  const sessions = rows.map(({ id }) => ({ sid: randomBytes(24).toString('base64url'), userId: id }));
  await db.query(
    `INSERT INTO session (sid, sess, expire)
     SELECT s.sid, jsonb_set($1::jsonb, '{userId}', to_jsonb(s.user_id)), $2
     FROM unnest($3::text[], $4::int[]) AS s(sid, user_id)`,
    [JSON.stringify(template), expire, sessions.map((s) => s.sid), sessions.map((s) => s.userId)],
  );
  for (const s of sessions) clients.push({ userId: s.userId, cookie: `connect.sid=${encodeURIComponent(`s:${sign(s.sid, app.sessionSecret)}`)}` });
  return { admin, clients };
}

interface OpenClients {
  /** Resolves with the arrival time of the next notification for `userId`. */
  next(userId: number): Promise<number>;
  close(): Promise<void>;
}

async function openClients(app: AppUnderTest, clients: Client[]): Promise<OpenClients> {
  const input: SocketClientsInput = { url: `${app.url.replace('http', 'ws')}/ws`, origin: app.config.publicUrl, clients };
  const worker = new Worker(path.join(__dirname, '..', 'lib', 'socket-clients.js'), { workerData: input });
  const waiting = new Map<number, (at: number) => void>();
  await new Promise<void>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('message', (m: SocketClientsMessage) => {
      if (m.type === 'ready') resolve();
      else if (m.type === 'failed') reject(new Error(`socket clients: ${m.error}`));
      else {
        waiting.get(m.userId)?.(m.at);
        waiting.delete(m.userId);
      }
    });
  });
  return {
    next: (userId) => new Promise((resolve) => waiting.set(userId, resolve)),
    async close() {
      worker.postMessage('close');
      await new Promise((r) => worker.once('exit', r));
    },
  };
}

async function sampleLatencies(app: AppUnderTest, adminCookie: string, clients: Client[], sockets: OpenClients): Promise<Sample[]> {
  const samples: Sample[] = [];
  const headers = { cookie: adminCookie, origin: app.config.publicUrl, 'content-type': 'application/json' };
  for (let i = 0; i < SAMPLES; i++) {
    const { userId } = clients[Math.floor(Math.random() * clients.length)];
    const arrival = sockets.next(userId);
    const sent = performance.timeOrigin + performance.now();
    const res = await fetch(`${app.url}/api/admin/user-events/${userId}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: `Vedlikehold ${i}`, startTime: '2026-12-01', allDay: true }),
    });
    const answered = performance.timeOrigin + performance.now();
    if (res.status !== 201) throw new Error(`POST /api/admin/user-events/${userId} answered ${res.status}: ${await res.text()}`);
    const arrived = await withTimeout(arrival, 10_000, `no notification for user ${userId} within 10 s`);
    samples.push({ answered: answered - sent, arrived: arrived - sent });
  }
  return samples;
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]).finally(() => clearTimeout(timer));
}
