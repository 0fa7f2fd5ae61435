/**
 * Registers the service worker (/sw.js, built by vite-plugin-pwa; see vite.config.ts) in production builds, once the
 * first calendar has painted (shared/firstCalendarPaint.ts), so its precache never competes with the login and the first
 * calendar on a phone's line; a screen without a calendar (the back office) registers it a while after 'load'.
 * Without service workers (old browsers, some private modes, plain http on another host) the app works as before,
 * only not offline.
 *
 * A new deployment's worker waits instead of taking over under a running page; newVersionWaiting tells the page,
 * which offers to reload (NewVersionPrompt). Accepting activates the new worker, and the page reloads onto it.
 */
import { onFirstCalendarPainted } from '../shared/firstCalendarPaint';

type Listener = () => void;

let activateNewVersion: (() => Promise<void>) | null = null;
const listeners = new Set<Listener>();
let startRegistration: (() => void) | null = null;

/** How long after 'load' a screen without a calendar waits before the worker is registered. */
const WITHOUT_CALENDAR_MS = 15_000;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  let started = false;
  startRegistration = () => {
    if (started) return;
    started = true;
    // workbox-window, behind vite-plugin-pwa's registerSW, comes in its own small chunk after the first paint.
    void import('virtual:pwa-register')
      .then(({ registerSW }) => {
        const update = registerSW({
          immediate: true,
          onNeedRefresh: () => announceNewVersion(() => update(true)),
          onRegisterError: (error: unknown) => console.warn('Service worker not registered', error),
        });
      })
      .catch((error: unknown) => console.warn('Service worker not registered', error));
  };
  // The first calendar with its bookings is on screen: the worker and its precache may download now.
  onFirstCalendarPainted(() => startRegistration?.());
  const later = () => setTimeout(() => startRegistration?.(), WITHOUT_CALENDAR_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}


/** A new version's worker is installed and waiting; `activate` lets it take over. */
export function announceNewVersion(activate: () => Promise<void>): void {
  activateNewVersion = activate;
  for (const listener of listeners) listener();
}

/** Whether a new version's worker is installed and waiting for this page's consent. */
export function newVersionWaiting(): boolean {
  return activateNewVersion !== null;
}

/** Calls `listener` when a new version starts waiting; returns the unsubscribe (useSyncExternalStore's shape). */
export function onNewVersionWaiting(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Lets the waiting worker take over and reloads the page once it controls it. The reload is ours: registerSW reloads
 * only a page that had a worker when it opened, not a first visit's tab that lived on until the next deploy.
 */
export async function switchToNewVersion(): Promise<void> {
  navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  await activateNewVersion?.();
}
