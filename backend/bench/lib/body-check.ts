import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What every answer's body must look like during a measurement, when autocannon's single `expectBody` cannot say
 * it: a request sequence answers several different bodies, and a rendered calendar carries the time it was made.
 */
export type BodySpec =
  | { oneOf: string[] }
  /** Same frame and about the same size: DTSTAMP changes every second, but not the calendar's length. */
  | { startsWith: string; endsWith: string; length: number; tolerance: number };

export function bodyMatcher(spec: BodySpec): (body: string) => boolean {
  if ('oneOf' in spec) return (body) => spec.oneOf.includes(body);
  return (body) =>
    body.startsWith(spec.startsWith) && body.endsWith(spec.endsWith) && Math.abs(body.length - spec.length) <= spec.length * spec.tolerance;
}

/**
 * autocannon's worker threads take `verifyBody` as a module path, not a function, so the spec is written next to
 * a two-line module that builds the matcher from this file. Returns the module path and a cleanup.
 */
export function writeVerifier(spec: BodySpec): { file: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'eierportal-bench-verify-'));
  writeFileSync(path.join(dir, 'spec.json'), JSON.stringify(spec));
  const file = path.join(dir, 'verify.js');
  writeFileSync(file, `module.exports = require(${JSON.stringify(__filename)}).bodyMatcher(require('./spec.json'));\n`);
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
