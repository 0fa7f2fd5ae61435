import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import type { EntityManager } from 'typeorm';

/**
 * The backup file: gzip-compressed lines, each a one-letter kind and then JSON.
 *
 *   H{"format":"eierportal-backup","formatVersion":1,"schemaVersion":"…","createdAt":"…","automatic":false,"tables":[…]}
 *   T{"table":"users","columns":["id","username",…]}
 *   R{…one row, as PostgreSQL's row_to_json gives it…}
 *   … (tables in foreign-key order: a table comes after the tables it refers to)
 *   E{"sha256":"…","rows":{"users":3,…}}
 *
 * The checksum is the SHA-256 of every line before E (with its newline), so a changed byte anywhere is found
 * before anything is restored; a file without its E line was cut short. Rows stay PostgreSQL's own JSON text from
 * the dump to the restore (json_populate_recordset reads it back), so no value passes through JavaScript types.
 */
export const BACKUP_FORMAT = 'eierportal-backup';
export const BACKUP_FORMAT_VERSION = 1;

/**
 * Tables no backup holds: logins (sessions), the schema's own record (kept as schemaVersion), the history of backup
 * files, the record of this installation's job runs (like pg-boss's own tables, in their schema, it describes
 * the running service rather than its data; restoring it would show runs that never happened here), and the short-lived
 * secrets and counters: password-reset links (a restore voids every pending one) and the login limits' counts
 * (docs/security.md#secrets-at-rest).
 */
export const NOT_BACKED_UP = new Set(['session', 'migrations', 'backups', 'scheduled_jobs', 'password_reset_tokens', 'rate_limit_hits']);

/**
 * The audit trail: a restore never empties it. The backup's rows that are missing go back in, and every row written
 * since the backup stays (docs/security.md#the-audit-log).
 */
export const KEPT_ON_RESTORE = 'admin_audit_log';

export interface BackupHeader {
  format: string;
  formatVersion: number;
  schemaVersion: string;
  createdAt: string;
  automatic: boolean;
  tables: string[];
}

export interface TableShape {
  name: string;
  /** Columns a row can be written to (generated columns left out), in table order. */
  columns: string[];
}

/** Why a file cannot be restored; the service turns it into the answer. */
export type BackupProblemKind = 'foreign' | 'corrupt' | 'truncated' | 'checksum' | 'newer_version' | 'older_version';

