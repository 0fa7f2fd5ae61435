import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { fromPglite } from 'pg-boss';
import { DataSource, EntityManager } from 'typeorm';
import { DATABASE_HANDLE } from './database-handle';
import { DatabasePort, LockedRun, Unsubscribe } from './database.port';
import type { DatabaseHandle } from './open-database';
import { pglitePool } from './pglite-pg-driver';

/** Delay before a lost listener connection is opened again; doubles up to the maximum while it keeps failing. */
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5000;

/**
 * The DatabasePort on PGlite or PostgreSQL.
 *
 * Locks: each process keeps one long-lived lock session and takes session-level advisory locks on it
 * (pg_try_advisory_lock, released with pg_advisory_unlock in finally), so a lock can span a slow outside fetch
 * without pinning a pooled connection. Session locks are re-entrant within a session, so a second caller in this
 * process would get the lock again: an in-process set of held keys refuses that case first. On PostgreSQL the lock
 * session is a dedicated client outside the app's pool; if it drops, the server releases its locks and the next call
 * reconnects. On PGlite no other process can open the database, so the in-process set is what excludes and no
 * advisory lock is taken; the set belongs to the PGlite database, shared by every app this process runs on it.
 *
 * Publish/subscribe: an in-process EventEmitter on PGlite (one process owns the database); LISTEN/NOTIFY on
 * PostgreSQL, through one dedicated listener client that reconnects and LISTENs again by itself when it is lost.
 */
/** The held lock keys of each PGlite database, so two apps of one process on one database exclude each other. */
const heldOnPglite = new WeakMap<object, Set<string>>();

