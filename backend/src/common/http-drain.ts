import type { Server } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { coded } from './http-exception.filter';

/** How long no request or connection must have come in before the listener closes. */
const QUIET_MS = 250;
const POLL_MS = 25;

/**
 * The HTTP half of a graceful stop. `middleware` goes first in the app and keeps the requests in flight. `close`
 * lets those finish and keeps serving what still comes in, every answer with `Connection: close`, so each connection
 * carries at most one more request: a request a proxy sent before it saw the readiness check turn 503 (it may sit in a
 * busy process's queue for a while) is answered, not refused. The listener stays open meanwhile: connections the
 * kernel has already accepted for it would otherwise be reset when it closes. Once nothing is in flight and nothing
 * has come in for a moment it stops listening (a proxy's next connection is refused, which it retries elsewhere) and
 * closes the keep-alive connections idling between requests, so they do not hold the stop open. When the grace period
 * is over, what still comes in is answered 503 `shutting_down` and whatever still runs is cut off.
 */
export class HttpDrain {
  private draining = false;
  private closingConnections = false;
  private readonly inFlight = new Set<Response>();
  private lastArrival = 0;
  private deadline = Infinity;

  readonly middleware = (_req: Request, res: Response, next: NextFunction): void => {
    this.lastArrival = Date.now();
    if (this.draining && Date.now() >= this.deadline) {
      res.setHeader('Connection', 'close');
      res.setHeader('Retry-After', '1');
      res.status(503).json(coded('shutting_down', 'Tjenesten starter på nytt. Prøv igjen om litt.'));
      return;
    }
    // Announced or draining: still served, but each answer moves its client off this instance.
    if (this.closingConnections || this.draining) res.setHeader('Connection', 'close');
    this.inFlight.add(res);
    res.once('close', () => this.inFlight.delete(res));
    next();
  };

  /**
   * The stop is coming (SIGTERM; the readiness check already answers 503): requests are still served as usual, each
   * answer with `Connection: close`, so that a proxy or client opens its next connection elsewhere.
   */
  announce(): void {
    this.closingConnections = true;
  }

  get requestsInFlight(): number {
    return this.inFlight.size;
  }

  /**
   * `cutUpgraded` ends the connections that left HTTP (the /ws sockets, which have been asked to close by then) when
   * the listener closes: http.Server's close waits for them too, and closeAllConnections does not see them.
   */
  async close(server: Server, graceMs: number, cutUpgraded: () => void = () => undefined): Promise<void> {
    const deadline = Date.now() + graceMs;
    this.deadline = deadline;
    this.draining = true;
    this.lastArrival = Date.now();
    server.on('connection', () => (this.lastArrival = Date.now()));
    // An answer still to come closes its connection, so its client sends nothing more on it.
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    const settled = () => this.inFlight.size === 0 && Date.now() - this.lastArrival >= QUIET_MS;
    while (!settled() && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS));
    // http.Server's close stops listening and closes the idle keep-alive connections; the rest end by themselves
    // after their `Connection: close` answer, or are cut when the grace period is over.
    const closed = new Promise<void>((done) => server.close(() => done()));
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((done) => (timer = setTimeout(done, Math.max(0, deadline - Date.now()))));
    await Promise.race([closed, graceOver]);
    clearTimeout(timer);
    cutUpgraded();
    server.closeAllConnections();
    await closed;
  }
}
