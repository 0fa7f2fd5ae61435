/**
 * SQL over calendar's events that another domain composes into a statement of its own, where one statement matters
 * (docs/architecture.md#where-data-lives): calendar writes it, so its table and columns stay known to calendar alone.
 */

/**
 * A user's own events ending after an instant, as a derived table of (id, title, start_time, ends_at), for
 * double-booking detection. `userId` and `endsAfter` are SQL (say `$1`, `$2`); the planner folds it into the outer
 * statement, so it reads the same index as the conditions written there would.
 */
export const eventsEndingAfterSql = (userId: string, endsAfter: string) =>
  `(SELECT id, title, start_time, ends_at FROM events WHERE user_id = ${userId} AND ends_at > ${endsAfter})`;
