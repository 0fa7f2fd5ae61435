import type { DataSource } from 'typeorm';

/** One statement as the app sent it, turned into a function of the values that vary per request. */
export interface ReplayableStatement<K extends string> {
  sql: string;
  params(values: Record<K, unknown>): unknown[];
}

const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);

/**
 * Runs `call` (one app service method) and returns the single statement it sent through TypeORM, so a baseline
 * replays exactly the app's SQL instead of a hand-written copy that could drift. `probe` names the values the
 * call was made with; each parameter of the statement must be one of them, which is how the baseline knows
 * where to put its own values. Nothing else may query the DataSource meanwhile (the bench runs no jobs).
 */
export async function captureStatement<K extends string>(dataSource: DataSource, probe: Record<K, unknown>, call: () => Promise<unknown>): Promise<ReplayableStatement<K>> {
  const logger = dataSource.logger;
  const original = logger.logQuery;
  const seen: { sql: string; params: unknown[] }[] = [];
  // TypeORM's query runners hand every statement to the logger before sending it, whatever the logging level.
  logger.logQuery = function (query, parameters, runner) {
    seen.push({ sql: query, params: Array.isArray(parameters) ? parameters : [] });
    return original.call(this, query, parameters, runner);
  };
  try {
    await call();
  } finally {
    logger.logQuery = original;
  }
  if (seen.length !== 1) throw new Error(`Expected one statement, the call sent ${seen.length}: ${seen.map((s) => s.sql).join(' | ')}`);
  const [{ sql, params }] = seen;
  const keys = Object.keys(probe) as K[];
  const slots = params.map((value, i) => {
    const key = keys.find((k) => same(probe[k], value));
    if (!key) throw new Error(`Parameter $${i + 1} (${String(value)}) of "${sql}" is none of the probe values ${keys.join(', ')}`);
    return key;
  });
  return { sql, params: (values) => slots.map((k) => values[k]) };
}

/**
 * A TypeORM query-builder row ("e_start_time": …) as the entity getMany would build: properties by metadata, the
 * values as the driver parsed them (dates, jsonb and ints already arrive typed from pg and from PGlite).
 */
export function entityReader<T>(dataSource: DataSource, entity: new () => T, alias: string): (row: Record<string, unknown>) => T {
  const columns = dataSource.getMetadata(entity).columns.map((c) => [`${alias}_${c.databaseName}`, c.propertyName] as const);
  return (row) => {
    const out: Record<string, unknown> = {};
    for (const [key, property] of columns) out[property] = row[key];
    return out as T;
  };
}
