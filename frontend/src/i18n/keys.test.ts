// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_SECTIONS, CATALOGUE_PARTS, START_SECTIONS, cataloguePart, partOfSection } from './catalogueParts';
import { catalogueOwners, gatherCatalogue, type Messages } from './gatherCatalogue';

const srcDir = fileURLToPath(new URL('..', import.meta.url));
// The whole catalogue as the build gathers it: i18n/<language>.json and every feature's and resource's own file.
const nb = gatherCatalogue(srcDir, 'nb').messages;
const en = gatherCatalogue(srcDir, 'en').messages;

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

  it('the gathered nb and en catalogues have the same keys (besides ra.*, whose English is the react-admin package)', () => {
    expect(flatKeys(en).sort()).toEqual(flatKeys(nbOwn).sort());
  });

  it("every feature's and resource's own i18n/nb.json and en.json have the same keys", () => {
    const owners = catalogueOwners(srcDir);
    expect(owners.length).toBeGreaterThan(10);
    const keysOf = (file: string) => (existsSync(file) ? flatKeys(JSON.parse(readFileSync(file, 'utf8')) as Messages).sort() : []);
    for (const owner of owners) {
      // Named by folder, so a key missing in one language fails with where it belongs.
      const name = `${owner.slice(srcDir.length)}/i18n`;
      expect(keysOf(join(owner, 'i18n', 'en.json')), `${name}/en.json against nb.json`).toEqual(keysOf(join(owner, 'i18n', 'nb.json')));
    }
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

  it("split into the signed-out screens' part, the app's and the back office's without losing or doubling a section", () => {
    for (const [language, messages] of [['nb', nb], ['en', en]] as const) {
      const parts = CATALOGUE_PARTS.map((part) => Object.keys(cataloguePart(messages, part)));
      expect(parts.flat().sort(), language).toEqual(Object.keys(messages).sort());
      expect(new Set(parts.flat()).size, language).toBe(parts.flat().length);
      expect(parts[0], language).toContain('login');
      expect(parts[1], language).toContain('calendar');
    }
    // en.json has no ra section of its own (react-admin's English package is it); every other one is in both.
    expect(BACK_OFFICE_SECTIONS.filter((section) => !(section in nb))).toEqual([]);
    expect(START_SECTIONS.filter((section) => !(section in nb) || !(section in en))).toEqual([]);
  });

  it("give the signed-out screens every text they ask for in the part loaded at startup", () => {
    // What renders before the signed-in shell (app/Layout.tsx, which loads the app's part): the entry, the app's
    // frame and fallbacks, the login, reset and maintenance screens, and the shared pieces they use. A signed-out
    // page that loads the app's part itself before it draws (the invitation page) reads from that part.
    const loadsAppPart = (file: string) => /^await addCataloguePart\('app'\)/m.test(readFileSync(file, 'utf8'));
    const signedOut = [join(srcDir, 'main.tsx'), ...['app', 'shared', 'api', 'features/auth', 'features/maintenance'].flatMap((dir) => sourceFiles(join(srcDir, dir)))]
      .filter((file) => !/[\\/]app[\\/](Layout|navigation)\.tsx?$/.test(file) && !loadsAppPart(file));
    expect(signedOut.length).toBeGreaterThan(20);
    const outside = signedOut.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*['`]([A-Za-z0-9_]+)\./g)]
        .filter((match) => partOfSection(match[1]) !== 'start')
        .map((match) => `${file.slice(srcDir.length)}: ${match[1]}`),
    );
    expect(outside).toEqual([]);
  });

  it('have no empty texts', () => {
    for (const messages of [nb, en]) {
      // ra.boolean.null is blank on purpose: react-admin shows nothing for an unset boolean.
      const empty = flatKeys(messages).filter((key) => key !== 'ra.boolean.null' && !textAt(messages, key).trim());
      expect(empty).toEqual([]);
    }
  });

  it('hold, in both languages, every literal key the source asks for', () => {
    const english: Messages = { ...englishRa, ...en };
    // A key is there as itself, as i18next plurals (key_one, key_other), or as a section a screen prefixes its own
    // keys with (const KEYS = 'resources.users.createEvent').
    const knownIn = (messages: Messages) => {
      const keys = flatKeys(messages);
      const sections = keys.flatMap((key) => key.split('.').slice(1).map((_, i, parts) => key.split('.').slice(0, parts.length - i).join('.')));
      return new Set([...keys, ...keys.map((key) => key.replace(/_(one|other)$/, '')), ...sections]);
    };
    const known = { nb: knownIn(nb), en: knownIn(english) };
    const adminDir = join(srcDir, 'admin');
    const asked: { file: string; key: string }[] = [];
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, 'utf8');
      const ask = (key: string) => asked.push({ file: file.slice(srcDir.length), key });
      if (!file.startsWith(adminDir)) {
        for (const match of text.matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)) ask(match[1]);
        // Keys passed around as data ('validation.emailRequired', labelKey: 'nav.calendar', …).
        for (const match of text.matchAll(/'((?:validation|nav|reset|settings\.password)\.[A-Za-z0-9_.]+)'/g)) ask(match[1]);
        continue;
      }
      // The back office asks react-admin's translate, names keys as labels ('resources.users.fields.name'), and
      // some screens scope a `t` to a prefix: `const t = (key…) => translate(`resources.ical.link.${key}`…)`.
      for (const match of text.matchAll(/'((?:resources|admin|ra)\.[A-Za-z0-9_.-]*[A-Za-z0-9_])'/g)) ask(match[1]);
      const scope = /const t = \(key: string[^)]*\) => translate\(`([A-Za-z0-9_.-]+\.)\$\{key\}`/.exec(text)?.[1];
      if (scope) for (const match of text.matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)) ask(`${scope}${match[1]}`);
    }
    expect(asked.length).toBeGreaterThan(300);
    for (const language of ['nb', 'en'] as const) {
      const missing = asked.filter(({ key }) => !known[language].has(key)).map(({ file, key }) => `${file}: ${key}`);
      expect(missing, language).toEqual([]);
    }
  });

  it('say every field rule the server names (fieldErrors.<code>, backend common/validation.pipe.ts), in both languages', () => {
    const pipe = readFileSync(fileURLToPath(new URL('../../../backend/src/common/validation.pipe.ts', import.meta.url)), 'utf8');
    const codes = new Set([...pipe.matchAll(/\['[A-Za-z0-9]*', '([a-z_]+)'\]/g)].map((match) => match[1]));
    expect(codes.size).toBeGreaterThan(10);
    for (const [language, messages] of [['nb', nb], ['en', en]] as const) {
      const keys = new Set(flatKeys(messages));
      expect([...codes, 'named'].filter((code) => !keys.has(`fieldErrors.${code}`)), language).toEqual([]);
    }
  });

  it('name every message code the server sends (errors.<code>), in both languages', () => {
    const backendSrc = fileURLToPath(new URL('../../../backend/src', import.meta.url));
    const codes = new Set<string>();
    for (const file of sourceFiles(backendSrc).filter((f) => !f.endsWith('.spec.ts'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bcoded\(\s*'([A-Za-z0-9_.]+)'/g)) codes.add(match[1]);
      for (const match of text.matchAll(/\bcode: '([A-Za-z0-9_.]+)'/g)) codes.add(match[1]);
      // Why a feed's event was rejected, named where the parser rejects it (a sync warning's `reason`).
      for (const match of text.matchAll(/'(feed\.event\.[A-Za-z]+)'/g)) codes.add(match[1]);
      // The codes the error filter gives plain HTTP errors by status.
      for (const match of text.matchAll(/^\s+\d{3}: '([a-z_]+)',$/gm)) codes.add(match[1]);
    }
    // 'validation' carries the failing field's own message (docs/api.md#errors), shown as the server wrote it.
    codes.delete('validation');
    expect(codes.size).toBeGreaterThan(30);
    for (const [language, messages] of [['nb', nb], ['en', en]] as const) {
      const keys = new Set(flatKeys(messages));
      expect([...codes].filter((code) => !keys.has(`errors.${code}`)), language).toEqual([]);
    }
  });
});
