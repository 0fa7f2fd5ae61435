import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DatabasePort } from '../src/database/database.port';
import { TestApp } from './helpers/test-app';
import { waitFor } from './helpers/wait-for';

/** The DatabasePort on the engine this run uses (PGlite, or PostgreSQL with DATABASE_URL). */
const onPostgres = Boolean(process.env.DATABASE_URL);

describe('database port', () => {
  let t: TestApp;
  let db: DatabasePort;
  let ds: DataSource;
  beforeAll(async () => {
    t = await TestApp.start();
    db = t.app.get(DatabasePort);
    ds = t.app.get(DataSource);
    await ds.query('CREATE TABLE port_probe (n int NOT NULL)');
  });
  afterAll(() => t.close());
  const count = async () => (await ds.query('SELECT count(*)::int AS n FROM port_probe'))[0].n as number;

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.transaction((tx) => tx.query('INSERT INTO port_probe VALUES (1)'));
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO port_probe VALUES (2)');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await ds.query('SELECT n FROM port_probe')).toEqual([{ n: 1 }]);
    await ds.query('DELETE FROM port_probe');
  });

  it('try-locks: a second taker of the same key is refused while the first holds it, other keys are free', async () => {
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    const first = db.tryLock(7, 1, async () => {
      await held;
      return 'first';
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(await db.tryLock(7, 1, async () => 'second')).toEqual({ acquired: false });
    expect(await db.tryLock(7, 2, async () => 'other')).toEqual({ acquired: true, value: 'other' });
    release();
    expect(await first).toEqual({ acquired: true, value: 'first' });
    // Released after fn, also when fn throws.
    await expect(db.tryLock(7, 1, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await db.tryLock(7, 1, async () => 'again')).toEqual({ acquired: true, value: 'again' });
  });

  it('publishes to subscribers of a channel until they unsubscribe', async () => {
    const got: string[] = [];
    const other: string[] = [];
    const stop = await db.subscribe('probe_channel', (p) => got.push(p));
    await db.subscribe('other_channel', (p) => other.push(p));
    await db.publish('probe_channel', 'hello');
    await waitFor(() => got.length === 1, 'the first message');
    expect(got).toEqual(['hello']);
    await stop();
    await db.publish('probe_channel', 'unheard');
    await db.publish('other_channel', 'heard');
    await waitFor(() => other.length === 1, 'the message on the other channel');
    expect(got).toEqual(['hello']);
  });

  (onPostgres ? it : it.skip)('LISTENs again by itself after the listener connection is killed', async () => {
    const got: string[] = [];
    await db.subscribe('probe_reconnect', (p) => got.push(p));
    const killed = await ds.query(`SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = 'eierportal-listen' AND datname = current_database()`);
    expect(killed).toEqual([{ ok: true }]);
    // Publish until the new connection listens; nothing else is needed from the subscriber.
    await waitFor(async () => {
      await db.publish('probe_reconnect', 'after');
      await new Promise((r) => setTimeout(r, 100));
      return got.length > 0;
    }, 'a message after the reconnect');
    expect(got[0]).toBe('after');
    const listeners = await ds.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'eierportal-listen' AND datname = current_database()`);
    expect(listeners).toEqual([{ n: 1 }]);
  });

  it('reads a snapshot that refuses writes', async () => {
    await ds.query('INSERT INTO port_probe VALUES (1), (2)');
    expect(await db.snapshot(async (tx) => (await tx.query('SELECT sum(n)::int AS s FROM port_probe'))[0].s)).toBe(3);
    await expect(db.snapshot((tx) => tx.query('INSERT INTO port_probe VALUES (3)'))).rejects.toThrow(/read-only/);
    expect(await count()).toBe(2);
    await ds.query('DELETE FROM port_probe');
  });

  (onPostgres ? it : it.skip)('keeps one view for the whole snapshot while others write', async () => {
    await ds.query('INSERT INTO port_probe VALUES (1)');
    const seen = await db.snapshot(async (tx) => {
      const before = (await tx.query('SELECT count(*)::int AS n FROM port_probe'))[0].n;
      await ds.query('INSERT INTO port_probe VALUES (2)'); // another connection of the pool, committed at once
      const after = (await tx.query('SELECT count(*)::int AS n FROM port_probe'))[0].n;
      return { before, after };
    });
    expect(seen).toEqual({ before: 1, after: 1 });
    expect(await count()).toBe(2);
    await ds.query('DELETE FROM port_probe');
  });

  it('logs a failed statement with its error and text, never its parameters', async () => {
    const secret = '$argon2id$v=19$m=65536$c2VjcmV0LWhhc2g';
    const lines: string[] = [];
    const capture = (message: unknown) => void lines.push(String(message));
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(capture);
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(capture);
    try {
      // A data exception, whose driver message quotes the offending value…
      await expect(ds.query('INSERT INTO port_probe (n) VALUES ($1)', [secret])).rejects.toThrow();
      // …and a failure unrelated to the value, where TypeORM's own loggers append the parameters.
      await expect(ds.query('SELECT $1::text AS token, no_such_column FROM port_probe', [`https://feeds.example/${secret}`])).rejects.toThrow();
    } finally {
      error.mockRestore();
      warn.mockRestore();
    }
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^query failed: 22P02 .*INSERT INTO port_probe \(n\) VALUES \(\$1\)$/);
    expect(lines[1]).toMatch(/^query failed: 42703 .*no_such_column/);
    for (const line of lines) {
      expect(line).not.toContain('argon2id');
      expect(line).not.toContain('c2VjcmV0LWhhc2g');
      expect(line).not.toMatch(/PARAMETERS/i);
    }
  });
});
