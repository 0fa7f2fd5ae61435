/**
 * The back office's i18nProvider: react-admin translating through the app's own i18next instance and catalogue
 * (i18n/gatherCatalogue.ts), so both halves speak one language from one set of texts, and a language chosen in the
 * back office is the app's choice too (localStorage 'language'). The app starts with the signed-out screens' part of
 * the catalogue (i18n/index.ts); this chunk adds the signed-in app's and the back office's, for the active language
 * only. react-admin's own English messages come from ra-language-english; the Norwegian ones are in nb.json and lie
 * over the English, so a key added by a later react-admin release shows in English rather than as a raw key.
 */
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import type { I18nProvider } from 'react-admin';
import i18n, { addCataloguePart, languageFromStorage, setLanguage, switchLanguage, type Language } from '../i18n';
import { LANGUAGE_KEY } from '../i18n/languageKey';

// The chunk finishes loading once the back office's texts are in, so its first render has them; it shows the
// signed-in app's too (a user's calendar, feeds, agreements and cases use the app's components).
await Promise.all([addCataloguePart('app'), addCataloguePart('back-office')]);
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
  if (i18n.language !== initial) void switchLanguage(initial);
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
