import type { INestApplication } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { RequestHandler } from 'express';
import type { IncomingMessage } from 'node:http';
import type { WebSocket, WebSocketServer as WsServer } from 'ws';
import { hasBearer } from '../bearer-token';
import { MAINTENANCE_STATE, type MaintenanceState } from '../maintenance-state';
import { isOwnOrigin, type TrustProxy } from '../same-origin';
import { SESSION_USER_LOOKUP, type SessionUserLookup, userReadWithSession } from '../session-user';
import { STAFF_TWO_FACTOR_RULE, type StaffTwoFactorRule } from '../two-factor-setup.decorator';

/** Who a socket belongs to: set on the upgrade request once its session cookie and Origin were checked. */
export interface SocketSession {
  userId: number;
  sid: string;
  /** Admins keep their socket during maintenance mode; everyone else is refused or closed. */
  isAdmin: boolean;
  /** Admins and mini admins: their sockets close when two-factor sign-in becomes required and they have none. */
  isStaff: boolean;
}

const SOCKET_SESSION = Symbol('socketSession');
type UpgradeRequest = IncomingMessage & { [SOCKET_SESSION]?: SocketSession; session?: { userId?: number }; sessionID?: string };

export const socketSessionOf = (req: IncomingMessage): SocketSession | undefined => (req as UpgradeRequest)[SOCKET_SESSION];

/**
 * Client messages are `{ type, ...fields }` (the app's `{ type: 'auth', userId }`, docs/product/notifications.md#delivery); Nest routes on `event`. Frames
 * that are not such JSON are dropped quietly: a public socket must not fill the log.
 */
function parseClientMessage(data: unknown): { event: string; data: unknown } | undefined {
  try {
    const message = JSON.parse(String(data));
    if (message && typeof message === 'object' && typeof message.type === 'string') return { event: message.type, data: message };
  } catch {
    // not JSON
  }
  return undefined;
}

/**
 * The ws adapter with the app's own session check at the upgrade: the Origin must be the app's by the same rule as
 * the API's writes (`isOwnOrigin`: PUBLIC_URL's, or the address the app was reached at; a browser always sends one on
 * an upgrade, so a missing Origin is refused here), and the same express-session middleware the API uses must find a logged-in, unblocked user. A refused
 * upgrade is answered 403 (Origin) or 401 (session) before any socket exists.
 */
const REASONS: Record<number, string> = { 403: 'Forbidden', 401: 'Unauthorized', 503: 'Service Unavailable' };

/**
 * The largest message a client may send: its messages are a few dozen bytes of JSON. ws checks a frame's declared
 * length before reading it, so a bigger one closes the socket with 1009 without being buffered (docs/operations.md,
 * Notifications and /ws).
 */
export const WS_MAX_PAYLOAD_BYTES = 64 * 1024;

export class SessionWsAdapter extends WsAdapter {
  private readonly origin: string;

  constructor(private readonly app: INestApplication, private readonly sessions: RequestHandler, publicUrl: string) {
    super(app, { messageParser: parseClientMessage });
    this.origin = new URL(publicUrl).origin;
  }

  override create(port: number, options: Record<string, unknown> = {}) {
    return super.create(port, { ...options, maxPayload: WS_MAX_PAYLOAD_BYTES, verifyClient: (info: { origin: string; req: IncomingMessage }, done: (ok: boolean, code?: number, reason?: string) => void) => {
      this.verify(info.origin, info.req as UpgradeRequest).then(
        (status) => (status === 200 ? done(true) : done(false, status, REASONS[status] ?? 'Unauthorized')),
        () => done(false, 500, 'Internal Server Error'),
      );
    } });
  }

  /**
   * A client's protocol fault (a frame over WS_MAX_PAYLOAD_BYTES, a bad opcode: ws's `WS_ERR_*` codes) has already
   * closed its socket with the right code; it is the client's doing, so it is not logged as the server's error, or
   * anyone with a session could fill the log.
   */
  override bindErrorHandler(server: WsServer): WsServer {
    server.on('connection', (ws: WebSocket) => ws.on('error', (err: Error & { code?: string }) => {
      if (err.code?.startsWith('WS_ERR_')) this.logger.debug(`socket closed: ${err.message}`);
      else this.logger.error(err);
    }));
    server.on('error', (err: Error) => this.logger.error(err));
    return server;
  }

  private async verify(origin: string | undefined, req: UpgradeRequest): Promise<number> {
    const trust = this.app.getHttpAdapter().getInstance().get('trust proxy fn') as TrustProxy;
    // API tokens never open a socket (docs/security.md#api-tokens): live pushes are the app's, for a signed-in person.
    if (hasBearer(req)) return 401;
    if (!origin || !isOwnOrigin(origin, req, this.origin, trust)) return 403;
    // express-session reads the cookie and loads the session; the response object is never written to.
    await new Promise<void>((next, fail) => this.sessions(req as never, {} as never, (e?: unknown) => (e ? fail(e) : next())));
    const userId = req.session?.userId;
    if (!userId || !req.sessionID) return 401;
    const user = userReadWithSession(req.session) ?? (await this.app.get<SessionUserLookup>(SESSION_USER_LOOKUP, { strict: false }).findById(userId));
    if (!user || user.isBlocked) return 401;
    // As every API call: during maintenance only admins get in (the gateway closes the others' open sockets).
    if (!user.isAdmin && (await this.app.get<MaintenanceState>(MAINTENANCE_STATE, { strict: false }).maintenance()).enabled) return 503;
    // As every API call but the setup's: staff who must still turn on two-factor sign-in get no live pushes (docs/security.md#staff).
    if (await this.app.get<StaffTwoFactorRule>(STAFF_TWO_FACTOR_RULE, { strict: false }).mustSetUp(user)) return 403;
    req[SOCKET_SESSION] = { userId, sid: req.sessionID, isAdmin: Boolean(user.isAdmin), isStaff: Boolean(user.isAdmin || user.isMiniAdmin) };
    return 200;
  }
}
