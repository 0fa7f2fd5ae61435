/**
 * GET /api/ical-feeds answers the staff member's own feeds as a plain array (no Content-Range, no query
 * parameters), so the 'ical' resource filters, sorts and pages them on the client; one person has few feeds.
 */
import type { GetListParams, RaRecord } from 'react-admin';

/** The fields the free-text filter (q) looks in. */
const SEARCHABLE = ['name', 'url', 'userName', 'userEmail', 'username'] as const;

const missing = (value: unknown) => value === null || value === undefined;

/** Orders two values; missing ones (never synced, no error) go last whichever the direction. */
function compare(a: unknown, b: unknown, direction: number): number {
  if (missing(a) || missing(b)) return Number(missing(a)) - Number(missing(b));
  return direction * compareValues(a, b);
}

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), 'nb', { numeric: true, sensitivity: 'base' });
}

/** react-admin's list params applied to an in-memory array: q search, exact-match filters, sort, page. */
export function listLocally<T extends RaRecord>(records: T[], params: Partial<GetListParams>): { data: T[]; total: number } {
  const { q, ...exact } = (params.filter ?? {}) as Record<string, unknown>;
  const needle = typeof q === 'string' ? q.trim().toLowerCase() : '';
  const matches = records.filter((record) => {
    const fields = record as Record<string, unknown>;
    if (needle && !SEARCHABLE.some((key) => String(fields[key] ?? '').toLowerCase().includes(needle))) return false;
    return Object.entries(exact).every(([key, value]) => missing(value) || value === '' || String(fields[key]) === String(value));
  });
  const { field = 'id', order = 'ASC' } = params.sort ?? {};
  const direction = order === 'DESC' ? -1 : 1;
  const sorted = [...matches].sort((a, b) => compare((a as Record<string, unknown>)[field], (b as Record<string, unknown>)[field], direction));
  const { page = 1, perPage = sorted.length || 1 } = params.pagination ?? {};
  const start = (page - 1) * perPage;
  return { data: sorted.slice(start, start + perPage), total: matches.length };
}
