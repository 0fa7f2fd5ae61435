import type { AddressInfo } from 'node:net';
import request from 'supertest';
import WebSocket from 'ws';
import type { User } from '../../src/users/user.entity';
import { ORIGIN, PASSWORD, type TestApp } from './test-app';

/** The app's port, listening on loopback from the first call (the /ws upgrade needs a real server). */
export async function listen(t: TestApp): Promise<number> {
  if (!t.server.listening) await new Promise<void>((ok) => t.server.listen(0, '127.0.0.1', ok));
  return (t.server.address() as AddressInfo).port;
}

/** Logs in and answers the session cookie (`connect.sid=…`) for a socket's upgrade request. */
export async function sessionCookie(t: TestApp, user: User): Promise<string> {
  const res = await request(t.server).post('/api/login').send({ username: user.username, password: PASSWORD }).expect(200);
  return String(res.headers['set-cookie'][0]).split(';')[0];
}

export interface TestSocket {
  ws: WebSocket;
  messages: { type: string; [k: string]: unknown }[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first message of `type` (already received or next), or rejects after `ms`. */
  next(type: string, ms?: number): Promise<{ type: string; [k: string]: unknown }>;
}

/** Opens /ws; resolves once open, or rejects with the HTTP status the upgrade was refused with. */
export function openSocket(port: number, headers: Record<string, string>, options: { autoPong?: boolean } = {}): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { origin: ORIGIN, ...headers }, autoPong: options.autoPong ?? true });
    const messages: TestSocket['messages'] = [];
    const closed = new Promise<{ code: number; reason: string }>((ok) => ws.on('close', (code, reason) => ok({ code, reason: reason.toString() })));
    ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
    ws.on('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode })));
    ws.on('error', (e) => reject(e));
    ws.on('open', () =>
      resolve({
        ws,
        messages,
        closed,
        async next(type, ms = 3000) {
          const until = Date.now() + ms;
          for (;;) {
            const found = messages.find((m) => m.type === type);
            if (found) return found;
            if (Date.now() > until) throw new Error(`no ${type} message within ${ms} ms (got ${JSON.stringify(messages)})`);
            await new Promise((r) => setTimeout(r, 10));
          }
        },
      }),
    );
  });
}

/** A socket of `user`, authenticated by cookie and by the auth message, ready to receive. */
export async function socketOf(t: TestApp, user: User, port: number): Promise<TestSocket> {
  const socket = await openSocket(port, { cookie: await sessionCookie(t, user) });
  socket.ws.send(JSON.stringify({ type: 'auth', userId: user.id }));
  await socket.next('auth');
  return socket;
}