@Injectable()
export class Database extends DatabasePort implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private readonly held: Set<string>;
  private lockClient?: Promise<pg.Client>;
  private lockQueue: Promise<unknown> = Promise.resolve();

  private readonly local = new EventEmitter().setMaxListeners(0);
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private listener?: pg.Client;
  private listening?: Promise<pg.Client>;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(@Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle, private readonly dataSource: DataSource) {
    super();
    if (handle.kind !== 'pglite') this.held = new Set();
    else {
      const shared = heldOnPglite.get(handle.pglite) ?? new Set<string>();
      heldOnPglite.set(handle.pglite, shared);
      this.held = shared;
    }
  }

  get singleSession(): boolean {
    return this.handle.kind === 'pglite';
  }

  transaction<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(fn);
  }

  async queryPlanned<T = Record<string, unknown>>(name: string, text: string, params: unknown[]): Promise<T[]> {
    if (this.handle.kind === 'pglite') return this.dataSource.query(text, params);
    // TypeORM's own pool (the same connections, type parsers and limits), asked with a name: pg prepares the statement
    // once on each connection and reuses it from then on.
    const pool = (this.dataSource.driver as unknown as { master: pg.Pool }).master;
    return (await pool.query<T & pg.QueryResultRow>({ name, text, values: params })).rows;
  }

  snapshot<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('REPEATABLE READ', async (tx) => {
      // Must come before the transaction's first query; the view is then fixed at that query.
      await tx.query('SET TRANSACTION READ ONLY');
      return fn(tx);
    });
  }

  async refreshPlannerStatistics(): Promise<boolean> {
    if (this.handle.kind !== 'pglite') return false;
    // ANALYZE samples at most 30,000 rows a table, so it stays short however large the tables grow.
    await this.dataSource.query('ANALYZE');
    return true;
  }

  jobQueueConnection() {
    if (this.handle.kind === 'pglite') {
      const pool = pglitePool(this.handle.pglite);
      // The same single-session pool as TypeORM, so pg-boss's statements never interleave with an open transaction.
      return { db: fromPglite({ query: (sql: string, params?: unknown[]) => pool.query(sql, params), exec: (sql: string) => pool.exec(sql) }), backend: 'pglite' as const };
    }
    // With an owner role, the owner installed pg-boss's schema at boot (database/app-role.ts): the app role only checks it.
    return { connectionString: this.handle.url, max: 4, migrate: !this.handle.ownerUrl };
  }

  async ping(): Promise<void> {
    // PGlite's one session is the pool; on PostgreSQL the lock session (its own connection, reconnected on use) answers.
    if (this.handle.kind === 'pglite') await this.dataSource.query('SELECT 1');
    else await this.lockQuery('SELECT 1', []);
  }

  async tryLock<T>(space: number, id: number, fn: () => Promise<T>): Promise<LockedRun<T>> {
    const key = `${space}:${id}`;
    if (this.held.has(key)) return { acquired: false };
    this.held.add(key);
    try {
      // PGlite's data directory is never opened by two processes, so the in-process mark above already excludes
      // every other holder: the two lock statements would only cost a session grant each.
      if (this.handle.kind === 'pglite') return { acquired: true, value: await fn() };
      const [row] = await this.lockQuery('SELECT pg_try_advisory_lock($1, $2) AS ok', [space, id]);
      if (!row.ok) return { acquired: false };
      try {
        return { acquired: true, value: await fn() };
      } finally {
        // A lost lock session has released the lock already; nothing else to undo.
        await this.lockQuery('SELECT pg_advisory_unlock($1, $2)', [space, id]).catch((e) => this.logger.warn(`unlock ${key}: ${e.message}`));
      }
    } finally {
      this.held.delete(key);
    }
  }

  private async lockQuery(sql: string, params: unknown[]): Promise<any[]> {
    // One statement at a time on the lock session: pg 8 queues overlapping client.query calls but deprecates it.
    const turn = this.lockQueue.then(async () => (await (await this.lockSession()).query(sql, params)).rows);
    this.lockQueue = turn.catch(() => undefined);
    return turn;
  }

  private lockSession(): Promise<pg.Client> {
    if (this.handle.kind !== 'postgres') throw new Error('no lock session on PGlite');
    // After shutdown no new session is opened: it would outlive the app and hold its locks.
    if (this.closed) return Promise.reject(new Error('the database is closing'));
    if (this.lockClient) return this.lockClient;
    const client = new pg.Client({ connectionString: this.handle.url, application_name: 'eierportal-locks', connectionTimeoutMillis: 5000 });
    const session = client.connect().then(() => client);
    // A dropped connection must not crash the process; forget it so the next lock reconnects.
    const forget = () => {
      if (this.lockClient === session) this.lockClient = undefined;
    };
    client.on('error', (e) => {
      this.logger.warn(`lock session: ${e.message}`);
      forget();
    });
    client.on('end', forget);
    session.catch(forget);
    this.lockClient = session;
    return session;
  }

  async publish(channel: string, payload: string): Promise<void> {
    if (this.handle.kind === 'pglite') {
      // Delivered after the caller's turn, as a NOTIFY would be.
      queueMicrotask(() => this.local.emit(channel, payload));
      return;
    }
    await this.dataSource.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  async subscribe(channel: string, handler: (payload: string) => void): Promise<Unsubscribe> {
    if (this.handle.kind === 'pglite') {
      this.local.on(channel, handler);
      return async () => void this.local.off(channel, handler);
    }
    let handlers = this.channels.get(channel);
    const first = !handlers;
    if (!handlers) this.channels.set(channel, (handlers = new Set()));
    handlers.add(handler);
    const client = await this.listenerClient();
    if (first) await client.query(`LISTEN ${quoteIdent(channel)}`);
    return async () => {
      handlers.delete(handler);
      if (handlers.size > 0 || this.channels.get(channel) !== handlers) return;
      this.channels.delete(channel);
      if (this.listener) await this.listener.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
    };
  }

  /** The dedicated listener, connected (and LISTENing on every subscribed channel) once this resolves. */
  private listenerClient(): Promise<pg.Client> {
    if (this.listening) return this.listening;
    const url = (this.handle as { url: string }).url;
    const client = new pg.Client({ connectionString: url, application_name: 'eierportal-listen', keepAlive: true });
    client.on('notification', (n) => {
      for (const handler of this.channels.get(n.channel) ?? []) handler(n.payload ?? '');
    });
    const lost = (why: string) => {
      if (this.listener !== client && this.listening !== attempt) return;
      this.listener = undefined;
      this.listening = undefined;
      if (this.closed) return;
      this.logger.warn(`listener connection lost (${why}); reconnecting`);
      this.scheduleReconnect();
    };
    client.on('error', (e) => lost(e.message));
    client.on('end', () => lost('ended'));
    const attempt = (async () => {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
      this.listener = client;
      this.reconnectDelay = RECONNECT_MIN_MS;
      return client;
    })();
    this.listening = attempt;
    attempt.catch((e) => {
      client.end().catch(() => undefined);
      lost(e.message);
    });
    return attempt;
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.channels.size === 0) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.listenerClient().catch(() => undefined); // a failure schedules the next attempt
    }, delay);
    this.reconnectTimer.unref();
  }

  /** Last of the shutdown hooks, so work that ends during shutdown (background syncs, pg-boss jobs) still unlocks. */
  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.local.removeAllListeners();
    const listener = this.listener;
    this.listener = undefined;
    this.listening = undefined;
    await listener?.end().catch(() => undefined);
    const lock = this.lockClient;
    this.lockClient = undefined;
    if (lock) await (await lock.catch(() => null))?.end().catch(() => undefined);
  }
}

/** Channel names go into LISTEN as identifiers (they cannot be parameters). */
function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
