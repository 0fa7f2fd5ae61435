/** The browser-storage key of the visitor's chosen language; kept when storage is cleared (shared/storage.ts). */
export const LANGUAGE_KEY = 'language';
