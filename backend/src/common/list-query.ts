import { BadRequestException } from '@nestjs/common';
import type { Response } from 'express';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { ListQueryParams } from './api.dto';
import { coded } from './http-exception.filter';

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
  /** API field → the property path (`alias.property`) it sorts by. */
  sortable: Record<string, string>;
  /** Filter key → how a value narrows the query. Empty values (null, '') are ignored, as react-admin sends them. */
  filters: Record<string, (qb: SelectQueryBuilder<T>, value: unknown) => void>;
  /** The unique property path that orders rows when no sort is given and breaks ties otherwise: `u.id`. */
  key: string;
}

const MAX_TAKE = 1000;

function parseJson(name: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(String(raw));
  } catch {
    throw new BadRequestException(coded('invalid_list_parameter', `Ugyldig ${name}-parameter`, { name }));
  }
}

/** Reads the simple-rest parameters; whether a sort field or filter exists is the list's business (findPage). */
export function parseListQuery(query: ListQueryParams): ListQuery {
  const sort = parseJson('sort', query.sort);
  const range = parseJson('range', query.range);
  const filter = parseJson('filter', query.filter) ?? {};
  const result: ListQuery = { filter: typeof filter === 'object' && filter ? (filter as Record<string, unknown>) : {}, paged: range !== undefined };
  if (Array.isArray(sort) && sort.length === 2) {
    const [field, order] = sort;
    result.sort = { field: String(field), order: String(order).toUpperCase() === 'DESC' ? 'DESC' : 'ASC' };
  }
  if (Array.isArray(range) && range.length === 2) {
    const [start, end] = range.map(Number);
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) throw new BadRequestException(coded('invalid_list_parameter', 'Ugyldig range-parameter', { name: 'range' }));
    result.range = { skip: start, take: Math.min(end - start + 1, MAX_TAKE) };
  }
  return result;
}

/**
 * Filters, sorts, counts and pages a list in SQL. The query builder may join to-one tables (an owner) to sort or
 * filter by them; rows are paged with LIMIT/OFFSET, so a join must not multiply them.
 */
export async function findPage<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, query: ListQuery, spec: ListSpec<T>): Promise<{ rows: T[]; total: number }> {
  for (const [key, value] of Object.entries(query.filter)) {
    const apply = spec.filters[key];
    if (!apply) throw new BadRequestException(coded('invalid_filter', `Kan ikke filtrere på ${key}`, { field: key }));
    if (value !== null && value !== undefined && value !== '') apply(qb, value);
  }
  if (query.sort) {
    const path = spec.sortable[query.sort.field];
    if (!path) throw new BadRequestException(coded('invalid_sort_field', `Kan ikke sortere på ${query.sort.field}`, { field: query.sort.field }));
    qb.orderBy(path, query.sort.order);
    if (path !== spec.key) qb.addOrderBy(spec.key, 'ASC');
  } else {
    qb.orderBy(spec.key, 'ASC');
  }
  const total = await qb.getCount();
  if (query.range) qb.offset(query.range.skip).limit(query.range.take);
  return { rows: await qb.getMany(), total };
}

/** `%text%` for ILIKE, with the pattern characters in the text taken literally. */
export const containing = (text: unknown) => `%${String(text).replace(/[%_\\]/g, '\\$&')}%`;

/**
 * `path IN (ids)` for a filter value that react-admin sends as one id or a list of ids (getMany); a value that is
 * no id matches nothing.
 */
export function whereIdIn<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, path: string, value: unknown, param: string): void {
  const ids = (Array.isArray(value) ? value : [value]).map(Number).filter(Number.isInteger);
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
