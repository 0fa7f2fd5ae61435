/**
 * Browser-storage clearing.
 *
 * The original product cleared local and session storage at startup, except keys about the session (connect.sid, auth-token,
 * user-session). This app narrows that (docs/product/app.md#startup-and-errors): the visitor's preferences (language, device view, theme) survive too,
 * and the clearing happens once per deployed build instead of on every load.
 */
import { LANGUAGE_KEY } from '../i18n/languageKey';
import { DEVICE_PREFERENCE_KEY, FIRST_USE_DISMISSED_KEY, RELOADED_FROM_BUILD_KEY, SOUND_MUTED_KEY, THEME_KEY } from './preferenceKeys';

/** Where the build that last cleared storage is remembered. */
export const BUILD_VERSION_KEY = 'appBuildVersion';

const SESSION_MARKERS = ['connect.sid', 'auth-token', 'user-session'];
const PREFERENCE_KEYS = [LANGUAGE_KEY, DEVICE_PREFERENCE_KEY, THEME_KEY, SOUND_MUTED_KEY, FIRST_USE_DISMISSED_KEY];

export function isKeptKey(key: string): boolean {
  if (key === BUILD_VERSION_KEY || key === RELOADED_FROM_BUILD_KEY) return true;
  if (PREFERENCE_KEYS.includes(key) || key.startsWith(`${THEME_KEY}-`)) return true;
  return SESSION_MARKERS.some((marker) => key.includes(marker));
}

/** Removes every key of the storage that isKeptKey does not keep. */
export function clearStorage(storage: Storage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  for (const key of keys) if (!isKeptKey(key)) storage.removeItem(key);
}

/**
 * Clears local and session storage when `version` differs from the build recorded in local storage, then records
 * it. Returns whether it cleared. Storage that throws (private mode, disabled) is left alone.
 */
export function clearStorageOncePerVersion(version: string, local: Storage, session: Storage): boolean {
  try {
    if (local.getItem(BUILD_VERSION_KEY) === version) return false;
    clearStorage(local);
    clearStorage(session);
    local.setItem(BUILD_VERSION_KEY, version);
    return true;
  } catch (error) {
    console.warn('Startup storage clearing skipped', error);
    return false;
  }
}

/**
 * What the "clear cache" buttons do: storage (preferences kept), the cookies script can reach, the Cache
 * Storage the service worker fills, and the service worker itself (the reload registers a fresh one). The session cookie is httpOnly and stays; logging out ends it.
 */
export async function clearBrowserData(): Promise<void> {
  clearStorage(localStorage);
  clearStorage(sessionStorage);
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  if ('caches' in window) {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
  await unregisterServiceWorkers();
}

/** Unregisters every service worker of this origin: part of 'clear cache', so the reload fetches a fresh app. */
async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
}
