import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ModulesContainer } from '@nestjs/core';
import { DataSource, getMetadataArgsStorage } from 'typeorm';
import { TestApp } from './helpers/test-app';

/**
 * The registrations a new domain makes outside its folder (docs/development.md#adding-a-domain), each failing here by
 * name when forgotten: its module in AppModule, its entities in a module's forFeature, its tables in a migration.
 */
const SRC = join(__dirname, '../src');

/** Every source file under src/ whose name ends in `suffix`, tests left out. */
function sourceFiles(suffix: string, dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(suffix, path);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

/** The classes a file exports, loaded by path (the same module instance the app uses). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const exportedClasses = (path: string) => Object.values(require(path) as Record<string, unknown>).filter((value): value is new () => unknown => typeof value === 'function');

describe('the top of src/', () => {
  it('holds the composition root and nothing else: every other file lives in the folder it belongs to', () => {
    const loose = readdirSync(SRC, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
    expect(loose.sort()).toEqual(['app.factory.ts', 'app.module.ts', 'main.ts', 'metadata.ts', 'openapi.ts']);
  });
});

describe('a domain’s registrations', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('every module in src/ is imported by AppModule', () => {
    const running = new Set([...t.app.get(ModulesContainer).values()].map((module) => module.metatype));
    const missing = sourceFiles('.module.ts').flatMap((path) =>
      exportedClasses(path).filter((cls) => !running.has(cls)).map((cls) => `${relative(SRC, path)}: ${cls.name}`));
    expect(missing).toEqual([]);
  });

  it('every entity in src/ is registered by its module (TypeOrmModule.forFeature)', () => {
    const registered = new Set(t.app.get(DataSource).entityMetadatas.map((meta) => meta.target));
    const entities = new Set(getMetadataArgsStorage().tables.map((table) => table.target));
    const missing = sourceFiles('.entity.ts').flatMap((path) =>
      exportedClasses(path).filter((cls) => entities.has(cls) && !registered.has(cls)).map((cls) => `${relative(SRC, path)}: ${cls.name}`));
    expect(missing).toEqual([]);
  });

  it('every entity is in a migration: the migrated schema has each table and column the entities declare', async () => {
    const dataSource = t.app.get(DataSource);
    const rows: { table_name: string; column_name: string }[] = await dataSource.query(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'");
    const columns = new Set(rows.map((row) => `${row.table_name}.${row.column_name}`));
    const declared = dataSource.entityMetadatas.flatMap((meta) => meta.columns.map((column) => `${meta.tableName}.${column.databaseName}`));
    expect(declared.filter((column) => !columns.has(column))).toEqual([]);
  });
});
