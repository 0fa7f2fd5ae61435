import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import pg from 'pg';
import { DATABASE_HANDLE } from '../database/database-handle';
import type { DatabaseHandle } from '../database/open-database';
import { pglitePool } from '../database/pglite-pg-driver';

/** Advisory-lock namespaces (the first key of the two-int form). */
export const LOCK_FEED_SYNC = 0x1ca1;
export const LOCK_FEED_TICK = 0x1ca2;

export type LockedRun<T> = { acquired: true; value: T } | { acquired: false };

/**
 * Try-locks that let a piece of work run at most once at a time, across instances and within this process.
 *
 * Each process keeps one long-lived lock session and takes session-level advisory locks on it
 * (pg_try_advisory_lock, released with pg_advisory_unlock in finally). A lock can therefore span a slow outside
 * fetch without pinning one pooled connection per sync. Session locks are re-entrant within a session, so a second
 * caller in this process would simply get the lock again: an in-process set of held keys refuses that case first.
 * On PostgreSQL the lock session is a dedicated client outside the app's pool; if it drops, the server releases its
 * locks and the next call reconnects. On PGlite the only session is the shared one (no other process can open the
 * database), so the in-process set is what excludes; the advisory lock is still taken so both engines run one path.
 */
@Injectable()
export class SyncLocks implements OnModuleDestroy {
  private readonly logger = new Logger(SyncLocks.name);
  private readonly held = new Set<string>();
  private client?: Promise<pg.Client>;

  constructor(@Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle) {}

  /** Runs `fn` while holding lock (space, id); if anyone holds it already, returns at once without running it. */
  async tryRun<T>(space: number, id: number, fn: () => Promise<T>): Promise<LockedRun<T>> {
    const key = `${space}:${id}`;
    if (this.held.has(key)) return { acquired: false };
    this.held.add(key);
    try {
      const [row] = await this.query('SELECT pg_try_advisory_lock($1, $2) AS ok', [space, id]);
      if (!row.ok) return { acquired: false };
      try {
        return { acquired: true, value: await fn() };
      } finally {
        // A lost lock session has released the lock already; nothing else to undo.
        await this.query('SELECT pg_advisory_unlock($1, $2)', [space, id]).catch((e) => this.logger.warn(`unlock ${key}: ${e.message}`));
      }
    } finally {
      this.held.delete(key);
    }
  }

  private async query(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
    if (this.handle.kind === 'pglite') return (await pglitePool(this.handle.pglite).query(sql, params)).rows;
    // One statement at a time on the lock session: pg 8 queues overlapping client.query calls but deprecates it.
    const turn = this.queue.then(async () => (await (await this.session()).query(sql, params)).rows);
    this.queue = turn.catch(() => undefined);
    return turn;
  }
  private queue: Promise<unknown> = Promise.resolve();

  private session(): Promise<pg.Client> {
    if (this.handle.kind !== 'postgres') throw new Error('no lock session on PGlite');
    if (this.client) return this.client;
    const client = new pg.Client({ connectionString: this.handle.url, application_name: 'eierportal-locks' });
    const session = client.connect().then(() => client);
    // A dropped connection must not crash the process; forget it so the next lock reconnects.
    const forget = () => {
      if (this.client === session) this.client = undefined;
    };
    client.on('error', (e) => {
      this.logger.warn(`lock session: ${e.message}`);
      forget();
    });
    client.on('end', forget);
    session.catch(forget);
    this.client = session;
    return session;
  }

  async onModuleDestroy(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) await (await client.catch(() => null))?.end().catch(() => undefined);
  }
}
