/**
 * What users publishes besides its service: SQL over the users table that another domain composes into a statement
 * of its own, where one round trip matters (docs/architecture.md#where-data-lives); users writes it, so its table
 * and columns stay known to users alone.
 */

/**
 * The user whose calendar subscription token this is, if not blocked, as a derived table of (id, name): `id` and
 * `tokenHash` are the SQL (say `$1`, `$2`) of the user id and the token's SHA-256 hex. The planner folds it into the
 * outer statement, so the read costs what the same conditions written there would.
 */
export const calendarTokenOwnerSql = (id: string, tokenHash: string) =>
  `(SELECT id, name FROM users WHERE id = ${id} AND calendar_token_hash = ${tokenHash} AND NOT is_blocked)`;
