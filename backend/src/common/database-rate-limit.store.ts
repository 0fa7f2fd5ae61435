import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Clock } from './adapters/clock';

/**
 * express-rate-limit store on the `rate_limit_hits` table, shared by PGlite and PostgreSQL, so every instance counts
 * against the same budget. Each key has a fixed window that starts with its first hit (as the memory store does);
 * one upsert counts a hit and starts a new window when the old one has passed, atomically on both engines.
 *
 * Windows run on the Clock, so tests can move time. express-rate-limit itself compares `resetTime` with the wall
 * clock (the RateLimit header, and whether a decrement is still due), so the window's remaining time is handed back
 * counted from the wall clock's now.
 */
export class DatabaseRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  /**
   * Give-backs still on their way to the database, by row key. express-rate-limit gives a successful login's hit
   * back when its answer has been sent; the client's next attempt can arrive before that UPDATE lands (on PostgreSQL
   * the two run on different connections), and would count the success against the budget. A hit waits for the
   * key's give-back started before it.
   */
  private readonly givingBack = new Map<string, Promise<unknown>>();

  /**
   * `prefix` keeps the keys of two limiters apart (express-rate-limit wants one store per limiter). `track` keeps a
   * give-back, which runs after its answer was sent, until it ends, so the app's close waits for it (Lifecycle.track).
   */
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    readonly prefix: string,
    private readonly track: <T>(write: Promise<T>) => Promise<T> = (write) => write,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  /** Fixed length whatever a client sends as its account, and no account name stored in clear. */
  private rowKey(key: string): string {
    return createHash('sha256').update(`${this.prefix}\0${key}`).digest('hex');
  }

  private info(row: { hits: number; reset_at: Date | string }, now: Date): ClientRateLimitInfo {
    const remainingMs = new Date(row.reset_at).getTime() - now.getTime();
    return { totalHits: Number(row.hits), resetTime: new Date(Date.now() + remainingMs) };
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const now = this.clock.now();
    const [row] = await this.db.query('SELECT hits, reset_at FROM rate_limit_hits WHERE key = $1 AND reset_at > $2', [this.rowKey(key), now]);
    return row ? this.info(row, now) : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    await this.givingBack.get(this.rowKey(key))?.catch(() => undefined);
    const now = this.clock.now();
    // In ON CONFLICT's SET every rate_limit_hits.* is the row as it was, so both CASEs test the old window.
    const [row] = await this.db.query(
      `INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES ($1, 1, $3)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limit_hits.reset_at <= $2 THEN 1 ELSE rate_limit_hits.hits + 1 END,
         reset_at = CASE WHEN rate_limit_hits.reset_at <= $2 THEN EXCLUDED.reset_at ELSE rate_limit_hits.reset_at END
       RETURNING hits, reset_at`,
      [this.rowKey(key), now, new Date(now.getTime() + this.windowMs)],
    );
    return this.info(row, now);
  }

  /** Takes back a hit that did not count (a successful login); never below zero, never in a window that has passed. */
  async decrement(key: string): Promise<void> {
    const rowKey = this.rowKey(key);
    const run = this.track(this.db.query('UPDATE rate_limit_hits SET hits = hits - 1 WHERE key = $1 AND hits > 0 AND reset_at > $2', [rowKey, this.clock.now()]));
    this.givingBack.set(rowKey, run);
    try {
      await run;
    } finally {
      if (this.givingBack.get(rowKey) === run) this.givingBack.delete(rowKey);
    }
  }

  async resetKey(key: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_hits WHERE key = $1', [this.rowKey(key)]);
  }
}

/** Rows whose window has passed are never read again; the hourly cleanup removes them. */
export async function removeExpiredRateLimitHits(db: DataSource, now: Date): Promise<number> {
  const [, count] = await db.query('DELETE FROM rate_limit_hits WHERE reset_at <= $1', [now]);
  return Number(count ?? 0);
}
