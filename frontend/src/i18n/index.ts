/**
 * i18next set-up. Norwegian (nb) is the default; localStorage 'language' === 'en' selects English (SPEC §1).
 * Both message files are bundled so the first render already has its texts.
 * The app starts with its own sections of the catalogue (sections.ts); the back office adds its own.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_KEY } from '../shared/preferenceKeys';
import { APP_SECTIONS } from './sections';

export type Language = 'nb' | 'en';


export function languageFromStorage(value: string | null): Language {
  return value === 'en' ? 'en' : 'nb';
}

function storedLanguage(): Language {
  try {
    return languageFromStorage(localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return 'nb';
  }
}

export function setLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage disabled: the choice holds for this page only.
  }
  void i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  resources: { nb: { translation: APP_SECTIONS.nb }, en: { translation: APP_SECTIONS.en } },
  lng: storedLanguage(),
  fallbackLng: 'nb',
  initAsync: false,
  interpolation: { escapeValue: false },
});

export default i18n;
