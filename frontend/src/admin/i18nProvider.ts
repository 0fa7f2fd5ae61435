/**
 * The back office's i18nProvider: react-admin translating through the app's own i18next instance and catalogue
 * (i18n/nb.json, en.json), so both halves speak one language from one set of texts, and a language chosen in the
 * back office is the app's choice too (localStorage 'language'). The app starts with its own sections only
 * (i18n/index.ts); this chunk adds the back office's. react-admin's own English messages come from
 * ra-language-english; the Norwegian ones are in nb.json and lie over the English, so a key added by a later
 * react-admin release shows in English rather than as a raw key.
 */
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import type { I18nProvider } from 'react-admin';
import i18n, { languageFromStorage, setLanguage, type Language } from '../i18n';
// Read as text: a module of its own, so these bytes land in this chunk and not in the startup bundle.
import enCatalogue from '../i18n/en.json?raw';
import nbCatalogue from '../i18n/nb.json?raw';
import { BACK_OFFICE_SECTIONS } from '../i18n/sections';
import { LANGUAGE_KEY } from '../shared/preferenceKeys';

function backOfficeSections(catalogue: string): Record<string, unknown> {
  const all = JSON.parse(catalogue) as Record<string, unknown>;
  return Object.fromEntries(BACK_OFFICE_SECTIONS.filter((key) => key in all).map((key) => [key, all[key]]));
}

i18n.addResourceBundle('nb', 'translation', backOfficeSections(nbCatalogue), true, true);
i18n.addResourceBundle('en', 'translation', backOfficeSections(enCatalogue), true, true);
// Deep merge without overwriting: what the catalogue says wins, English fills the gaps.
const englishRa = convertRaTranslationsToI18next(englishMessages);
i18n.addResourceBundle('en', 'translation', englishRa, true, false);
i18n.addResourceBundle('nb', 'translation', englishRa, true, false);

export function storedLocale(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Language {
  try {
    return languageFromStorage(storage?.getItem(LANGUAGE_KEY) ?? null);
  } catch {
    return 'nb'; // storage blocked (private mode, sandboxed iframe)
  }
}

export function createI18nProvider(initial: Language = storedLocale()): I18nProvider {
  if (i18n.language !== initial) void i18n.changeLanguage(initial);
  return {
    // react-admin speaks polyglot's options: `_` is the default text and `smart_count` picks the plural form.
    translate: (key, options = {}) => {
      const { _: defaultValue, ...rest } = options;
      return String(i18n.t(key, { defaultValue, count: options.smart_count, ...rest }));
    },
    changeLocale: async (locale) => setLanguage(locale === 'en' ? 'en' : 'nb'),
    getLocale: () => i18n.language,
    getLocales: () => [
      { locale: 'nb', name: 'Norsk' },
      { locale: 'en', name: 'English' },
    ],
  };
}
