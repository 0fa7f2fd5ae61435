import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException, OnApplicationBootstrap, UnprocessableEntityException } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { Clock } from '../common/adapters/clock';
import { EventBus } from '../common/events/domain-events';
import { coded } from '../common/http-exception.filter';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DatabasePort, LOCK_BACKUP } from '../database/database.port';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupProblem,
  backedUpTables,
  currentSchemaVersion,
  type Expected,
  FileWalk,
  ident,
  KEPT_ON_RESTORE,
  NOT_BACKED_UP,
  readLines,
  type TableShape,
} from './backup-file';
import { BackupResponse, BackupSummary, RestoreResponse } from './backups.dto';

/** Rows fetched from the snapshot's cursor at a time (file contents are not among them: see FILE_SLICE_BYTES). */
const FETCH_ROWS = 500;
/**
 * A file's bytes (bytea columns) are read from the snapshot and written in slices of this size, so no step of a backup
 * holds more than a few MB or keeps the event loop for long, however large the files (docs/operations.md, "Backups").
 */
const FILE_SLICE_BYTES = 512 * 1024;
/** A restore inserts a batch when it reaches this many rows or this many characters of JSON. */
const INSERT_ROWS = 500;
const INSERT_CHARS = 8 * 1024 * 1024;

/** Backup files and their folder are readable by the service's own account only (docs/operations.md, "Backups"). */
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

/** Step-by-step backups tried on the embedded engine before one is taken in a single transaction. */
const STEPWISE_ATTEMPTS = 3;
/** Heap pages a step-by-step backup reads per statement (8 kB each): a few hundred rows. */
const PAGES_PER_STEP = 32;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL rows
type Row = Record<string, any>;

/** Where a dump reads rows: `batches(table, select, close)` runs `SELECT <select> … <close>` over the whole table. */
interface RowSource {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as TypeORM's query
  query<T = any>(sql: string, params?: unknown[]): Promise<T>;
  batches(table: string, select: string, close: string): AsyncIterable<Row[]>;
}

interface Dumped {
  schemaVersion: string;
  rows: Map<string, number>;
}

