// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import nb from './nb.json';

type Messages = { [key: string]: string | Messages };

function flatKeys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatKeys(value, `${prefix}${key}.`),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('message files', () => {
  it('nb.json and en.json have the same keys', () => {
    expect(flatKeys(en).sort()).toEqual(flatKeys(nb).sort());
  });

  it('have no empty texts', () => {
    for (const messages of [nb, en]) {
      const text = (key: string) => key.split('.').reduce<Messages | string>((m, k) => (m as Messages)[k], messages) as string;
      const empty = flatKeys(messages).filter((key) => !text(key).trim());
      expect(empty).toEqual([]);
    }
  });

  it('hold every literal key the customer app asks for', () => {
    const known = new Set(flatKeys(nb));
    const srcDir = fileURLToPath(new URL('..', import.meta.url));
    // The back office (src/admin) has its own react-admin messages.
    const files = sourceFiles(srcDir).filter((file) => !file.startsWith(join(srcDir, 'admin')));
    const missing: string[] = [];
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)) {
        if (!known.has(match[1])) missing.push(`${file}: ${match[1]}`);
      }
      // Keys passed around as data ('validation.emailRequired', labelKey: 'nav.calendar', …).
      for (const match of readFileSync(file, 'utf8').matchAll(/'((?:validation|nav|reset|settings\.password)\.[A-Za-z0-9_.]+)'/g)) {
        if (!known.has(match[1])) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
