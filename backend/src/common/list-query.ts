import { BadRequestException } from '@nestjs/common';
import type { Response } from 'express';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { ListQueryParams } from './api.dto';
import { coded } from './http-exception.filter';
import { MAX_ID, parseId } from './ids';
import { inspectInput, ownValue } from './outside-names';

/**
 * react-admin's simple-rest list query: ?sort=["field","ASC"]&range=[0,24]&filter={"q":"..."}.
 * Lists that receive it answer with a Content-Range header, so ra-data-simple-rest needs no translation layer.
 */
export interface ListQuery {
  sort?: { field: string; order: 'ASC' | 'DESC' };
  range?: { skip: number; take: number };
  filter: Record<string, unknown>;
  /** True when the caller used the simple-rest parameters and expects Content-Range. */
  paged: boolean;
}

/** One back-office list: how each API field sorts and how each filter narrows the query. */
export interface ListSpec<T extends ObjectLiteral> {
  /**
   * API field → the property path (`alias.property`) it sorts by. Looked up by the client's name only among the
   * record's own keys (never `__proto__` or `constructor`): docs/api.md, "Input that names things".
   */
  sortable: Record<string, string>;
  /** Filter key → how a value narrows the query, looked up as `sortable` is. Empty values (null, '') are ignored, as react-admin sends them. */
  filters: Record<string, (qb: SelectQueryBuilder<T>, value: unknown) => void>;
  /** The unique property path that orders rows when no sort is given and breaks ties otherwise: `u.id`. */
  key: string;
  /**
   * The same rows without the joins only sorting needs (an owner's name), for the count: PostgreSQL does not drop
   * an unused inner join by itself, and counting through it costs a join over every matching row. The filters are
   * applied to it too, so they may only use what it selects from.
   */
  countFrom?: SelectQueryBuilder<T>;
}

const MAX_TAKE = 1000;

/**
 * One JSON parameter; given twice (`?sort=…&sort=…`) it is refused, not joined. A key anywhere in it that names what
 * every object inherits (`{"q":{"toString":1}}`), or nesting past any list's needs, is refused as well.
 */
function parseJson(name: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw invalid(name);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalid(name);
  }
  if (inspectInput(value)) throw invalid(name);
  return value;
}

const invalid = (name: string) => new BadRequestException(coded('invalid_list_parameter', `Ugyldig ${name}-parameter`, { name }));

/**
 * Reads the simple-rest parameters, each given once and in its shape (`sort` a [field, order] pair, `range` two
 * integers, `filter` an object); whether a sort field or filter exists is the list's business (findPage).
 */
export function parseListQuery(query: ListQueryParams): ListQuery {
  const sort = parseJson('sort', query.sort);
  const range = parseJson('range', query.range);
  const filter = query.filter === undefined || query.filter === '' ? {} : parseJson('filter', query.filter);
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw invalid('filter');
  const result: ListQuery = { filter: filter as Record<string, unknown>, paged: range !== undefined };
  if (sort !== undefined) {
    if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string' || typeof sort[1] !== 'string' || !/^(asc|desc)$/i.test(sort[1])) throw invalid('sort');
    result.sort = { field: sort[0], order: sort[1].toUpperCase() as 'ASC' | 'DESC' };
  }
  if (range !== undefined) {
    if (!Array.isArray(range) || range.length !== 2) throw invalid('range');
    const [start, end] = range as unknown[];
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || (start as number) < 0 || (end as number) < (start as number)) throw invalid('range');
    result.range = { skip: start as number, take: Math.min((end as number) - (start as number) + 1, MAX_TAKE) };
  }
  return result;
}

/**
 * Filters, sorts, counts and pages a list in SQL. The query builder may join to-one tables (an owner) to sort or
 * filter by them; rows are paged with LIMIT/OFFSET, so a join must not multiply them. The count and the page are
 * asked at once (on PostgreSQL they run side by side on two connections). `fetch` reads the page when a list wants
 * more than the entities, such as the joined owner's name in the same query.
 */
export function findPage<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, query: ListQuery, spec: ListSpec<T>): Promise<{ rows: T[]; total: number }>;
export function findPage<T extends ObjectLiteral, R>(
  qb: SelectQueryBuilder<T>,
  query: ListQuery,
  spec: ListSpec<T>,
  fetch: (page: SelectQueryBuilder<T>) => Promise<R[]>,
): Promise<{ rows: R[]; total: number }>;
export async function findPage<T extends ObjectLiteral, R>(
  qb: SelectQueryBuilder<T>,
  query: ListQuery,
  spec: ListSpec<T>,
  fetch: (page: SelectQueryBuilder<T>) => Promise<R[]> = (page) => page.getMany() as unknown as Promise<R[]>,
): Promise<{ rows: R[]; total: number }> {
  for (const [key, value] of Object.entries(query.filter)) {
    const apply = ownValue(spec.filters, key);
    if (!apply) throw new BadRequestException(coded('invalid_filter', `Kan ikke filtrere på ${key}`, { field: key }));
    if (value !== null && value !== undefined && value !== '') {
      apply(qb, value);
      if (spec.countFrom) apply(spec.countFrom, value);
    }
  }
  if (query.sort) {
    const path = ownValue(spec.sortable, query.sort.field);
    if (!path) throw new BadRequestException(coded('invalid_sort_field', `Kan ikke sortere på ${query.sort.field}`, { field: query.sort.field }));
    qb.orderBy(path, query.sort.order);
    if (path !== spec.key) qb.addOrderBy(spec.key, 'ASC');
  } else {
    qb.orderBy(spec.key, 'ASC');
  }
  const page = qb.clone();
  if (query.range) page.offset(query.range.skip).limit(query.range.take);
  const [total, rows] = await Promise.all([countRows(spec.countFrom ?? qb), fetch(page)]);
  return { rows, total };
}

/**
 * COUNT(*) of the filtered query. TypeORM's getCount counts DISTINCT primary keys, which costs a sort or hash over
 * every row; the joins here are to-one, so plain rows are the same number.
 */
async function countRows<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): Promise<number> {
  const counted = await qb.clone().orderBy().select('COUNT(*)', 'total').getRawOne<{ total: string | number }>();
  return Number(counted?.total ?? 0);
}

/** `%text%` for ILIKE, with the pattern characters in the text taken literally. */
export const containing = (text: unknown) => `%${String(text).replace(/[%_\\]/g, '\\$&')}%`;

/**
 * `path IN (ids)` for a filter value that react-admin sends as one id or a list of ids (getMany); a value that is
 * no id matches nothing.
 */
export function whereIdIn<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, path: string, value: unknown, param: string): void {
  const ids = (Array.isArray(value) ? value : [value]).map((id) => (typeof id === 'number' ? id : parseId(String(id)))).filter((id): id is number => Number.isInteger(id) && id! > 0 && id! <= MAX_ID);
  qb.andWhere(ids.length ? `${path} IN (:...${param})` : 'FALSE', { [param]: ids });
}

/** react-admin sends booleans from NullableBooleanInput as true/false, query strings as 'true'/'false'. */
export const asBoolean = (value: unknown) => value === true || value === 'true';

export function setContentRange(res: Response, resource: string, query: ListQuery, count: number, total: number): void {
  if (!query.paged) return;
  const start = query.range?.skip ?? 0;
  const end = count === 0 ? start : start + count - 1;
  res.setHeader('Content-Range', `${resource} ${start}-${end}/${total}`);
}
