import { EventEmitter } from 'node:events';
import type { PGlite, Results } from '@electric-sql/pglite';

/**
 * A `pg`-shaped driver over one PGlite instance, for TypeORM's postgres driver (`driver` option).
 *
 * PGlite has a single session, so a transaction opened by one query runner would see the statements of every
 * other runner. This pool therefore lends the session to one client at a time (FIFO) until it is released;
 * queries from other requests wait their turn instead of interleaving with an open transaction.
 */

type QueryCallback = (err: Error | null, result?: PgShapedResult) => void;
interface PgShapedResult {
  rows: any[];
  rowCount: number;
  command: string;
  fields: { name: string; dataTypeID: number }[];
}

function commandOf(sql: string): string {
  const match = /^\s*(?:--[^\n]*\n\s*)*([a-z]+)/i.exec(sql);
  return match ? match[1].toUpperCase() : '';
}

function shape(sql: string, result: Results<any>): PgShapedResult {
  return {
    rows: result.rows,
    rowCount: result.affectedRows ?? result.rows.length,
    command: commandOf(sql),
    fields: result.fields ?? [],
  };
}

class PGliteClient extends EventEmitter {
  constructor(private readonly db: PGlite, private readonly onRelease: () => void) {
    super();
  }
  private released = false;

  query(sql: string | { text: string; values?: unknown[] }, params?: unknown[] | QueryCallback, callback?: QueryCallback): Promise<PgShapedResult> | void {
    const text = typeof sql === 'string' ? sql : sql.text;
    let values = typeof sql === 'string' ? undefined : sql.values;
    if (typeof params === 'function') callback = params;
    else if (params) values = params;
    const run = async (): Promise<PgShapedResult> => {
      if (values && values.length > 0) return shape(text, await this.db.query(text, values));
      // Without parameters, behave like pg's simple protocol: several statements may be sent at once.
      const results = await this.db.exec(text);
      const last = results[results.length - 1] ?? { rows: [], affectedRows: 0, fields: [] };
      return shape(text, last as Results<any>);
    };
    const promise = run();
    if (callback) {
      const cb = callback;
      promise.then((r) => cb(null, r), (e) => cb(e));
      return;
    }
    return promise;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.onRelease();
  }
}

export class PGlitePool extends EventEmitter {
  private busy = false;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly db: PGlite) {
    super();
  }

  get totalCount() { return 1; }
  get idleCount() { return this.busy ? 0 : 1; }
  get waitingCount() { return this.waiting.length; }

  /**
   * Every grant of the session waits for the event loop's next turn. PGlite runs on this thread and its promises
   * settle without I/O, so a chain of transactions (a large pull written in slices) would otherwise be one long
   * run of microtasks: no timer would fire and no request would be read until the whole chain ended.
   */
  private acquire(): Promise<void> {
    return new Promise((resolve) => {
      if (this.busy) return void this.waiting.push(resolve);
      this.busy = true;
      setImmediate(resolve);
    });
  }

  private handBack(): void {
    const next = this.waiting.shift();
    if (next) setImmediate(next);
    else this.busy = false;
  }

  connect(callback?: (err: Error | null, client?: PGliteClient, release?: () => void) => void): Promise<PGliteClient> | void {
    const promise = this.acquire().then(() => new PGliteClient(this.db, () => this.handBack()));
    if (!callback) return promise;
    promise.then((client) => callback(null, client, () => client.release()), (e) => callback(e));
  }

  /** A one-off query outside any transaction: borrows the session for one statement. */
  async query(sql: string, params?: unknown[]): Promise<PgShapedResult> {
    const client = (await this.connect()) as PGliteClient;
    try {
      return (await client.query(sql, params)) as PgShapedResult;
    } finally {
      client.release();
    }
  }

  /** Several statements without parameters (pg's simple protocol), holding the session for all of them. */
  async exec(sql: string): Promise<Results<any>[]> {
    await this.acquire();
    try {
      return await this.db.exec(sql);
    } finally {
      this.handBack();
    }
  }

  end(callback?: (err?: Error) => void): Promise<void> | void {
    // The PGlite instance is owned and closed by the database module, not by TypeORM.
    if (callback) callback();
    else return Promise.resolve();
  }
}

const pools = new WeakMap<PGlite, PGlitePool>();

/** The one pool of a PGlite instance: TypeORM, the job queue and the session store all queue on it. */
export function pglitePool(db: PGlite): PGlitePool {
  let pool = pools.get(db);
  if (!pool) pools.set(db, (pool = new PGlitePool(db)));
  return pool;
}

/** The module object TypeORM's postgres driver expects in place of `require('pg')`. */
export function pgliteDriver(db: PGlite) {
  return {
    Pool: function Pool() {
      return pglitePool(db);
    } as unknown as new () => PGlitePool,
    defaults: {},
    types: { setTypeParser() {}, getTypeParser() { return (v: string) => v; } },
  };
}
