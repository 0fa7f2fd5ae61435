import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { unsign } from 'cookie-signature';
import type { QueryPool } from './engines';

/**
 * Baselines are the least a server can do to give the same answer: node:http, the same driver and SQL as the app,
 * no framework. A scenario's score is the app's throughput relative to its baseline, measured in the same run.
 */
export type BaselineHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface BaselineServer {
  url: string;
  close(): Promise<void>;
}

export async function startBaseline(handler: BaselineHandler): Promise<BaselineServer> {
  // Requests still in flight when the load stops must finish before the caller closes the pool they query.
  const inFlight = new Set<Promise<void>>();
  const server = createServer((req, res) => {
    const done = handler(req, res)
      .catch((error) => {
        console.error('baseline server error:', error);
        if (!res.headersSent) sendJson(res, 500, { message: 'En feil oppstod' });
        else res.destroy();
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await Promise.all(inFlight);
      server.closeAllConnections();
      await closed;
    },
  };
}

/** Same status, content type and body bytes as Express's res.json. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The session id in a `connect.sid` cookie, checked the way express-session checks it; null when absent or forged. */
export function sessionIdFromCookie(cookieHeader: string | undefined, secret: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== 'connect.sid') continue;
    const value = decodeURIComponent(part.slice(eq + 1).trim());
    if (!value.startsWith('s:')) return null;
    return unsign(value.slice(2), secret) || null;
  }
  return null;
}

/** The lookup DatabaseSessionStore.get runs for every request carrying a session cookie. */
export const SESSION_SQL = 'SELECT sess FROM session WHERE sid = $1 AND expire > now()';

/**
 * What express-session and the access guard do before a 'user' route runs: the session row, then the user row
 * (with `userSql`, the statement UsersService.findById sends, captured from the app). Null means 401.
 */
export async function sessionUser(pool: QueryPool, secret: string, userSql: string, req: IncomingMessage): Promise<{ id: number } | null> {
  const sid = sessionIdFromCookie(req.headers.cookie, secret);
  const session = sid ? (await pool.query(SESSION_SQL, [sid])).rows[0]?.sess : undefined;
  const userId: number | undefined = session?.userId;
  const user = userId ? (await pool.query(userSql, [userId])).rows[0] : undefined;
  return user && !user.isBlocked ? user : null;
}

/** Both servers must give the same 200 body before either is measured; that body is then required of every answer. */
export async function sameAnswer(appUrl: string, baselineUrl: string, headers: Record<string, string>): Promise<string> {
  const [fromApp, fromBaseline] = await Promise.all([fetch(appUrl, { headers }), fetch(baselineUrl, { headers })]);
  const [appBody, baselineBody] = await Promise.all([fromApp.text(), fromBaseline.text()]);
  if (fromApp.status !== 200) throw new Error(`GET ${appUrl} answered ${fromApp.status}: ${appBody}`);
  if (fromBaseline.status !== 200 || baselineBody !== appBody) {
    throw new Error(`The baseline does not answer like the app.\n  app:      ${appBody.slice(0, 400)}\n  baseline: ${fromBaseline.status} ${baselineBody.slice(0, 400)}`);
  }
  return appBody;
}
