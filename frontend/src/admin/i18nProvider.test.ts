/** The back office translates through the app's catalogue, and its language follows localStorage 'language'. */
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { createI18nProvider, storedLocale } from './i18nProvider';

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('nb');
});

describe('language', () => {
  it("is English only when localStorage 'language' is 'en'", () => {
    expect(storedLocale({ getItem: () => 'en' })).toBe('en');
    expect(storedLocale({ getItem: () => 'nb' })).toBe('nb');
    expect(storedLocale({ getItem: () => null })).toBe('nb');
    expect(storedLocale({ getItem: () => 'de' })).toBe('nb');
  });

  it("translates the documented texts and writes a language change back to localStorage, for the app too", async () => {
    const provider = createI18nProvider('nb');
    expect(provider.translate('admin.readOnly')).toBe('Kun lesing');
    expect(provider.translate('resources.users.errors.create', { message: 'Serverfeil' })).toBe('Kunne ikke opprette bruker: Serverfeil');
    expect(provider.translate('resources.users.errors.blockTitle')).toBe('Blokkeringsfeil');
    await provider.changeLocale('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(provider.translate('admin.readOnly')).toBe('Read only');
    expect(i18n.t('nav.calendar')).toBe('Calendar');
  });
});

describe("react-admin's messages", () => {
  it('take the plural form from smart_count and fill placeholders', () => {
    const provider = createI18nProvider('nb');
    expect(provider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 10, total: 42 })).toBe('1-10 av 42');
    expect(provider.translate('resources.users.name', { smart_count: 1 })).not.toBe(provider.translate('resources.users.name', { smart_count: 2 }));
  });

  it('come from ra-language-english in English and from nb.json in Norwegian; a missing key gives its default', () => {
    const provider = createI18nProvider('en');
    expect(provider.translate('ra.action.save')).toBe('Save');
    expect(createI18nProvider('nb').translate('ra.action.save')).toBe('Lagre');
    expect(provider.translate('no.such.key', { _: 'Default text' })).toBe('Default text');
  });
});
