/**
 * The /ws connection (docs/product/notifications.md#delivery): after it opens, the client says who it is ({ type: 'auth', userId }); the server
 * pushes { type: 'notification', notification }. A close other than the normal one (1000) reconnects after 5 s plus
 * up to 1 s of jitter, so a restarted server is not met by every client at the same instant. The server answers
 * `auth` with { type: 'auth', ok: true } once it pushes to the socket; then each reopening calls onReconnect, where the
 * app refetches what it may have missed while offline, and the first calls onFirstAccepted.
 * A session holds at most 10 sockets; the server closes the oldest with CLOSE_SUPERSEDED when another tab opens
 * one more. That tab does not reconnect on a timer (the tabs would close each other in turn, forever) but when it
 * is shown again: one reconnect per tab the person looks at (docs/operations.md, Notifications and /ws).
 */
import type { AppNotification } from './types';

export const RECONNECT_MS = 5000;
export const RECONNECT_JITTER_MS = 1000;
const NORMAL_CLOSURE = 1000;
/** The server's close code for 'this session opened newer sockets' (docs/operations.md, Notifications and /ws). */
export const CLOSE_SUPERSEDED = 4001;
/** The server's close code for 'maintenance mode is on' (1013, try again later): the app checks the mode at once. */
export const CLOSE_MAINTENANCE = 1013;

/** Calls `fn` once, the next time the page becomes visible; answers a function that cancels the wait. */
export function whenPageShown(fn: () => void): () => void {
  const onChange = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', onChange);
    fn();
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** 5 s plus jitter; `random` is Math.random unless a test fixes it. */
export function reconnectDelay(random: () => number = Math.random): number {
  return RECONNECT_MS + Math.floor(random() * RECONNECT_JITTER_MS);
}

/** What the socket needs of a WebSocket (the browser's, or a test's). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface NotificationSocketOptions {
  url: string;
  userId: number;
  onNotification: (notification: AppNotification) => void;
  /**
   * Called when the server has accepted a connection opened again after a drop (its answer to `auth`): pushes reach
   * the socket from then on, so what happened before is refetched then.
   */
  onReconnect: () => void;
  /**
   * Called when the server has accepted the first connection: what happened between the page's first reads and
   * that moment was pushed to no one.
   */
  onFirstAccepted?: () => void;
  /** Called when the server closed the socket for maintenance mode, so the app need not wait for its status poll. */
  onMaintenance?: () => void;
  /** Called with true when a connection opens and false when it drops (screens poll only while it is down). */
  onConnectionChange?: (connected: boolean) => void;
  createSocket?: (url: string) => SocketLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
  /** whenPageShown unless a test replaces it. */
  whenShown?: (fn: () => void) => () => void;
}

export class NotificationSocket {
  private socket?: SocketLike;
  private timer?: unknown;
  /** Cancels the wait for the page to be shown again after CLOSE_SUPERSEDED. */
  private stopWaiting?: () => void;
  private stopped = false;
  private opened = false;

  constructor(private readonly options: NotificationSocketOptions) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  /** Closes normally (1000): no reconnect. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) (this.options.clearTimer ?? clearTimeout)(this.timer as ReturnType<typeof setTimeout>);
    this.timer = undefined;
    this.stopWaiting?.();
    this.stopWaiting = undefined;
    this.socket?.close(NORMAL_CLOSURE);
    this.socket = undefined;
  }

  private accepted(): void {
    if (this.opened) this.options.onReconnect();
    else this.options.onFirstAccepted?.();
    this.opened = true;
  }

  private connect(): void {
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    const socket = create(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: 'auth', userId: this.options.userId }));
      this.options.onConnectionChange?.(true);
    };
    socket.onmessage = (event) => {
      const message = parse(event.data);
      if (message?.type === 'notification' && message.notification) this.options.onNotification(message.notification as AppNotification);
      if (message?.type === 'auth' && message.ok === true) this.accepted();
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.options.onConnectionChange?.(false);
      if (this.stopped || event.code === NORMAL_CLOSURE) return;
      if (event.code === CLOSE_MAINTENANCE) this.options.onMaintenance?.();
      if (event.code === CLOSE_SUPERSEDED) {
        this.stopWaiting = (this.options.whenShown ?? whenPageShown)(() => {
          this.stopWaiting = undefined;
          if (!this.stopped) this.connect();
        });
        return;
      }
      const setTimer = this.options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
      this.timer = setTimer(() => {
        this.timer = undefined;
        if (!this.stopped) this.connect();
      }, reconnectDelay(this.options.random));
    };
  }
}

function parse(data: unknown): { type?: string; notification?: unknown; ok?: unknown } | undefined {
  try {
    return typeof data === 'string' ? JSON.parse(data) : undefined;
  } catch {
    return undefined;
  }
}

/** ws(s)://<this host>/ws */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}
