/**
 * SQL for a timestamptz column as JavaScript's Date#toISOString writes it ('2026-01-02T03:04:05.678Z'), for answers
 * built by the database (json_agg) that must read exactly like the ones built from entities. Both truncate to
 * milliseconds.
 */
export const isoTimestampSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A date column as 'YYYY-MM-DD', whatever the session's DateStyle. */
export const isoDateSql = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** A sorted sub-select as one JSON array text ('[]' when empty); json_agg keeps the sub-select's order. */
export const jsonArraySql = (sortedSelect: string) => `(SELECT coalesce(json_agg(x), '[]') FROM (${sortedSelect}) x)`;
