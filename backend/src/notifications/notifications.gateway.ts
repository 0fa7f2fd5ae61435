import { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  ConnectedSocket, MessageBody, OnGatewayConnection, OnGatewayDisconnect, SubscribeMessage, WebSocketGateway, WebSocketServer,
} from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import { WebSocket, type WebSocketServer as WsServer } from 'ws';
import { EventBus } from '../common/events/domain-events';
import { Lifecycle } from '../common/lifecycle';
import { Metrics } from '../common/observability/metrics.service';
import { MAINTENANCE_STATE, type MaintenanceState } from '../common/maintenance-state';
import { socketSessionOf } from '../common/sessions/session-ws.adapter';
import { SESSION_USER_LOOKUP, type SessionUserLookup } from '../common/session-user';
import { STAFF_TWO_FACTOR_RULE, type StaffTwoFactorRule } from '../common/two-factor-setup.decorator';
import { mapNotification } from './notifications.dto';
import { NotificationsService } from './notifications.service';

/** How often sockets are pinged; one that has not answered the previous ping by the next is dropped. */
export const PING_INTERVAL_MS = 30_000;
/** Policy violation (RFC 6455): a forged auth message or an ended session. The client does not treat it as normal. */
const CLOSE_POLICY = 1008;
/** 'Try again later': maintenance mode closed the socket; the client's reconnects are refused until it ends. */
const CLOSE_MAINTENANCE = 1013;
/**
 * How many sockets one session may hold (a tab each). When one more opens, the session's oldest is closed with
 * CLOSE_SUPERSEDED, a code of the app's own that the client does not reconnect on by itself: otherwise the tabs of
 * one browser would keep closing each other in turn (docs/operations.md, Notifications and /ws).
 */
export const MAX_SOCKETS_PER_SESSION = 10;
export const CLOSE_SUPERSEDED = 4001;
/** Service restart (RFC 6455): this instance is stopping; the client reconnects after its usual delay, to another one. */
export const CLOSE_RESTART = 1012;

interface LiveSocket extends WebSocket {
  userId: number;
  sid: string;
  isAdmin: boolean;
  isStaff: boolean;
  alive: boolean;
  /** Set once the client's auth message named the session's own user; only then are notifications pushed. */
  authed: boolean;
}

/**
 * /ws: pushes a user's notifications to that user's sockets on this instance. The upgrade is authenticated from the
 * session cookie (SessionWsAdapter); the client's `auth` message is accepted only when its userId is the session's,
 * anything else closes the socket. Stored notifications arrive as a broadcast of their id from any instance; the row
 * is read once per arrival, and only if this instance holds a socket of its owner.
 */
@WebSocketGateway({ path: '/ws' })
export class NotificationsGateway implements OnGatewayConnection, OnGatewayDisconnect, OnModuleInit, OnModuleDestroy {
  private readonly byUser = new Map<number, Set<LiveSocket>>();
  private pinger?: NodeJS.Timeout;

  @WebSocketServer() private readonly server: WsServer;

  constructor(
    private readonly events: EventBus,
    private readonly notifications: NotificationsService,
    private readonly moduleRef: ModuleRef,
    private readonly lifecycle: Lifecycle,
    private readonly metrics: Metrics,
  ) {
    metrics.socketsOpen = () => this.socketCount();
  }

  onModuleInit(): void {
    this.events.onBroadcast('notification.stored', (e) => this.push(e.id, e.userId));
    this.events.onBroadcast('sessions.ended', (e) => this.closeEnded(e.userId, e.sid, e.exceptSid));
    this.events.onBroadcast('system.settings.changed', async () => {
      await this.closeDuringMaintenance();
      await this.closeStaffWithoutTwoFactor();
    });
    this.pinger = setInterval(() => this.sweep(), PING_INTERVAL_MS);
    this.pinger.unref();
  }

  /** Maintenance mode turned on (on any instance): only admins keep their sockets, as only they keep the API. */
  private async closeDuringMaintenance(): Promise<void> {
    if (!(await this.moduleRef.get<MaintenanceState>(MAINTENANCE_STATE, { strict: false }).maintenance()).enabled) return;
    for (const sockets of this.byUser.values()) {
      for (const ws of sockets) if (!ws.isAdmin) ws.close(CLOSE_MAINTENANCE, 'maintenance');
    }
  }

  /**
   * Two-factor sign-in became required for staff (on any instance): the sockets of staff who have not turned it on
   * close, as the API refuses them everything but the setup; their reconnects are refused at the upgrade.
   */
  private async closeStaffWithoutTwoFactor(): Promise<void> {
    const staff = [...this.byUser.values()].flatMap((sockets) => [...sockets].filter((ws) => ws.isStaff));
    if (staff.length === 0) return;
    const rule = this.moduleRef.get<StaffTwoFactorRule>(STAFF_TWO_FACTOR_RULE, { strict: false });
    const lookup = this.moduleRef.get<SessionUserLookup>(SESSION_USER_LOOKUP, { strict: false });
    for (const userId of new Set(staff.map((ws) => ws.userId))) {
      const user = await lookup.findById(userId);
      if (user && !(await rule.mustSetUp(user))) continue;
      for (const ws of this.byUser.get(userId) ?? []) ws.close(CLOSE_POLICY, 'two-factor setup required');
    }
  }

