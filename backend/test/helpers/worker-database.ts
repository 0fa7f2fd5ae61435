/**
 * API test files run in parallel jest workers. On PGlite each file has its own in-memory database anyway; on
 * PostgreSQL each worker gets a database of its own (`<DATABASE_URL's database>_w<worker>`, made by global-setup.ts),
 * because a file starts by emptying its database's schema.
 */
export function workerDatabaseUrl(baseUrl: string, workerId: string): string {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/^\//, '') || 'postgres'}_w${workerId}`;
  return url.toString();
}
