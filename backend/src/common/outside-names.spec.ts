import { INHERITED_NAMES, inspectInput, MAX_NESTING, ownValue } from './outside-names';

describe('names from outside', () => {
  const table: Record<string, string> = { name: 'u.name', id: 'u.id' };

  it('finds only what a table holds itself, never what every object inherits', () => {
    expect(ownValue(table, 'name')).toBe('u.name');
    for (const name of ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']) {
      expect([name, ownValue(table, name)]).toEqual([name, undefined]);
      expect(INHERITED_NAMES.has(name)).toBe(true);
    }
    expect(INHERITED_NAMES.has('name')).toBe(false);
  });

  it('reports a key that names an inherited member, at any depth, with its path', () => {
    expect(inspectInput(JSON.parse('{"title":"x","__proto__":{"polluted":1}}'))).toEqual({ kind: 'inherited_name', field: '__proto__', name: '__proto__' });
    expect(inspectInput({ source: { a: [{ toString: 1 }] } })).toEqual({ kind: 'inherited_name', field: 'source.a.0.toString', name: 'toString' });
    expect(inspectInput({ q: 'constructor', list: ['__proto__', 'prototype'] })).toBeUndefined();
    expect(inspectInput({ name: 'Ola' }, 'body')).toBeUndefined();
  });

  it('reports NUL in a value or a key, the first in the request first', () => {
    expect(inspectInput({ a: 'ok', b: { c: 'x\u0000' }, d: '\u0000' })).toEqual({ kind: 'nul', field: 'b.c' });
    expect(inspectInput({ a: { 'k\u0000': 1 } })).toEqual({ kind: 'nul', field: 'a' });
    expect(inspectInput('\u0000', 'id')).toEqual({ kind: 'nul', field: 'id' });
  });

  it('stops at MAX_NESTING levels, without recursion (a 1 MB body of brackets)', () => {
    const nested = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(inspectInput({ a: nested(MAX_NESTING - 1) })).toBeUndefined();
    expect(inspectInput({ a: nested(MAX_NESTING) })).toMatchObject({ kind: 'too_deep' });
    expect(inspectInput({ title: nested(400_000) })).toMatchObject({ kind: 'too_deep' });
  });
});
