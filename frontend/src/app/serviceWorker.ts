/**
 * Registers the service worker (/sw.js, built by vite-plugin-pwa; see vite.config.ts) in production builds, after
 * the page has loaded so it never competes with the first paint. Without service workers (old browsers, some
 * private modes, plain http on another host) the app works as before, only not offline.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('Service worker not registered', error));
  });
}

/** Unregisters every service worker of this origin: part of 'clear cache', so the reload fetches a fresh app. */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
}
