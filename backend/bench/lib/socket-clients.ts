/**
 * Worker thread of the notification-push benchmark: holds the /ws clients, so their memory and event-loop time are
 * not counted against the app in the main thread. Opens one socket per cookie, authenticates it, and reports every
 * notification with its arrival time (epoch milliseconds, sub-millisecond precision, comparable across threads).
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

export interface SocketClientsInput {
  /** ws://127.0.0.1:port/ws of the instance to connect to. */
  url: string;
  origin: string;
  clients: { userId: number; cookie: string }[];
}

/** Messages to the main thread. */
export type SocketClientsMessage =
  | { type: 'ready'; open: number }
  | { type: 'failed'; error: string }
  | { type: 'notification'; userId: number; at: number };

const now = () => performance.timeOrigin + performance.now();
const OPEN_CONCURRENCY = 50;

async function openOne(url: string, origin: string, client: SocketClientsInput['clients'][number]): Promise<WebSocket> {
  const ws = new WebSocket(url, { headers: { origin, cookie: client.cookie } });
  await new Promise<void>((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
    ws.once('open', () => resolve());
  });
  const authed = new Promise<void>((resolve, reject) => {
    ws.once('close', (code, reason) => reject(new Error(`closed ${code} ${reason.toString()}`)));
    ws.on('message', function first(data) {
      const message = JSON.parse(data.toString());
      if (message.type === 'auth') {
        ws.off('message', first);
        resolve();
      }
    });
  });
  ws.send(JSON.stringify({ type: 'auth', userId: client.userId }));
  await authed;
  ws.on('message', (data) => {
    const at = now();
    const message = JSON.parse(data.toString());
    if (message.type === 'notification') parentPort!.postMessage({ type: 'notification', userId: client.userId, at } satisfies SocketClientsMessage);
  });
  return ws;
}

async function main(): Promise<void> {
  const { url, origin, clients } = workerData as SocketClientsInput;
  const sockets: WebSocket[] = [];
  for (let i = 0; i < clients.length; i += OPEN_CONCURRENCY) {
    sockets.push(...(await Promise.all(clients.slice(i, i + OPEN_CONCURRENCY).map((c) => openOne(url, origin, c)))));
  }
  parentPort!.postMessage({ type: 'ready', open: sockets.length } satisfies SocketClientsMessage);
  parentPort!.on('message', (m) => {
    if (m === 'close') {
      for (const ws of sockets) ws.close(1000);
      parentPort!.close();
    }
  });
}

main().catch((e) => parentPort!.postMessage({ type: 'failed', error: String(e?.message ?? e) } satisfies SocketClientsMessage));
