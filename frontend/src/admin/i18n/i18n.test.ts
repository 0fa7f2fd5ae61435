/** The back office's two languages stay in step, and the language follows localStorage 'language'. */
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { createI18nProvider, storedLocale } from './i18nProvider';
import { nb } from './nb';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('messages', () => {
  it('nb and en have the same keys', () => {
    expect(keys(nb).sort()).toEqual(keys(en).sort());
  });

  it("nb translates every message of react-admin's English package", () => {
    const nbKeys = new Set(keys(nb));
    expect(keys(englishMessages).filter((key) => !nbKeys.has(key))).toEqual([]);
  });

  it('every text is a non-empty string with the same placeholders in both languages', () => {
    const at = (tree: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
    const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort();
    for (const key of keys(en)) {
      const [english, norwegian] = [at(en, key), at(nb, key)];
      expect(typeof norwegian, key).toBe('string');
      if (key !== 'ra.boolean.null') expect((norwegian as string).trim(), key).not.toBe('');
      expect(placeholders(norwegian as string), key).toEqual(placeholders(english as string));
    }
  });
});

describe('language', () => {
  it("is English only when localStorage 'language' is 'en'", () => {
    expect(storedLocale({ getItem: () => 'en' })).toBe('en');
    expect(storedLocale({ getItem: () => 'nb' })).toBe('nb');
    expect(storedLocale({ getItem: () => null })).toBe('nb');
    expect(storedLocale({ getItem: () => 'de' })).toBe('nb');
  });

  it("translates SPEC's texts and writes a language change back to localStorage", async () => {
    const i18n = createI18nProvider('nb');
    expect(i18n.translate('admin.readOnly')).toBe('Kun lesing');
    expect(i18n.translate('resources.users.errors.create', { message: 'Serverfeil' })).toBe('Kunne ikke opprette bruker: Serverfeil');
    expect(i18n.translate('resources.users.errors.blockTitle')).toBe('Blokkeringsfeil');
    await i18n.changeLocale('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(i18n.translate('admin.readOnly')).toBe('Read only');
  });
});
