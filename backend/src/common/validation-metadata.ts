import { getMetadataStorage, type MetadataStorage } from 'class-validator';

type Lookup = MetadataStorage['getTargetValidationMetadatas'];

const MEMOISED = Symbol('memoisedValidationMetadata');

/**
 * class-validator finds a DTO's rules anew on every validation: it walks every class that has rules (an `instanceof`
 * per DTO class of the app) to gather inherited ones, which made it the largest piece of a calendar revalidation's own
 * work (docs/benchmarks.md, calendar-window-304). The rules only change when a class is decorated, at import, so
 * the answer is kept per class and options and dropped whenever a rule or schema is added. The lists are only read
 * by the validator (grouped by property), never changed. Idempotent.
 */
export function memoiseValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  const marked = storage as MetadataStorage & { [MEMOISED]?: true };
  if (marked[MEMOISED]) return;
  marked[MEMOISED] = true;
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  let kept = new Map<string, ReturnType<Lookup>>();
  const classIds = new WeakMap<object, number>();
  let nextId = 0;
  const idOf = (target: object) => {
    let id = classIds.get(target);
    if (id === undefined) classIds.set(target, (id = ++nextId));
    return id;
  };
  storage.getTargetValidationMetadatas = (targetConstructor, targetSchema, always, strictGroups, groups) => {
    // A group name cannot hold a NUL, so joining with it keeps ['a,b'] and ['a', 'b'] apart.
    const key = `${idOf(targetConstructor)}\u0000${targetSchema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? '-'}`;
    let found = kept.get(key);
    if (!found) kept.set(key, (found = lookup(targetConstructor, targetSchema, always, strictGroups, groups)));
    return found;
  };
  for (const method of ['addValidationMetadata', 'addValidationSchema'] as const) {
    const add = storage[method].bind(storage) as (arg: never) => void;
    (storage as unknown as Record<string, (arg: never) => void>)[method] = (arg: never) => {
      kept = new Map();
      add(arg);
    };
  }
}
