import type { EntityManager } from 'typeorm';

/**
 * The rows of an UPDATE or DELETE … RETURNING run through `tx.query`: the drivers answer [rows, count] for those. Here
 * with the engine layer, the one place that knows the drivers' shapes.
 */
export async function returning<T>(tx: EntityManager, text: string, params: unknown[]): Promise<T[]> {
  const result: unknown = await tx.query(text, params);
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}
