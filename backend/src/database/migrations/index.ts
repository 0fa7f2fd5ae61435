import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MigrationInterface } from 'typeorm';

type MigrationClass = new () => MigrationInterface;

const isMigration = (value: unknown): value is MigrationClass =>
  typeof value === 'function' && typeof (value.prototype as Partial<MigrationInterface> | undefined)?.up === 'function';

/** A migration's file: '<13-digit timestamp>-<name>.ts' (or .js once built); the timestamp orders them. */
export const MIGRATION_FILE = /^(\d{13})-[a-z0-9-]+\.(ts|js)$/;

/**
 * Every migration in this folder, in timestamp order, found by file name: adding one is adding its file
 * (docs/development.md#adding-a-domain). Each file exports exactly one migration class (and may export constants beside it), named '<Name><timestamp>'.
 * Run at boot; `synchronize` is never on. test/migrations.e2e-spec.ts holds the rules a file must keep.
 */
export const migrations: MigrationClass[] = readdirSync(__dirname)
  .filter((file) => MIGRATION_FILE.test(file))
  .sort()
  .map((file) => {
    // Loaded by name at boot, as TypeORM's own `migrations: ['glob']` would; a static import list was one more place to forget.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const classes = Object.values(require(join(__dirname, file)) as Record<string, unknown>).filter(isMigration);
    if (classes.length !== 1) throw new Error(`Migration ${file} must export exactly one migration class`);
    return classes[0];
  });
