import type { ConstructorOptions } from 'pg-boss';
import type { EntityManager } from 'typeorm';

export type LockedRun<T> = { acquired: true; value: T } | { acquired: false };

/** Stops a subscription made with DatabasePort.subscribe. */
export type Unsubscribe = () => Promise<void>;

/**
 * What domain code may ask of the database beyond TypeORM's repositories, the same on both engines. Only
 * `backend/src/database` knows whether PGlite or PostgreSQL answers; inject this port (it is global) instead.
 */
export abstract class DatabasePort {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  abstract transaction<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T>;

  /**
   * Runs `fn` while holding the advisory lock (space, id), across instances and within this process; when anyone
   * holds it already, returns `{ acquired: false }` at once without running `fn`.
   */
  abstract tryLock<T>(space: number, id: number, fn: () => Promise<T>): Promise<LockedRun<T>>;

  /** Sends `payload` to every subscriber of `channel` (in every instance on PostgreSQL). */
  abstract publish(channel: string, payload: string): Promise<void>;

  /** Calls `handler` with each payload published on `channel` from now on, also after a lost connection. */
  abstract subscribe(channel: string, handler: (payload: string) => void): Promise<Unsubscribe>;

  /**
   * True when every query of the process shares one database session (the embedded engine): a transaction then holds
   * up every other request until it ends, so long work should take short steps instead.
   */
  abstract readonly singleSession: boolean;

  /**
   * Runs one read the way `DataSource.query` does, as a statement the database keeps planned (PostgreSQL: a named
   * prepared statement per connection, so a hot read is parsed and planned once per connection, not on every request).
   * `name` is unique to `text`. On PGlite it is DataSource.query.
   */
  abstract queryPlanned<T = Record<string, unknown>>(name: string, text: string, params: unknown[]): Promise<T[]>;
  /** Runs `fn` on one consistent, read-only view of the whole database (for backups and exports). */
  abstract snapshot<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T>;

  /**
   * Brings the query planner's statistics up to date where nothing else does: PGlite has no autovacuum, so without
   * this its planner would go on thinking each table as small as it was when first created and, say, scan every
   * user instead of reading the search index. PostgreSQL's autovacuum keeps them itself: a no-op there.
   * Returns whether it ran.
   */
  abstract refreshPlannerStatistics(): Promise<boolean>;

  /** How pg-boss reaches this database: the shared session on PGlite, its own pool on PostgreSQL. */
  /**
   * Resolves when the database answers, without waiting behind the requests queued for the pool: the readiness check
   * asks whether the database is reachable, not how busy the pool is (docs/operations.md, Health checks).
   */
  abstract ping(): Promise<void>;

  abstract jobQueueConnection(): Pick<ConstructorOptions, 'db' | 'backend' | 'connectionString' | 'max'>;
}

/** Advisory-lock namespaces (the first key of the two-int form); one per kind of work, listed here so none collide. */
export const LOCK_FEED_SYNC = 0x1ca1;
export const LOCK_SCHEDULED_JOB = 0x1ca3;
/** Taken (transaction-scoped, waiting) while the first administrator is created; the second key is 0. */
export const LOCK_FIRST_ADMIN = 0x1ca4;
/** One Beds24 sync per configuration at a time (the second key is the configuration's id). */
export const LOCK_BEDS24_SYNC = 0x1ca5;
/**
 * Taken (transaction-scoped, waiting) by every change that could leave no active administrator (deleting, blocking or
 * demoting an admin), so two such changes never both pass the count; the second key is 0. See docs/roles.md.
 */
export const LOCK_ADMINS = 0x1ca8;
/** One double-booking detection per owner at a time (transaction-scoped, waiting); the second key is the owner's id. */
export const LOCK_CONFLICTS = 0x1ca9;
/** One backup or restore at a time (they would otherwise race on the same tables and files); the second key is 0. */
export const LOCK_BACKUP = 0x1ca7;
/** One booking per owner at a time (transaction-scoped, waiting), so two never both pass the upcoming limit; the second key is the owner's id. */
export const LOCK_OWNER_BOOKINGS = 0x1cc1;
/** One upload reservation per person at a time (transaction-scoped, waiting); the second key is the person's id. */
export const LOCK_UPLOAD_RESERVATIONS = 0x1cc2;
