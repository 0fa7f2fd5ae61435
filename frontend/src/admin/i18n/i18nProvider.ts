/**
 * The back office speaks the language the main app chose: localStorage 'language' = 'en' gives English, anything
 * else Norwegian. Switching language here writes the same key, so the main app follows.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations, type I18nProvider } from 'react-admin';
import { en } from './en';
import { nb } from './nb';

export type AdminLocale = 'nb' | 'en';

export const LANGUAGE_KEY = 'language';

export function storedLocale(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): AdminLocale {
  try {
    return storage?.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'nb';
  } catch {
    return 'nb'; // storage blocked (private mode, sandboxed iframe)
  }
}

// Norwegian over English: a react-admin key we have not translated yet shows in English, never as a raw key.
const nbWithFallback = mergeTranslations(en, nb);

export const messagesFor = (locale: string) => (locale === 'en' ? en : nbWithFallback);

export function createI18nProvider(initial: AdminLocale = storedLocale()): I18nProvider {
  const provider = polyglotI18nProvider(messagesFor, initial, [
    { locale: 'nb', name: 'Norsk' },
    { locale: 'en', name: 'English' },
  ]);
  return {
    ...provider,
    changeLocale: async (locale, options) => {
      await provider.changeLocale(locale, options);
      try {
        globalThis.localStorage?.setItem(LANGUAGE_KEY, locale === 'en' ? 'en' : 'nb');
      } catch {
        // the choice still holds for this visit
      }
    },
  };
}