/** Inside the snapshot's transaction: a cursor, FETCH_ROWS at a time. */
const cursorBatches = (tx: Pick<DataSource, 'query'>) =>
  async function* (_table: string, select: string, close: string): AsyncIterable<Row[]> {
    await tx.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ${select}${close}`);
    for (;;) {
      const batch: Row[] = await tx.query(`FETCH ${FETCH_ROWS} FROM backup_rows`);
      if (batch.length === 0) break;
      yield batch;
    }
    await tx.query('CLOSE backup_rows');
  };

/**
 * Step by step, outside any transaction: PAGES_PER_STEP heap pages per statement, by ctid range. Pages added after the
 * table's size was read hold rows written since, which the final check finds anyway.
 */
const pageBatches = (db: Pick<DataSource, 'query'>) =>
  async function* (table: string, select: string, close: string): AsyncIterable<Row[]> {
    const [{ pages }] = await db.query(`SELECT (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int AS pages`, [ident(table)]);
    for (let page = 0; page < pages; page += PAGES_PER_STEP) {
      const batch: Row[] = await db.query(`SELECT ${select} WHERE ctid >= $1::tid AND ctid < $2::tid${close}`, [`(${page},0)`, `(${page + PAGES_PER_STEP},0)`]);
      if (batch.length) yield batch;
    }
  };

/** A backup being written: `.<its name>.tmp`, renamed when complete. */
const TEMP_FILE = /^\.eierportal-backup-.*\.tmp$/;

/** A name a backup file may have: one path segment, no hidden or temporary files. */
const FILENAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.gz$/;

const PROBLEM_TEXT: Record<BackupProblem['kind'], [code: string, text: (p: Record<string, string>) => string]> = {
  foreign: ['backup_foreign', () => 'Filen er ikke en sikkerhetskopi av denne Eierportalen'],
  corrupt: ['backup_corrupt', () => 'Sikkerhetskopien er skadet og kan ikke leses'],
  truncated: ['backup_truncated', () => 'Sikkerhetskopien er ufullstendig (filen er avkortet)'],
  checksum: ['backup_checksum', () => 'Sikkerhetskopien stemmer ikke med sjekksummen sin'],
  newer_version: ['backup_newer_version', (p) => `Sikkerhetskopien er laget av en nyere versjon (${p.version}) enn denne (${p.current})`],
  older_version: ['backup_older_version', (p) => `Sikkerhetskopien er laget av en eldre versjon (${p.version}) og kan bare gjenopprettes i samme versjon (${p.current})`],
};

/** The history row (docs/product/system.md#backups); `current` is this database's schema version. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw SQL row
const mapRow = (r: any, current: string): BackupResponse => ({
  id: r.id,
  filename: r.filename,
  createdAt: new Date(r.created_at),
  size: Number(r.size),
  isAutomatic: r.is_automatic,
  summary: typeof r.summary === 'string' ? JSON.parse(r.summary) : r.summary,
  schemaVersion: r.schema_version,
  restorable: r.schema_version === current,
});

/** The summary counts, from a backup's row counts. */
const summaryOf = (rows: Map<string, number>): BackupSummary => ({
  eventsCount: rows.get('events') ?? 0,
  icalFeedsCount: rows.get('ical_feeds') ?? 0,
  icalEventNotesCount: rows.get('external_booking_notes') ?? 0,
  markedDaysCount: rows.get('marked_days') ?? 0,
});

/** Times in file names, sortable and free of ':' (e.g. 20260601-120000). */
const stamp = (d: Date) => d.toISOString().replace(/\.\d+Z$/, '').replace(/[-:]/g, '').replace('T', '-');

/**
 * Backups and restore (docs/product/system.md#backups). A backup is one consistent snapshot of every product table, streamed
 * through gzip to a temporary file and renamed into BACKUP_DIR when complete, so a crash never leaves a half file
 * under a backup's name. A restore first reads the whole file to check its format, schema version and checksum, and
 * only then replaces every table in one transaction, reading the file a second time; any failure rolls it all back.
 * One backup or restore runs at a time (LOCK_BACKUP).
 */
@Injectable()
export class BackupsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Backups');
  /** Files in BACKUP_DIR found not to be backups, by name, size and time, so the list does not read them each time. */
  private readonly unreadable = new Set<string>();

  constructor(
    private readonly db: DataSource,
    private readonly database: DatabasePort,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get dir(): string {
    return this.config.backups.dir;
  }

  /** At start: a folder made (or left loose, 0755 and 0644) by an earlier version becomes private. */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.privateFolder();
      for (const name of await readdir(this.dir)) {
        if (FILENAME.test(name) || TEMP_FILE.test(name)) await chmod(path.join(this.dir, name), FILE_MODE);
      }
    } catch (e) {
      // The service runs without backups rather than not at all; the next backup fails with the same reason.
      this.logger.error(`the backup folder ${this.dir} could not be made private: ${(e as Error).message}`);
    }
  }

  /**
   * Backups hold every account's data, password hashes and uploads: the folder is the service account's alone (0700),
   * created so or tightened when it exists; mkdir's mode alone would not change an existing folder.
   */
  private async privateFolder(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: FOLDER_MODE });
    await chmod(this.dir, FOLDER_MODE);
  }

  async list(): Promise<BackupResponse[]> {
    await this.adoptFiles();
    const current = await currentSchemaVersion(this.db);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL rows
    return (await this.db.query('SELECT * FROM backups ORDER BY created_at DESC, id DESC')).map((r: any) => mapRow(r, current));
  }

  /**
   * Backup files in BACKUP_DIR without a history row (copied in from another machine, or onto a fresh install to
   * recover it) get one once they read as whole backups, so the tab can restore them. Files that do not are skipped
   * and not read again until they change.
   */
  private async adoptFiles(): Promise<void> {
    const names = await readdir(this.dir).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return [];
      throw e;
    });
    const known = new Set<string>((await this.db.query('SELECT filename FROM backups')).map((r: { filename: string }) => r.filename));
    for (const name of names) {
      if (known.has(name) || !FILENAME.test(name) || name.includes('..')) continue;
      const file = path.join(this.dir, name);
      const info = await stat(file).catch(() => null);
      const key = `${name}:${info?.size}:${info?.mtimeMs}`;
      if (!info?.isFile() || this.unreadable.has(key)) continue;
      try {
        const walk = new FileWalk(null);
        for await (const line of readLines(file)) walk.step(line);
        const rows = walk.finish();
        const header = walk.header!;
        await this.db.query(
          `INSERT INTO backups (filename, created_at, size, is_automatic, summary, schema_version) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (filename) DO NOTHING`,
          [name, new Date(header.createdAt), info.size, header.automatic === true, JSON.stringify(summaryOf(rows)), String(header.schemaVersion)],
        );
      } catch (e) {
        if (!(e instanceof BackupProblem)) throw e;
        this.logger.warn(`${name} in the backup folder is not a readable backup (${e.kind}: ${e.message})`);
        this.unreadable.add(key);
      }
    }
  }

  /** Makes a backup now; refused with 409 while another backup or a restore runs. */
  async create(automatic: boolean, actorId: number | null): Promise<BackupResponse> {
    const run = await this.database.tryLock(LOCK_BACKUP, 0, () => this.write(automatic));
    if (!run.acquired) throw new ConflictException(coded('backup_busy', 'En sikkerhetskopiering eller gjenoppretting pågår allerede'));
    if (actorId !== null) await this.audit.record(actorId, null, 'backup.create', { filename: run.value.filename });
    return run.value;
  }

  /** The daily job: a backup, then automatic backups past the retention count are deleted. */
  async runDaily(): Promise<{ filename: string; pruned: number }> {
    const backup = await this.create(true, null);
    return { filename: backup.filename, pruned: await this.prune() };
  }

  /** Deletes the automatic backups older than the newest BACKUP_KEEP_AUTOMATIC, files and rows. */
  async prune(): Promise<number> {
    const old: { id: number; filename: string }[] = await this.db.query(
      'SELECT id, filename FROM backups WHERE is_automatic ORDER BY created_at DESC, id DESC OFFSET $1',
      [this.config.backups.keepAutomatic],
    );
    for (const b of old) {
      await unlink(path.join(this.dir, b.filename)).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e;
      });
      await this.db.query('DELETE FROM backups WHERE id = $1', [b.id]);
    }
    return old.length;
  }

  private async write(automatic: boolean): Promise<BackupResponse> {
    await this.privateFolder();
    // Under LOCK_BACKUP no other backup is being written: a temporary file here is what a crash left behind.
    for (const name of await readdir(this.dir)) {
      if (TEMP_FILE.test(name)) await unlink(path.join(this.dir, name)).catch(() => undefined);
    }
    const createdAt = this.clock.now();
    const filename = `eierportal-backup-${stamp(createdAt)}-${randomBytes(3).toString('hex')}${automatic ? '-auto' : ''}.ndjson.gz`;
    const final = path.join(this.dir, filename);
    const temp = path.join(this.dir, `.${filename}.tmp`);
    let dumped: Dumped | null = null;
    if (this.database.singleSession) {
      // One session serves every request: a transaction as long as the backup would hold them all up.
      for (let attempt = 1; attempt <= STEPWISE_ATTEMPTS && !dumped; attempt++) dumped = await this.dumpTo(temp, createdAt, automatic, (body) => this.stepwise(body));
      if (!dumped) this.logger.warn(`the data kept changing during ${STEPWISE_ATTEMPTS} step-by-step backups; this one is taken in one transaction`);
    }
    dumped ??= await this.dumpTo(temp, createdAt, automatic, (body) => this.database.snapshot((tx) => body({ query: (sql, params) => tx.query(sql, params), batches: cursorBatches(tx) })));
    if (!dumped) throw new Error('a backup in one transaction cannot see changes');
    const { schemaVersion, rows } = dumped;
    try {
      // On disk before it gets its name: a power cut after the rename must not leave an empty or partial backup.
      const handle = await open(temp, 'r');
      await handle.sync();
      await handle.close();
      await rename(temp, final);
      // And the new name itself on disk (the folder's entry).
      const folder = await open(this.dir, 'r');
      await folder.sync().finally(() => folder.close());
      const { size } = await stat(final);
      const [row] = await this.db.query(
        // A list running between the rename and this insert may have adopted the file already: this row wins.
        `INSERT INTO backups (filename, created_at, size, is_automatic, summary, schema_version) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (filename) DO UPDATE SET created_at = $2, size = $3, is_automatic = $4, summary = $5, schema_version = $6 RETURNING *`,
        [filename, createdAt, size, automatic, JSON.stringify(summaryOf(rows)), schemaVersion],
      );
      this.logger.log(`backup ${filename}: ${size} bytes`);
      return mapRow(row, schemaVersion);
    } catch (e) {
      await unlink(temp).catch(() => undefined);
      throw e;
    }
  }

  /**
   * Writes one backup to `temp`: `read` runs the dump (every table, in file order) on a source of rows and answers
   * what it wrote, or null when the data changed under it (the file is then removed).
   */
  private async dumpTo(temp: string, createdAt: Date, automatic: boolean, read: (body: (source: RowSource) => Promise<Dumped>) => Promise<Dumped | null>): Promise<Dumped | null> {
    const gzip = createGzip();
    // pipeline, not pipe: a failing file (disk full) destroys gzip too, so a write waiting for 'drain' fails instead
    // of waiting forever inside the snapshot's transaction.
    const done = pipeline(gzip, createWriteStream(temp, { flags: 'wx', mode: FILE_MODE }));
    // Without a listener, an error while the dump is running would be unhandled; `done` reports it at the end.
    done.catch(() => undefined);
    const hash = createHash('sha256');
    // A line goes out in pieces (a file's bytes slice by slice); each piece is hashed and compressed on its own.
    const put = async (piece: string, hashed = true) => {
      if (hashed) hash.update(piece);
      if (gzip.destroyed) await done; // throws why the file failed
      // once() rejects when gzip is destroyed with the file's error meanwhile.
      if (!gzip.write(piece)) await once(gzip, 'drain');
    };
    try {
      const dumped = await read(async (source) => {
        const schemaVersion = await currentSchemaVersion(source);
        const tables = await backedUpTables(source);
        const byteaColumns: { table_name: string; column_name: string }[] = await source.query(
          `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND data_type = 'bytea'`,
        );
        await put('H' + JSON.stringify({ format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, schemaVersion, createdAt, automatic, tables: tables.map((t) => t.name) }) + '\n');
        const rows = new Map<string, number>();
        for (const table of tables) {
          await put('T' + JSON.stringify({ table: table.name, columns: table.columns }) + '\n');
          const files = new Set(byteaColumns.filter((c) => c.table_name === table.name).map((c) => c.column_name));
          rows.set(table.name, files.size ? await this.dumpTableWithFiles(source, table, files, put) : await this.dumpTable(source, table, put));
        }
        return { schemaVersion, rows };
      });
      if (!dumped) {
        gzip.destroy();
        await unlink(temp).catch(() => undefined);
        return null;
      }
      await put('E' + JSON.stringify({ sha256: hash.digest('hex'), rows: Object.fromEntries(dumped.rows) }) + '\n', false);
      gzip.end();
      await done;
      return dumped;
    } catch (e) {
      gzip.destroy();
      await unlink(temp).catch(() => undefined);
      throw e;
    }
  }

  /**
   * The dump in short steps on the shared session, each its own statement, so requests run in between; then a check
   * that nothing it holds changed meanwhile, which makes the steps one consistent view after all. Null when something
   * did: the caller starts again. A row written after `start` carries a newer xmin; a deleted one changes the count.
   */
  private async stepwise(body: (source: RowSource) => Promise<Dumped>): Promise<Dumped | null> {
    // Between statements on the shared session no transaction is open: every later write gets an id from here on.
    const [{ start }] = await this.db.query('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS start');
    const dumped = await body({ query: (sql, params) => this.db.query(sql, params), batches: pageBatches(this.db) });
    for (const [table, count] of dumped.rows) {
      const [now] = await this.db.query(
        `SELECT count(*)::int AS n, coalesce(bool_or(age(xmin) <= pg_snapshot_xmax(pg_current_snapshot())::text::bigint - $1::bigint), false) AS changed FROM ${ident(table)}`,
        [start],
      );
      if (now.changed || now.n !== count) return null;
    }
    return dumped;
  }

  /** Streams one table's rows in batches: memory holds one batch, never the table. */
  private async dumpTable(source: RowSource, table: TableShape, put: (piece: string) => Promise<void>): Promise<number> {
    let count = 0;
    for await (const batch of source.batches(table.name, `row_to_json(r)::text AS j FROM (SELECT ${table.columns.map(ident).join(', ')} FROM ${ident(table.name)}`, ') r')) {
      for (const r of batch) await put('R' + r.j + '\n');
      count += batch.length;
    }
    return count;
  }

  /**
   * A table with file contents (bytea): the same lines as dumpTable writes (row_to_json's text: `"column":value` in
   * column order, a bytea as "\\x" and hex), built from each column's to_json, with the bytes read slice by slice
   * through the row's ctid, which stays the same row within the snapshot (and, step by step, until the final check
   * finds any change). A 10 MB file is never one string or one statement.
   */
  private async dumpTableWithFiles(source: RowSource, table: TableShape, files: Set<string>, put: (piece: string) => Promise<void>): Promise<number> {
    const selected = table.columns.map((c, i) => (files.has(c) ? `octet_length(${ident(c)}) AS c${i}` : `to_json(${ident(c)})::text AS c${i}`));
    let count = 0;
    for await (const batch of source.batches(table.name, `ctid::text AS at, ${selected.join(', ')} FROM ${ident(table.name)}`, '')) {
      for (const row of batch) {
        let text = 'R{';
        for (const [i, column] of table.columns.entries()) {
          text += `${i ? ',' : ''}${JSON.stringify(column)}:`;
          const value = row[`c${i}`];
          if (!files.has(column)) text += value;
          else if (value === null) text += 'null';
          else {
            await put(text + '"\\\\x');
            const sliceAt = (from: number): Promise<Row[]> => {
              const read = source.query<Row[]>(`SELECT encode(substring(${ident(column)} FROM $2 FOR $3), 'hex') AS hex FROM ${ident(table.name)} WHERE ctid = $1::tid`, [row.at, from, FILE_SLICE_BYTES]);
              // When writing fails first, the read ahead is never awaited; its own failure must not go unhandled.
              read.catch(() => undefined);
              return read;
            };
            // The next slice is read while gzip compresses this one (one statement in flight at a time).
            let next = Number(value) > 0 ? sliceAt(1) : null;
            for (let from = 1; next; from += FILE_SLICE_BYTES) {
              const [slice] = await next;
              next = from + FILE_SLICE_BYTES <= Number(value) ? sliceAt(from + FILE_SLICE_BYTES) : null;
              // Gone since the row was read: only possible step by step, where the final check will start over.
              await put(slice?.hex ?? '');
            }
            // The closing quote starts what follows the bytes.
            text = '"';
          }
        }
        await put(text + '}\n');
      }
      count += batch.length;
    }
    return count;
  }

  /** The path of a backup file named by a caller, or a refusal: one plain name inside BACKUP_DIR, never a path. */
  private fileOf(filename: string): string {
    if (!FILENAME.test(filename) || filename.includes('..')) throw new BadRequestException(coded('backup_invalid_filename', 'Ugyldig filnavn for sikkerhetskopi'));
    const file = path.resolve(this.dir, filename);
    if (path.dirname(file) !== path.resolve(this.dir)) throw new BadRequestException(coded('backup_invalid_filename', 'Ugyldig filnavn for sikkerhetskopi'));
    return file;
  }

  /** Replaces every backed-up table with the file's rows, or changes nothing and says why. */
  async restore(filename: string, actorId: number): Promise<RestoreResponse> {
    const file = this.fileOf(filename);
    const exists = await stat(file).then((s) => s.isFile(), () => false);
    if (!exists) throw new NotFoundException(coded('backup_not_found', `Fant ikke sikkerhetskopien ${filename}`, { filename }));
    const run = await this.database.tryLock(LOCK_BACKUP, 0, () => this.restoreFile(file));
    if (!run.acquired) throw new ConflictException(coded('backup_busy', 'En sikkerhetskopiering eller gjenoppretting pågår allerede'));
    // Settings (maintenance mode, colours) came back with the tables: every instance must read them again; sockets
    // opened under the logins that were not kept close.
    const after = async (fn: () => Promise<void>) => fn().catch((e) => this.logger.warn(`after restore: ${e.message}`));
    await after(() => this.events.broadcast('system.settings.changed', {}));
    for (const { userId, sid } of run.value.endedSessions) await after(() => this.events.broadcast('sessions.ended', { userId, sid }));
    // The restored users may not include the admin who asked (a backup older than their account): then no trail row.
    await this.audit.record(actorId, null, 'backup.restore', { filename }).catch((e) => this.logger.warn(`audit of restore: ${e.message}`));
    const { rows } = run.value;
    return { filename, tables: rows.size, rows: [...rows.values()].reduce((a, b) => a + b, 0), summary: summaryOf(rows) };
  }

  private async restoreFile(file: string): Promise<{ rows: Map<string, number>; endedSessions: { userId: number; sid: string }[] }> {
    const expected: Expected = await this.database.snapshot(async (tx) => ({ schemaVersion: await currentSchemaVersion(tx), tables: await backedUpTables(tx) }));
    try {
      // First pass: nothing is touched until the whole file is known to be sound.
      const check = new FileWalk(expected);
      for await (const line of readLines(file)) check.step(line);
      check.finish();
      return await this.database.transaction(async (tx) => {
        // Logins are not in backups, but a session row refers to its user: they are set aside, and put back for users
        // who are the same account (id and username) after the restore; everyone else logs in again.
        await tx.query(`CREATE TEMP TABLE restore_kept_sessions ON COMMIT DROP AS SELECT s.*, u.username AS kept_username FROM session s LEFT JOIN users u ON u.id = s.user_id`);
        // Pending reset links are in no backup: emptied with the users they name, so none outlives the restore. The
        // audit trail is never emptied (the app role may not; docs/security.md#the-audit-log): its rows merge below.
        const emptied = expected.tables.filter((t) => t.name !== KEPT_ON_RESTORE).map((t) => ident(t.name));
        // Without RESTART IDENTITY, which only a sequence's owner may do: resetSequences moves them past the restored ids.
        await tx.query(`TRUNCATE session, password_reset_tokens, ${emptied.join(', ')}`);
        // Triggers that record changes (the calendar window's versions, docs/api.md 'Conditional requests') stay
        // quiet: the restored tables already hold the state as it was at the backup.
        await tx.query(`SELECT set_config('app.restoring', 'on', true)`);
        // Second pass: the same checks again (the file could have changed in between) while the rows go in.
        const walk = new FileWalk(expected);
        let batch: string[] = [];
        let chars = 0;
        let table: TableShape | undefined;
        const flush = async () => {
          if (batch.length === 0 || !table) return;
          const columns = table.columns.map(ident).join(', ');
          // The trail's rows are append-only and keep their ids: a row the table still holds is the same row.
          const merge = table.name === KEPT_ON_RESTORE ? ' ON CONFLICT (id) DO NOTHING' : '';
          await tx.query(`INSERT INTO ${ident(table.name)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::${ident(table.name)}, $1::json)${merge}`, [`[${batch.join(',')}]`]);
          batch = [];
          chars = 0;
        };
        for await (const line of readLines(file)) {
          const kind = walk.step(line);
          if (kind === 'T' || kind === 'E') {
            await flush();
            table = walk.table;
          } else if (kind === 'R') {
            batch.push(line.slice(1));
            chars += line.length;
            if (batch.length >= INSERT_ROWS || chars >= INSERT_CHARS) await flush();
          }
        }
        const rows = walk.finish();
        await tx.query(
          `INSERT INTO session (sid, sess, expire, user_id) SELECT k.sid, k.sess, k.expire, k.user_id FROM restore_kept_sessions k
           WHERE k.user_id IS NULL OR EXISTS (SELECT 1 FROM users u WHERE u.id = k.user_id AND u.username = k.kept_username)`,
        );
        const endedSessions: { userId: number; sid: string }[] = await tx.query(
          `SELECT k.user_id AS "userId", k.sid FROM restore_kept_sessions k
           WHERE k.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM session s WHERE s.sid = k.sid)`,
        );
        await this.resetSequences(tx);
        return { rows, endedSessions };
      });
    } catch (e) {
      if (e instanceof BackupProblem) {
        const [code, text] = PROBLEM_TEXT[e.kind];
        throw new UnprocessableEntityException(coded(code, text(e.params), Object.keys(e.params).length ? e.params : undefined));
      }
      if (e instanceof Error && 'code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
        // The database refused a row (a constraint, a type): the transaction is rolled back, nothing changed.
        throw new UnprocessableEntityException(coded('backup_restore_failed', `Gjenopprettingen feilet, ingenting er endret: ${e.message}`, { reason: e.message }));
      }
      throw e;
    }
  }

  /** Each serial or identity column's sequence continues after the largest restored value. */
  private async resetSequences(tx: Pick<DataSource, 'query'>): Promise<void> {
    const serials: { table_name: string; column_name: string }[] = await tx.query(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND (column_default LIKE 'nextval(%' OR is_identity = 'YES')`,
    );
    for (const { table_name, column_name } of serials) {
      if (NOT_BACKED_UP.has(table_name)) continue;
      await tx.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT MAX(${ident(column_name)}) FROM ${ident(table_name)}), 0) + 1, false)`,
        [ident(table_name), column_name],
      );
    }
  }
}
