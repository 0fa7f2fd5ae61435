import { Client } from 'pg';

/**
 * API test files run in parallel jest workers. On PGlite each file has its own in-memory database anyway; on
 * PostgreSQL each worker gets a database of its own (`<DATABASE_URL's database>_w<worker>`), because a file starts
 * from an empty one. global-setup.ts migrates `<database>_template` once per run, and each file's database is a copy
 * of it (CREATE DATABASE … TEMPLATE copies files, where running the migrations again took seconds a file).
 */
export function workerDatabaseUrl(baseUrl: string, workerId: string): string {
  return withDatabase(baseUrl, `${databaseOf(baseUrl)}_w${workerId}`);
}

/** The migrated database every worker's database is copied from. */
export function templateDatabaseUrl(baseUrl: string): string {
  return withDatabase(baseUrl, `${databaseOf(baseUrl)}_template`);
}

/** Drops `url`'s database (closing what is still connected to it) and makes it again as a copy of the template. */
export async function copyTemplateTo(url: string, templateUrl: string): Promise<void> {
  await recreate(url, databaseOf(templateUrl));
}

/** Drops `url`'s database and makes it again, empty. */
export async function recreateEmpty(url: string): Promise<void> {
  await recreate(url, null);
}

async function recreate(url: string, template: string | null): Promise<void> {
  const client = new Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    const name = quoted(databaseOf(url));
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${quoted(template)}` : ''}`);
  } finally {
    await client.end();
  }
}

const databaseOf = (url: string) => new URL(url).pathname.replace(/^\//, '') || 'postgres';
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
