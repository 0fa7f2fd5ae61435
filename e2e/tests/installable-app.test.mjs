/**
 * The built app is installable (a web manifest with icons) and registers /sw.js, which keeps the
 * app shell and assets but no API answer; offline, a browser that keeps no signed-in user still opens the app and
 * says 'Ingen tilkobling', and comes back when the network does. (Signed in, a reload offline draws the last known
 * calendar instead: offline-calendar.test.mjs.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { DESKTOP, useApp, WITH_SERVICE_WORKER } from '../lib/browser.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn, logOut } from '../lib/ui.mjs';

describe('Installable app', () => {
  const app = useApp();

  it('registers /sw.js, caches no API answer, and opens offline, signed out, to a clear no-connection state (nb desktop)', () =>
    app.run('installable-app', { ...DESKTOP, ...WITH_SERVICE_WORKER }, async ({ page, context, shot }) => {
      const owner = await createUser(app.url, { email: 'pwa@example.com', name: 'Per Pwa', password: 'pwa-secret-1' });
      await logIn(page, owner);
      await homeHeading(page).waitFor();

      const manifest = await (await page.request.get('/manifest.webmanifest')).json();
      assert.equal(manifest.name, 'Eierportal');
      assert.equal(manifest.display, 'standalone');
      assert.deepEqual(manifest.icons.map((icon) => icon.sizes).sort(), ['192x192', '512x512', '512x512']);
      for (const icon of manifest.icons) assert.equal((await page.request.get(icon.src)).status(), 200, icon.src);

      // Registered after load; active once its precache is in.
      const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
      assert.equal(new URL(scriptUrl).pathname, '/sw.js');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

      const cached = await page.evaluate(async () => {
        const urls = [];
        for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
        return urls;
      });
      assert.ok(cached.some((path) => path.startsWith('/assets/')), 'the built assets are precached');
      assert.ok(cached.includes('/index.html'), 'the app shell is precached');
      assert.deepEqual(cached.filter((path) => path.startsWith('/api/')), [], 'no API answer is kept');

      // Signing out forgets the kept user, so offline there is nothing to draw but the no-connection screen.
      await logOut(page);
      await context.setOffline(true);
      await page.goto('/');
      await page.getByRole('heading', { name: main.nb.fallback.offlineTitle, exact: true }).waitFor();
      await shot('offline');

      // Trying again while still offline keeps the screen; the browser's 'online' event brings the page back.
      await page.getByRole('button', { name: main.nb.startup.tryAgain, exact: true }).click();
      await page.getByRole('heading', { name: main.nb.fallback.offlineTitle, exact: true }).waitFor();
      // Back online the session is asked again: signed out, the login page.
      await context.setOffline(false);
      await page.getByRole('form', { name: main.nb.login.formLabel }).waitFor();
      await shot('back-online');
    }));
});
