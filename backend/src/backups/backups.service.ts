import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
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
  NOT_BACKED_UP,
  readLines,
  type TableShape,
} from './backup-file';
import { BackupResponse, BackupSummary, RestoreResponse } from './backups.dto';

/** Rows fetched from the snapshot's cursor at a time; tables with file contents (bytea) fetch few, as each may be 10 MB. */
const FETCH_ROWS = 500;
const FETCH_ROWS_WITH_FILES = 4;
/** A restore inserts a batch when it reaches this many rows or this many characters of JSON. */
const INSERT_ROWS = 500;
const INSERT_CHARS = 8 * 1024 * 1024;

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

/** The history row (SPEC §3 "Backup"); `current` is this database's schema version. */
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

/** SPEC §3's summary counts, from a backup's row counts. */
const summaryOf = (rows: Map<string, number>): BackupSummary => ({
  eventsCount: rows.get('events') ?? 0,
  icalFeedsCount: rows.get('ical_feeds') ?? 0,
  icalEventNotesCount: rows.get('external_booking_notes') ?? 0,
  markedDaysCount: rows.get('marked_days') ?? 0,
});

/** Times in file names, sortable and free of ':' (e.g. 20260601-120000). */
const stamp = (d: Date) => d.toISOString().replace(/\.\d+Z$/, '').replace(/[-:]/g, '').replace('T', '-');

/**
 * Backups and restore (SPEC §2 backup tab, §7). A backup is one consistent snapshot of every product table, streamed
 * through gzip to a temporary file and renamed into BACKUP_DIR when complete, so a crash never leaves a half file
 * under a backup's name. A restore first reads the whole file to check its format, schema version and checksum, and
 * only then replaces every table in one transaction, reading the file a second time; any failure rolls it all back.
 * One backup or restore runs at a time (LOCK_BACKUP).
 */
@Injectable()
export class BackupsService {
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
    await mkdir(this.dir, { recursive: true });
    // Under LOCK_BACKUP no other backup is being written: a temporary file here is what a crash left behind.
    for (const name of await readdir(this.dir)) {
      if (TEMP_FILE.test(name)) await unlink(path.join(this.dir, name)).catch(() => undefined);
    }
    const createdAt = this.clock.now();
    const filename = `eierportal-backup-${stamp(createdAt)}-${randomBytes(3).toString('hex')}${automatic ? '-auto' : ''}.ndjson.gz`;
    const final = path.join(this.dir, filename);
    const temp = path.join(this.dir, `.${filename}.tmp`);
    const gzip = createGzip();
    // pipeline, not pipe: a failing file (disk full) destroys gzip too, so a write waiting for 'drain' fails instead
    // of waiting forever inside the snapshot's transaction.
    const done = pipeline(gzip, createWriteStream(temp, { flags: 'wx' }));
    // Without a listener, an error while the dump is running would be unhandled; `done` reports it at the end.
    done.catch(() => undefined);
    const hash = createHash('sha256');
    const put = async (line: string, hashed = true) => {
      const text = line + '\n';
      if (hashed) hash.update(text);
      if (gzip.destroyed) await done; // throws why the file failed
      // once() rejects when gzip is destroyed with the file's error meanwhile.
      if (!gzip.write(text)) await once(gzip, 'drain');
    };
    try {
      const { schemaVersion, rows } = await this.database.snapshot(async (tx) => {
        const schemaVersion = await currentSchemaVersion(tx);
        const tables = await backedUpTables(tx);
        const byteaTables = new Set<string>(
          (await tx.query(`SELECT DISTINCT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND data_type = 'bytea'`)).map((r: { table_name: string }) => r.table_name),
        );
        await put('H' + JSON.stringify({ format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, schemaVersion, createdAt, automatic, tables: tables.map((t) => t.name) }));
        const rows = new Map<string, number>();
        for (const table of tables) {
          await put('T' + JSON.stringify({ table: table.name, columns: table.columns }));
          rows.set(table.name, await this.dumpTable(tx, table, byteaTables.has(table.name) ? FETCH_ROWS_WITH_FILES : FETCH_ROWS, put));
        }
        return { schemaVersion, rows };
      });
      await put('E' + JSON.stringify({ sha256: hash.digest('hex'), rows: Object.fromEntries(rows) }), false);
      gzip.end();
      await done;
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
      gzip.destroy();
      await unlink(temp).catch(() => undefined);
      throw e;
    }
  }

  /** Streams one table's rows through a cursor of the snapshot: memory holds one batch, never the table. */
  private async dumpTable(tx: Pick<DataSource, 'query'>, table: TableShape, fetchRows: number, put: (line: string) => Promise<void>): Promise<number> {
    const columns = table.columns.map(ident).join(', ');
    await tx.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS j FROM (SELECT ${columns} FROM ${ident(table.name)}) r`);
    let count = 0;
    for (;;) {
      const batch: { j: string }[] = await tx.query(`FETCH ${fetchRows} FROM backup_rows`);
      if (batch.length === 0) break;
      for (const r of batch) await put('R' + r.j);
      count += batch.length;
    }
    await tx.query('CLOSE backup_rows');
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
        await tx.query(`TRUNCATE session, ${expected.tables.map((t) => ident(t.name)).join(', ')} RESTART IDENTITY`);
        // Second pass: the same checks again (the file could have changed in between) while the rows go in.
        const walk = new FileWalk(expected);
        let batch: string[] = [];
        let chars = 0;
        let table: TableShape | undefined;
        const flush = async () => {
          if (batch.length === 0 || !table) return;
          const columns = table.columns.map(ident).join(', ');
          await tx.query(`INSERT INTO ${ident(table.name)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::${ident(table.name)}, $1::json)`, [`[${batch.join(',')}]`]);
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