  onModuleDestroy(): void {
    clearInterval(this.pinger);
  }

  handleConnection(socket: WebSocket, req: IncomingMessage): void {
    const session = socketSessionOf(req);
    const ws = socket as LiveSocket;
    // The adapter refuses every upgrade without a session; this is the second lock on the same door.
    if (!session) return ws.close(CLOSE_POLICY, 'no session');
    // A stopping instance takes no new sockets: the client comes back through the proxy, to a ready instance.
    if (this.lifecycle.draining) return ws.close(CLOSE_RESTART, 'restarting');
    Object.assign(ws, { userId: session.userId, sid: session.sid, isAdmin: session.isAdmin, isStaff: session.isStaff, alive: true, authed: false });
    ws.on('pong', () => (ws.alive = true));
    let sockets = this.byUser.get(session.userId);
    if (!sockets) this.byUser.set(session.userId, (sockets = new Set()));
    sockets.add(ws);
    this.closeOldestOfSession(sockets, session.sid);
  }

  /**
   * Keeps a session to MAX_SOCKETS_PER_SESSION sockets, oldest out first (a Set iterates in the order sockets were
   * added). A socket stays in the set until its close completes; one still closing when it is over the limit again
   * is cut off, so a client that never answers close frames cannot pile up half-closed sockets.
   */
  private closeOldestOfSession(sockets: Set<LiveSocket>, sid: string): void {
    const ofSession = [...sockets].filter((ws) => ws.sid === sid);
    for (const ws of ofSession.slice(0, Math.max(0, ofSession.length - MAX_SOCKETS_PER_SESSION))) {
      if (ws.readyState === WebSocket.OPEN) ws.close(CLOSE_SUPERSEDED, 'too many sockets');
      else ws.terminate();
    }
  }

  handleDisconnect(socket: WebSocket): void {
    const ws = socket as LiveSocket;
    const sockets = this.byUser.get(ws.userId);
    sockets?.delete(ws);
    if (sockets?.size === 0) this.byUser.delete(ws.userId);
  }

  @SubscribeMessage('auth')
  auth(@ConnectedSocket() socket: WebSocket, @MessageBody() body: { userId?: unknown }): void {
    const ws = socket as LiveSocket;
    const claimed = body?.userId;
    // A number or a string only: Number() would read a list ([5] is 5) and an object through what the client put in it.
    if ((typeof claimed !== 'number' && typeof claimed !== 'string') || Number(claimed) !== ws.userId) {
      ws.close(CLOSE_POLICY, 'userId is not the session user');
      return;
    }
    ws.authed = true;
    ws.send(JSON.stringify({ type: 'auth', ok: true }));
  }

  /**
   * A graceful stop (main.ts): every socket is closed with CLOSE_RESTART, on which the client reconnects, and is
   * told what it missed by reading the unread count afresh (docs/operations.md, Restarts).
   */
  closeForRestart(): void {
    for (const ws of this.server?.clients ?? []) ws.close(CLOSE_RESTART, 'restarting');
  }

  /** The end of a graceful stop: sockets whose client never answered the close are cut. */
  terminateAll(): void {
    for (const ws of this.server?.clients ?? []) ws.terminate();
  }

  /** Sockets of this instance; for tests and the benchmark. */
  socketCount(): number {
    let n = 0;
    for (const sockets of this.byUser.values()) n += sockets.size;
    return n;
  }

  /** One ping round: a socket that did not answer the last ping is terminated, the rest are pinged again. */
  sweep(): void {
    for (const client of this.server?.clients ?? []) {
      const ws = client as LiveSocket;
      if (ws.alive === false) {
        ws.terminate();
        continue;
      }
      ws.alive = false;
      ws.ping();
    }
  }

  private async push(id: number, userId: number): Promise<void> {
    const sockets = [...(this.byUser.get(userId) ?? [])].filter((ws) => ws.authed && ws.readyState === WebSocket.OPEN);
    if (sockets.length === 0) return;
    const row = await this.notifications.findById(id);
    // Removed (or its owner deleted) before it arrived; and never to anyone but its owner.
    if (!row || row.userId !== userId) return;
    const frame = JSON.stringify({ type: 'notification', notification: mapNotification(row) });
    for (const ws of sockets) ws.send(frame);
    this.metrics.notificationsPushed.inc(sockets.length);
  }

  private closeEnded(userId: number, sid?: string, exceptSid?: string): void {
    for (const ws of this.byUser.get(userId) ?? []) {
      if (sid ? ws.sid === sid : ws.sid !== exceptSid) ws.close(CLOSE_POLICY, 'session ended');
    }
  }
}
