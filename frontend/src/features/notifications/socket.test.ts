import { describe, expect, it, vi } from 'vitest';
import { CLOSE_SUPERSEDED, NotificationSocket, reconnectDelay, socketUrl, whenPageShown, type SocketLike } from './socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith?: number;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** The server's answer to `auth`. */
  accept() {
    this.onmessage?.({ data: JSON.stringify({ type: 'auth', ok: true }) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const onNotification = vi.fn();
  const onReconnect = vi.fn();
  const onFirstAccepted = vi.fn();
  const onConnectionChange = vi.fn();
  const onMaintenance = vi.fn();
  /** Waits for the page to be shown: `show()` shows it; `cancelled` counts waits given up. */
  const page = { waiting: [] as (() => void)[], cancelled: 0, show: () => page.waiting.splice(0).forEach((fn) => fn()) };
  const socket = new NotificationSocket({
    url: 'ws://app/ws',
    userId: 7,
    onNotification,
    onReconnect,
    onFirstAccepted,
    onConnectionChange,
    onMaintenance,
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
    random: () => 0.5,
    whenShown: (fn) => {
      page.waiting.push(fn);
      return () => {
        page.cancelled++;
        page.waiting = page.waiting.filter((f) => f !== fn);
      };
    },
  });
  return { socket, sockets, timers, page, onNotification, onReconnect, onFirstAccepted, onConnectionChange, onMaintenance };
}

describe('NotificationSocket', () => {
  it('says when the connection is up and when it dropped (screens poll only meanwhile)', () => {
    const { socket, sockets, timers, onConnectionChange } = setup();
    socket.start();
    sockets[0].open();
    sockets[0].drop(1006);
    timers[0].fn();
    sockets[1].open();
    expect(onConnectionChange.mock.calls).toEqual([[true], [false], [true]]);
  });

  it('waits 5 s plus up to 1 s of jitter before reconnecting', () => {
    expect(reconnectDelay(() => 0)).toBe(5000);
    expect(reconnectDelay(() => 0.999)).toBe(5999);
  });

  it('authenticates on open and hands notifications on', () => {
    const { socket, sockets, onNotification, onReconnect } = setup();
    socket.start();
    sockets[0].open();
    expect(sockets[0].sent).toEqual([JSON.stringify({ type: 'auth', userId: 7 })]);
    sockets[0].onmessage?.({ data: JSON.stringify({ type: 'notification', notification: { id: 1, type: 'system' } }) });
    sockets[0].onmessage?.({ data: 'not json' });
    sockets[0].onmessage?.({ data: JSON.stringify({ type: 'auth', ok: true }) });
    expect(onNotification).toHaveBeenCalledTimes(1);
    expect(onNotification).toHaveBeenCalledWith({ id: 1, type: 'system' });
    expect(onReconnect).not.toHaveBeenCalled();
  });

  it('reconnects after an abnormal close and refetches once open again', () => {
    const { socket, sockets, timers, onReconnect } = setup();
    socket.start();
    sockets[0].open();
    sockets[0].accept();
    sockets[0].drop(1006);
    expect(timers).toHaveLength(1);
    expect(timers[0].ms).toBe(5500);
    expect(sockets).toHaveLength(1);
    timers[0].fn();
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    // Not before the server has accepted the socket: a push in between would reach no one and be missed.
    expect(onReconnect).not.toHaveBeenCalled();
    sockets[1].accept();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    expect(sockets[1].sent).toEqual([JSON.stringify({ type: 'auth', userId: 7 })]);
  });

  it("refetches once the server has accepted the first connection (what happened since the page's first reads)", () => {
    const { socket, sockets, onReconnect, onFirstAccepted } = setup();
    socket.start();
    sockets[0].open();
    expect(onFirstAccepted).not.toHaveBeenCalled();
    sockets[0].accept();
    expect(onFirstAccepted).toHaveBeenCalledTimes(1);
    expect(onReconnect).not.toHaveBeenCalled();
  });

  it('closed for maintenance (1013), it has the app check the mode at once and keeps trying in the background', () => {
    const { socket, sockets, timers, onMaintenance } = setup();
    socket.start();
    sockets[0].open();
    sockets[0].drop(1006);
    expect(onMaintenance).not.toHaveBeenCalled();
    timers[0].fn();
    sockets[1].open();
    sockets[1].drop(1013);
    expect(onMaintenance).toHaveBeenCalledTimes(1);
    expect(timers).toHaveLength(2);
  });

  it('does not reconnect after a normal close (1000) or after stop()', () => {
    const { socket, sockets, timers } = setup();
    socket.start();
    sockets[0].open();
    sockets[0].drop(1000);
    expect(timers).toHaveLength(0);

    const second = setup();
    second.socket.start();
    second.sockets[0].open();
    second.socket.stop();
    expect(second.sockets[0].closedWith).toBe(1000);
    second.sockets[0].drop(1000);
    expect(second.timers).toHaveLength(0);
  });

  it('keeps trying while the server is away', () => {
    const { socket, sockets, timers } = setup();
    socket.start();
    sockets[0].drop(1006);
    timers[0].fn();
    sockets[1].drop(1006);
    expect(timers).toHaveLength(2);
    timers[1].fn();
    expect(sockets).toHaveLength(3);
  });

  it('closed for a newer tab of the session, it waits to be shown instead of reconnecting on a timer', () => {
    const { socket, sockets, timers, page, onReconnect, onConnectionChange } = setup();
    socket.start();
    sockets[0].open();
    sockets[0].accept();
    sockets[0].drop(CLOSE_SUPERSEDED);
    // No timer: two tabs past the limit would otherwise close each other every 5 s, forever.
    expect(timers).toHaveLength(0);
    expect(sockets).toHaveLength(1);
    expect(onConnectionChange).toHaveBeenLastCalledWith(false);
    page.show();
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    sockets[1].accept();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    // Shown again later: nothing more, the wait was for once.
    page.show();
    expect(sockets).toHaveLength(2);
  });

  it('stop() while waiting to be shown gives the wait up', () => {
    const { socket, sockets, page } = setup();
    socket.start();
    sockets[0].open();
    sockets[0].drop(CLOSE_SUPERSEDED);
    socket.stop();
    expect(page.cancelled).toBe(1);
    page.show();
    expect(sockets).toHaveLength(1);
  });

  it('whenPageShown calls back once, the next time the page becomes visible', () => {
    let state: DocumentVisibilityState = 'hidden';
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    try {
      const fn = vi.fn();
      whenPageShown(fn);
      document.dispatchEvent(new Event('visibilitychange'));
      expect(fn).not.toHaveBeenCalled();
      state = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
      document.dispatchEvent(new Event('visibilitychange'));
      expect(fn).toHaveBeenCalledTimes(1);
      const cancelled = vi.fn();
      whenPageShown(cancelled)();
      document.dispatchEvent(new Event('visibilitychange'));
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      visibility.mockRestore();
    }
  });

  it('builds the socket address from the page', () => {
    expect(socketUrl({ protocol: 'https:', host: 'portal.example.no' })).toBe('wss://portal.example.no/ws');
    expect(socketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
  });
});
