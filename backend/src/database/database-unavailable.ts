/**
 * Whether an error says the database cannot be reached right now (refused, restarting, connection cut or timed out),
 * as opposed to a statement it refused. Such a failure answers 503 `database_unavailable` (docs/api.md, Errors) and
 * never crashes the process: the pools connect again by themselves once the database is back.
 */
const SQLSTATE_UNAVAILABLE = [
  /^08/, // connection exception
  /^57P0[1-4]$/, // admin_shutdown, crash_shutdown, cannot_connect_now, database_dropped
  /^53300$/, // too_many_connections
];
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /is not queryable/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /terminating connection due to administrator command/i,
  /Client has encountered a connection error/i,
  /is not currently accepting connections/i,
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const e = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  // TypeORM's answer to a statement of a transaction whose connection was lost under it (the runner was released).
  if ((error as { name?: unknown }).name === 'QueryRunnerAlreadyReleasedError') return true;
  const code = typeof e.code === 'string' ? e.code : '';
  if (SQLSTATE_UNAVAILABLE.some((re) => re.test(code)) || NETWORK_CODES.has(code)) return true;
  if (typeof e.message === 'string' && MESSAGES.some((re) => re.test(e.message as string))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.driverError, depth + 1) || isDatabaseUnavailable(e.cause, depth + 1);
}
