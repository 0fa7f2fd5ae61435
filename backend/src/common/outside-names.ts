/**
 * Names that come from outside (query keys, sort fields, filter and body keys, setting keys, a partner's channel
 * names) pick nothing an object merely inherits: `table['__proto__']` is Object.prototype and `table['constructor']`
 * is Object, so a plain lookup hands a client the prototype to write on. Lookups by such a name go through a Map,
 * `ownValue` or an allow-list; see docs/api.md, "Input that names things".
 */

/** What every plain object answers to without holding it: Object.prototype's own names (`__proto__`, `toString`…) and `prototype`. */
export const INHERITED_NAMES: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/** `record[name]` when the record holds `name` itself; undefined for a name it would only inherit. */
export function ownValue<V>(record: Readonly<Record<string, V>>, name: string): V | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

/** The deepest nesting of arrays and objects a request value may have: no form of this API goes past a few levels. */
export const MAX_NESTING = 32;

/** The first thing in a request value that no request may hold, with the dotted path where it sits. */
export type InputProblem =
  | { kind: 'nul'; field: string }
  | { kind: 'inherited_name'; field: string; name: string }
  | { kind: 'too_deep'; field: string };

/**
 * Walks a parsed request value (a body, a query, a JSON parameter), keys and values, for a NUL character (which
 * PostgreSQL cannot store in text), a key that is an inherited name, or nesting beyond MAX_NESTING. It keeps its own
 * stack: a 1 MB body of nested brackets would overflow the call stack of a recursive walk.
 */
export function inspectInput(value: unknown, path = ''): InputProblem | undefined {
  const stack: [item: unknown, at: string, depth: number][] = [[value, path, 0]];
  while (stack.length) {
    const [item, at, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return { kind: 'nul', field: at || 'value' };
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= MAX_NESTING) return { kind: 'too_deep', field: at || 'value' };
    const entries = Object.entries(item);
    const isArray = Array.isArray(item);
    for (const [key] of entries) {
      if (key.includes('\u0000')) return { kind: 'nul', field: at || 'value' };
      if (!isArray && INHERITED_NAMES.has(key)) return { kind: 'inherited_name', field: at ? `${at}.${key}` : key, name: key };
    }
    // Reversed onto the stack, so the first field in the request is the one reported.
    for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i][1], at ? `${at}.${entries[i][0]}` : entries[i][0], depth + 1]);
  }
  return undefined;
}
