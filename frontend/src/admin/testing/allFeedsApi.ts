/**
 * GET /api/admin/all-ical-feeds as the API answers it (backend feeds.service.ts listWithOwners and common/list-query.ts),
 * for the local test server: react-admin's simple-rest sort, range and filter, Content-Range on a paged answer,
 * and 400 for a sort field or filter the API does not know, so a column that cannot sort on the server fails here too.
 */
import type { AdminFeed } from '../feeds/types';
import type { Answer } from '../../test/localApi';

/** The fields the API sorts by; nothing else. */
export const FEED_SORT_FIELDS = [
  'id', 'userId', 'name', 'url', 'enabled', 'lastSynced', 'lastAttemptAt', 'lastError', 'consecutiveFailures', 'eventCount', 'nextSyncAt', 'createdAt',
  'userName', 'userEmail', 'username',
] as const;

type Row = Partial<AdminFeed> & { id: number };
type Filter = (row: Row, value: unknown) => boolean;

const ids = (value: unknown) => (Array.isArray(value) ? value : [value]).map(Number);
const asBoolean = (value: unknown) => value === true || value === 'true';

const FILTERS: Record<string, Filter> = {
  q: (row, value) => [row.name, row.url, row.userName, row.userEmail, row.username].some((field) => field?.toLowerCase().includes(String(value).toLowerCase())),
  id: (row, value) => ids(value).includes(row.id),
  userId: (row, value) => ids(value).includes(Number(row.userId)),
  enabled: (row, value) => row.enabled === asBoolean(value),
  stale: (row, value) => Boolean(row.stale) === asBoolean(value),
};

const badRequest = (code: string, message: string, params?: Record<string, string>): Answer => ({ status: 400, json: { code, message, ...(params ? { params } : {}) } });

/** Orders like PostgreSQL: nulls after every value ascending, before them descending; ties by id. */
function compare(a: Row, b: Row, field: string, direction: number): number {
  const x = (a as Record<string, unknown>)[field] ?? null;
  const y = (b as Record<string, unknown>)[field] ?? null;
  if (x === y) return a.id - b.id;
  if (x === null) return direction;
  if (y === null) return -direction;
  return (x < y ? -1 : 1) * direction;
}

export function answerAllFeeds(feeds: Row[], query: URLSearchParams): Answer {
  const filter = JSON.parse(query.get('filter') ?? '{}') as Record<string, unknown>;
  let rows = [...feeds];
  for (const [key, value] of Object.entries(filter)) {
    const matches = FILTERS[key];
    if (!matches) return badRequest('invalid_filter', `Kan ikke filtrere på ${key}`, { field: key });
    if (value !== null && value !== undefined && value !== '') rows = rows.filter((row) => matches(row, value));
  }
  const [field, order] = JSON.parse(query.get('sort') ?? '["id","ASC"]') as [string, string];
  if (!(FEED_SORT_FIELDS as readonly string[]).includes(field)) return badRequest('invalid_sort_field', `Kan ikke sortere på ${field}`, { field });
  rows.sort((a, b) => compare(a, b, field, order === 'DESC' ? -1 : 1));
  const range = query.get('range');
  if (!range) return { json: rows };
  const [start, end] = JSON.parse(range) as [number, number];
  const page = rows.slice(start, end + 1);
  const last = page.length ? start + page.length - 1 : start;
  return { json: page, headers: { 'Content-Range': `ical-feeds ${start}-${last}/${rows.length}` } };
}
