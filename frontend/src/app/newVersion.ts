/**
 * A deployed new version under an open tab (docs/development.md, "A new version under an open tab").
 *
 * A tab loads a lazy part (a dialog, the week view) only when first wanted. When the server has moved on to a new
 * build and no longer has the part's file, the import fails; the page then reloads once onto the new build instead of
 * showing 'Noe gikk galt'. Once per build: the build a reload left is remembered in session storage, so a part that
 * still fails after the reload (or a server that lost a file of its own build) shows the error screen, never a loop.
 */

import { RELOADED_FROM_BUILD_KEY } from '../shared/preferenceKeys';

export { RELOADED_FROM_BUILD_KEY };

/** The messages browsers give a dynamic import or a CSS preload that failed to load (Chromium, Firefox, Safari, Vite). */
const CHUNK_LOAD_FAILURE = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

let reloading = false;

/** True while a reload onto a new version is under way: the error screens then show nothing for the moment left. */
export function isReloadingForNewVersion(): boolean {
  return reloading;
}

/** Whether a missing part would reload the page now (reloadOnceForNewVersion has not used this build's reload). */
export function mayReloadForNewVersion(build: string = __APP_VERSION__, storage: Storage | null = safeSessionStorage()): boolean {
  if (reloading) return true;
  try {
    return storage !== null && storage.getItem(RELOADED_FROM_BUILD_KEY) !== build;
  } catch {
    return false;
  }
}

/**
 * Reloads the page unless this build already reloaded once for a missing part; answers whether it did. Without
 * session storage (blocked), it never reloads: the error screen's own reload button remains.
 */
export function reloadOnceForNewVersion(build: string = __APP_VERSION__, storage: Storage | null = safeSessionStorage(), reload: () => void = () => window.location.reload()): boolean {
  if (reloading) return true;
  if (!storage) return false;
  try {
    if (storage.getItem(RELOADED_FROM_BUILD_KEY) === build) return false;
    storage.setItem(RELOADED_FROM_BUILD_KEY, build);
  } catch {
    return false;
  }
  reloading = true;
  reload();
  return true;
}

/**
 * Listens for Vite's 'vite:preloadError', dispatched when a lazy import or its preloads fail, and reloads once onto
 * the new version. The failure still reaches its caller (a lazy component's boundary), which then shows nothing while
 * the page goes (isReloadingForNewVersion).
 */
export function reloadOnMissingParts(target: Window = window): void {
  target.addEventListener('vite:preloadError', () => {
    reloadOnceForNewVersion();
  });
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
