// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import nb from './nb.json';
import { APP_SECTIONS, BACK_OFFICE_SECTIONS } from './sections';

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

const textAt = (messages: Messages, key: string) =>
  key.split('.').reduce<Messages | string>((m, k) => (m as Messages)[k], messages) as string;

describe('message files', () => {
  // react-admin's own `ra.*` texts: English from ra-language-english, Norwegian in nb.json.
  const { ra: nbRa, ...nbOwn } = nb as Messages;

  it('nb.json and en.json have the same keys (besides ra.*, whose English is the react-admin package)', () => {
    expect(flatKeys(en).sort()).toEqual(flatKeys(nbOwn).sort());
  });

  const englishRa = convertRaTranslationsToI18next(englishMessages) as Messages;

  it("nb.json translates every message of react-admin's English package", () => {
    const nbRaKeys = new Set(flatKeys({ ra: nbRa }));
    expect(flatKeys(englishRa).filter((key) => !nbRaKeys.has(key))).toEqual([]);
  });

  it('have the same placeholders in both languages', () => {
    const english: Messages = { ...englishRa, ...en };
    const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const key of flatKeys(nb)) {
      expect(placeholders(textAt(nb, key)), key).toEqual(placeholders(textAt(english, key)));
    }
  });

  it("are loaded whole: the app starts with every section but the back office's, which brings its own", () => {
    for (const [language, messages] of [['nb', nb], ['en', en]] as const) {
      const appSections = Object.keys(messages).filter((key) => !BACK_OFFICE_SECTIONS.includes(key));
      expect(Object.keys(APP_SECTIONS[language]).sort(), language).toEqual(appSections.sort());
    }
  });

  it('have no empty texts', () => {
    for (const messages of [nb, en]) {
      // ra.boolean.null is blank on purpose: react-admin shows nothing for an unset boolean.
      const empty = flatKeys(messages).filter((key) => key !== 'ra.boolean.null' && !textAt(messages, key).trim());
      expect(empty).toEqual([]);
    }
  });

  it('hold every literal key the customer app asks for', () => {
    const known = new Set(flatKeys(nb));
    const srcDir = fileURLToPath(new URL('..', import.meta.url));
    // The back office (src/admin) asks through react-admin's translate, with keys built at run time.
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