export class BackupProblem extends Error {
  constructor(readonly kind: BackupProblemKind, detail: string, readonly params: Record<string, string> = {}) {
    super(detail);
  }
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The name of the last migration run: the schema version a backup belongs to. */
export async function currentSchemaVersion(q: Pick<EntityManager, 'query'>): Promise<string> {
  const [row] = await q.query('SELECT name FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1');
  return row.name;
}

/** The 13-digit timestamp a migration's name ends with (TypeORM's convention), for ordering versions. */
export function versionTime(schemaVersion: string): number | null {
  const m = /(\d{13})$/.exec(schemaVersion);
  return m ? Number(m[1]) : null;
}

/**
 * Every table of the migrated schema a backup holds, parents before children (so rows can be inserted in file
 * order), read from the catalogue rather than listed by hand so a new table is backed up the day it is migrated.
 */
export async function backedUpTables(q: Pick<EntityManager, 'query'>): Promise<TableShape[]> {
  const tables: { name: string }[] = await q.query(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
  );
  const columns: { table_name: string; column_name: string }[] = await q.query(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND is_generated = 'NEVER' ORDER BY table_name, ordinal_position`,
  );
  const refs: { child: string; parent: string }[] = await q.query(
    `SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint k
     JOIN pg_class ch ON ch.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = k.connamespace
     WHERE k.contype = 'f' AND n.nspname = current_schema()`,
  );
  const names = tables.map((t) => t.name).filter((n) => !NOT_BACKED_UP.has(n));
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const r of refs) if (r.child !== r.parent && parents.has(r.child) && parents.has(r.parent)) parents.get(r.child)!.add(r.parent);
  // Kahn's order, alphabetical among equals so the same schema always gives the same file layout.
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const next = names.find((n) => !placed.has(n) && [...parents.get(n)!].every((p) => placed.has(p)));
    if (!next) throw new Error(`the foreign keys between ${names.filter((n) => !placed.has(n)).join(', ')} form a cycle`);
    ordered.push(next);
    placed.add(next);
  }
  const byTable = new Map<string, string[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  return ordered.map((name) => ({ name, columns: byTable.get(name) ?? [] }));
}

/**
 * The lines of a gzip file, one at a time (memory holds one compressed chunk and the current line). zlib's errors
 * become BackupProblems: not gzip at all is a foreign file, a stream that stops early is truncated, bad data is corrupt.
 */
export async function* readLines(file: string): AsyncGenerator<string> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.on('error', (e) => gunzip.destroy(e));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  // The pieces of the line being read: a long line (a 10 MB file as hex) is joined once, not re-scanned per chunk.
  let parts: string[] = [];
  try {
    for await (const chunk of gunzip) {
      const text = decoder.write(chunk as Buffer);
      let start = 0;
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
        parts.push(text.slice(start, nl));
        const line = parts.join('');
        parts = [];
        start = nl + 1;
        yield line;
      }
      if (start < text.length) parts.push(text.slice(start));
    }
  } catch (e) {
    throw zlibProblem(e as NodeJS.ErrnoException);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  parts.push(decoder.end());
  const last = parts.join('');
  if (last) yield last;
}

function zlibProblem(e: NodeJS.ErrnoException): Error {
  if (e instanceof BackupProblem) return e;
  if (e.code === 'Z_BUF_ERROR') return new BackupProblem('truncated', e.message);
  if (/header check/.test(e.message)) return new BackupProblem('foreign', e.message);
  if (e.code === 'Z_DATA_ERROR') return new BackupProblem('corrupt', e.message);
  return e;
}

/** What the current database expects of a file: its schema version and the tables and columns it holds. */
export interface Expected {
  schemaVersion: string;
  tables: TableShape[];
}

/** Follows a file line by line, checking each against what is expected; the same walk checks and restores. */
export class FileWalk {
  private readonly hash: Hash = createHash('sha256');
  private readonly counts = new Map<string, number>();
  private readonly shapes: Map<string, TableShape>;
  private seenTables: string[] = [];
  header?: BackupHeader;
  /** The table whose rows follow. */
  table?: TableShape;
  ended = false;

  /** Without `expected`, the file is only checked against itself (its header, counts and checksum), whatever its version. */
  constructor(private readonly expected: Expected | null) {
    this.shapes = new Map((expected?.tables ?? []).map((t) => [t.name, t]));
  }

  /** Checks one line; answers its kind ('R' lines: the row's JSON is line.slice(1)). */
  step(line: string): 'H' | 'T' | 'R' | 'E' {
    if (this.ended) throw new BackupProblem('corrupt', 'data after the end line');
    const kind = line[0];
    if (!this.header) {
      if (kind !== 'H') throw new BackupProblem('foreign', 'no backup header');
      this.header = parse(line, 'foreign') as BackupHeader;
      this.checkHeader(this.header);
    } else if (kind === 'T') {
      const { table, columns } = parse(line, 'corrupt') as { table: string; columns: string[] };
      if (!this.expected) this.shapes.set(table, { name: table, columns });
      const shape = this.shapes.get(table);
      // The header already matched this database: a table line that does not is damage, not another portal.
      if (!shape || JSON.stringify(shape.columns) !== JSON.stringify(columns)) throw new BackupProblem('corrupt', `table ${table} does not match this database`);
      this.table = shape;
      this.seenTables.push(table);
      this.counts.set(table, 0);
    } else if (kind === 'R') {
      if (!this.table) throw new BackupProblem('corrupt', 'a row outside a table');
      this.counts.set(this.table.name, this.counts.get(this.table.name)! + 1);
    } else if (kind === 'E') {
      const end = parse(line, 'corrupt') as { sha256: string; rows: Record<string, number> };
      if (end.sha256 !== this.hash.digest('hex')) throw new BackupProblem('checksum', 'the checksum does not match');
      if (JSON.stringify(end.rows) !== JSON.stringify(Object.fromEntries(this.counts))) throw new BackupProblem('checksum', 'the row counts do not match');
      if (JSON.stringify(this.seenTables) !== JSON.stringify(this.header.tables)) throw new BackupProblem('corrupt', 'tables are missing');
      this.ended = true;
      return 'E';
    } else {
      throw new BackupProblem('corrupt', `unknown line kind ${JSON.stringify(kind ?? '')}`);
    }
    this.hash.update(line + '\n');
    return kind as 'H' | 'T' | 'R';
  }

  /** After the last line: a file that never reached its end line was cut short. */
  finish(): Map<string, number> {
    if (!this.header) throw new BackupProblem('foreign', 'the file is empty');
    if (!this.ended) throw new BackupProblem('truncated', 'the end line is missing');
    return this.counts;
  }

  private checkHeader(h: BackupHeader): void {
    if (h?.format !== BACKUP_FORMAT || !Array.isArray(h.tables)) throw new BackupProblem('foreign', 'not an Eierportal backup');
    if (!this.expected) return;
    if (h.formatVersion > BACKUP_FORMAT_VERSION) throw new BackupProblem('newer_version', 'a newer file format', { version: String(h.schemaVersion), current: this.expected.schemaVersion });
    if (h.schemaVersion !== this.expected.schemaVersion) {
      const theirs = versionTime(String(h.schemaVersion));
      const ours = versionTime(this.expected.schemaVersion)!;
      const params = { version: String(h.schemaVersion), current: this.expected.schemaVersion };
      if (theirs === null) throw new BackupProblem('foreign', 'an unknown schema version', params);
      throw new BackupProblem(theirs > ours ? 'newer_version' : 'older_version', 'another schema version', params);
    }
    const ours = this.expected.tables.map((t) => t.name);
    if (JSON.stringify([...h.tables].sort()) !== JSON.stringify([...ours].sort())) throw new BackupProblem('foreign', 'the tables do not match this database');
  }
}

function parse(line: string, kind: BackupProblemKind): unknown {
  try {
    return JSON.parse(line.slice(1));
  } catch {
    throw new BackupProblem(kind, 'a line is not JSON');
  }
}
