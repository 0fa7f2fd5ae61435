import { BadRequestException } from '@nestjs/common';
import type { Response } from 'express';

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

function parseJson(name: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(String(raw));
  } catch {
    throw new BadRequestException(`Ugyldig ${name}-parameter`);
  }
}

export function parseListQuery(query: Record<string, unknown>, sortable: readonly string[]): ListQuery {
  const sort = parseJson('sort', query.sort);
  const range = parseJson('range', query.range);
  const filter = parseJson('filter', query.filter) ?? {};
  const result: ListQuery = { filter: typeof filter === 'object' && filter ? (filter as Record<string, unknown>) : {}, paged: range !== undefined };
  if (Array.isArray(sort) && sort.length === 2) {
    const [field, order] = sort;
    if (!sortable.includes(field)) throw new BadRequestException(`Kan ikke sortere på ${String(field)}`);
    result.sort = { field, order: String(order).toUpperCase() === 'DESC' ? 'DESC' : 'ASC' };
  }
  if (Array.isArray(range) && range.length === 2) {
    const [start, end] = range.map(Number);
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) throw new BadRequestException('Ugyldig range-parameter');
    result.range = { skip: start, take: Math.min(end - start + 1, 1000) };
  }
  return result;
}

export function setContentRange(res: Response, resource: string, query: ListQuery, count: number, total: number): void {
  if (!query.paged) return;
  const start = query.range?.skip ?? 0;
  const end = count === 0 ? start : start + count - 1;
  res.setHeader('Content-Range', `${resource} ${start}-${end}/${total}`);
}
