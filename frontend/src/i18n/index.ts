/**
 * i18next set-up. Norwegian (nb) is the default; localStorage 'language' === 'en' selects English (docs/product/app.md#languages).
 * Only the active language's texts are downloaded, and only the parts in use (catalogueParts.ts): the signed-out
 * screens' at startup (`i18nReady`, awaited before the first render), the signed-in app's and the back office's
 * when their chunks ask for them. A language switch loads the new language's parts first, so no screen ever shows a
 * raw key.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_KEY } from './languageKey';
import type { CataloguePart } from './catalogueParts';

export type Language = 'nb' | 'en';
type Messages = Record<string, unknown>;

/** Explicit imports, one per file, so the bundler emits one small chunk per language and part. */
const LOADERS: Record<Language, Record<CataloguePart, () => Promise<{ default: Messages }>>> = {
  nb: {
    start: () => import('virtual:catalogue/nb/start'),
    app: () => import('virtual:catalogue/nb/app'),
    'back-office': () => import('virtual:catalogue/nb/back-office'),
    later: () => import('virtual:catalogue/nb/later'),
  },
  en: {
    start: () => import('virtual:catalogue/en/start'),
    app: () => import('virtual:catalogue/en/app'),
    'back-office': () => import('virtual:catalogue/en/back-office'),
    later: () => import('virtual:catalogue/en/later'),
  },
};

const partsInUse = new Set<CataloguePart>(['start']);
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

function loadPart(language: Language, part: CataloguePart): Promise<void> {
  const key = `${language}/${part}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = LOADERS[language][part]().then(({ default: messages }) => {
      i18n.addResourceBundle(language, 'translation', messages, true, true);
      loaded.add(key);
    });
    // A failed download (offline) may be tried again by the next switch.
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

/** Loads every part in use for a language. */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([...partsInUse].map((part) => loadPart(language, part)));
}

/**
 * Switches to a language once its texts are in. When they already are, the switch happens before this returns
 * its promise (no render in between shows the old language beside the new).
 */
export async function switchLanguage(language: Language): Promise<void> {
  if (![...partsInUse].every((part) => loaded.has(`${language}/${part}`))) await loadLanguage(language);
  await i18n.changeLanguage(language);
}

/** Adds a part (the signed-in app's, the back office's, the later one) for the current language and every later switch. */
export async function addCataloguePart(part: CataloguePart): Promise<void> {
  partsInUse.add(part);
  await loadLanguage(languageFromStorage(i18n.language));
}

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

export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage disabled: the choice holds for this page only.
  }
  await switchLanguage(language);
}

i18n.on('languageChanged', (language) => {
  // No document when the login page is prerendered at build time.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

const initialLanguage = storedLanguage();

void i18n.use(initReactI18next).init({
  resources: {},
  // Resources arrive through addResourceBundle: i18next must not treat the empty start as 'no texts at all'.
  partialBundledLanguages: true,
  lng: initialLanguage,
  fallbackLng: false,
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** Resolves once the start language's texts of the signed-out screens are in; main.tsx renders after it. */
export const i18nReady: Promise<void> = loadLanguage(initialLanguage);

export default i18n;
