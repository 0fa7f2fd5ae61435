import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The backend reaches the database one way (docs/architecture.md#where-data-lives): raw SQL (`.query(`) only in a
 * domain's own service or store, and only on the tables that domain owns; another domain's data through that
 * domain's service. A statement that must stay one round trip across domains composes the SQL the owning domain hands
 * out for its part (bookings/external-booking.types.ts, users/users.types.ts), never naming another domain's tables.
 * ALLOWED names the exceptions by design, each with its reason.
 */
const SRC = join(__dirname, '..');

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

const folderOf = (path: string) => relative(SRC, path).split('/')[0];
/** The engine layer and the migrations speak SQL by nature. */
const ENGINE = /^database\//;
const STORE_OR_SERVICE = /[.-](service|store)\.ts$/;

const files = sourceFiles().map((path) => ({ path: relative(SRC, path), folder: folderOf(path), text: readFileSync(path, 'utf8') }));

/** Each table's owner: the folder whose entity maps it, or the folder of the one store that owns a table without an entity. */
const owners = new Map<string, string>();
for (const file of files) {
  for (const m of file.text.matchAll(/@Entity\(\s*'([a-z0-9_]+)'/g)) owners.set(m[1], file.folder);
}
const TABLES_WITHOUT_ENTITY: Record<string, string> = {
  session: 'common', rate_limit_hits: 'common', stored_files: 'common', stored_file_chunks: 'common', mail_outbox: 'mail',
  external_bookings: 'bookings', calendar_versions: 'calendar', calendar_window_versions: 'calendar', scheduled_jobs: 'jobs', backups: 'backups',
  upload_reservations: 'cases', rental_day_warnings: 'nights',
};
for (const [table, folder] of Object.entries(TABLES_WITHOUT_ENTITY)) if (!owners.has(table)) owners.set(table, folder);

/** The tables a file's SQL names (after FROM, JOIN, INTO, UPDATE, TABLE): a text match, good enough to list. */
const tablesIn = (text: string) => new Set([...text.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+"?([a-z_][a-z0-9_]*)"?/g)].map((m) => m[1]));

/** Transactions through DatabasePort.transaction: a `.transaction(` on an injected DataSource is a second way in. */
function transactionsBesideThePort(): string[] {
  return files
    .filter((file) => !ENGINE.test(file.path))
    .flatMap((file) => [...file.text.matchAll(/readonly (\w+): DataSource\b/g)]
      .filter((m) => new RegExp(`this\\.${m[1]}\\s*\\.transaction\\(`).test(file.text))
      .map(() => `${file.path}: a transaction on the DataSource, not DatabasePort.transaction`));
}

function offences(): string[] {
  return [...transactionsBesideThePort(), ...files
    .filter((file) => !ENGINE.test(file.path) && file.text.includes('.query('))
    .flatMap((file) => {
      if (!STORE_OR_SERVICE.test(file.path)) return [`${file.path}: raw SQL outside a service or store`];
      return [...tablesIn(file.text)]
        .filter((table) => owners.has(table) && owners.get(table) !== file.folder)
        .map((table) => `${file.path}: reads or writes ${owners.get(table)}'s table ${table}`);
    })].sort();
}

/**
 * Exceptions by design, each with its reason: where the rule does not fit, not where moving was put off. A folder
 * (`backups/`) allows every offence of its files; a whole offence allows just that one.
 */
const ALLOWED: { where: string; reason: string }[] = [
  {
    where: "conflicts/conflicts.service.ts: reads or writes calendar's table events",
    reason: 'double-booking detection is one statement over the owner\'s events and bookings, for its cost; calendar\'s window read already composes conflicts\' SQL (conflicts.types.ts), so a piece written by calendar would make the two folders import each other',
  },
  { where: 'backups/', reason: 'a backup is the whole database: it reads and restores every table, keeps the logins across a restore and reads the schema from the catalog' },
];

const covers = (where: string, offence: string) => (where.endsWith('/') ? offence.startsWith(where) : offence === where);

describe('the way to the database', () => {
  it('raw SQL is only in a domain’s own service or store, on its own tables, and transactions go through DatabasePort', () => {
    expect(offences().filter((offence) => !ALLOWED.some(({ where }) => covers(where, offence)))).toEqual([]);
  });

  it('every exception still allows something, and says why', () => {
    const current = offences();
    expect(ALLOWED.filter(({ where, reason }) => !reason || !current.some((offence) => covers(where, offence)))).toEqual([]);
  });
});
