/**
 * The last calendar drawn before the app's code (docs/architecture.md#calendar-snapshot): an owner's repeat visit
 * paints the calendar as it was, with its bookings, while the app's code is still held back; the app's own calendar
 * then takes its place, and logging out forgets it. A snapshot taken at another window width is not drawn.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminAddsEvent, createUser } from '../lib/api.mjs';
import { PHONE, useApp } from '../lib/browser.mjs';
import { main } from '../lib/texts.mjs';
import { holdAppCode, homeHeading, logIn, logOut, openMobileMenu } from '../lib/ui.mjs';

const DAY_MS = 86_400_000;
const t = main.nb;

const snapshot = (page) => page.locator('#calendar-snapshot');
const keptSnapshot = (page) => page.evaluate(() => localStorage.getItem('calendarSnapshot'));

describe('Calendar snapshot', () => {
  const app = useApp();

  it('paints the last calendar with its bookings before the app has run, then gives way to it (phone)', () =>
    app.run('calendar-snapshot', PHONE, async ({ page, shot }) => {
      const owner = await createUser(app.url, { email: 'bilde@example.com', name: 'Bente Bilde', password: 'bente-secret-1' });
      // A booking on this month's 10th (the calendar opens on today's month), whatever the day today is.
      const tenth = new Date();
      tenth.setDate(10);
      tenth.setHours(12, 0, 0, 0);
      await adminAddsEvent(app.url, owner.id, { title: 'Hyttetur', startTime: tenth.toISOString(), endTime: new Date(tenth.getTime() + DAY_MS).toISOString() });

      await logIn(page, owner);
      await homeHeading(page).waitFor();
      // A phone shows the bar's title cut short ('Hyttet…').
      await page.getByRole('button', { name: /^Hytte/ }).first().waitFor();
      // Kept while the browser is idle once the window is the server's answer.
      await page.waitForFunction(() => localStorage.getItem('calendarSnapshot') !== null, null, { timeout: 15_000 });

      const release = await holdAppCode(page);
      await page.goto('/', { waitUntil: 'commit' });
      await snapshot(page).getByText(/^Hytte/).first().waitFor();
      // A picture: nothing in it can be pressed or read out as if it were the app.
      assert.equal(await snapshot(page).getAttribute('inert'), '');
      assert.equal(await snapshot(page).getAttribute('aria-hidden'), 'true');
      await shot('snapshot-before-app');

      release();
      await page.getByRole('button', { name: /^Hytte/ }).first().waitFor();
      await snapshot(page).waitFor({ state: 'detached' });
      await homeHeading(page).waitFor();
      await shot('app-after-snapshot');

      await openMobileMenu(page);
      await logOut(page);
      assert.equal(await keptSnapshot(page), null, 'logout forgets the snapshot');
      await page.getByRole('heading', { name: t.login.welcome, exact: true }).waitFor();
    }));

  it('is not drawn at another window width, where its layout would be wrong', () =>
    app.run('calendar-snapshot-width', PHONE, async ({ page }) => {
      const owner = await createUser(app.url, { email: 'bredde@example.com', name: 'Brede Bredde', password: 'brede-secret-1' });
      await logIn(page, owner);
      await homeHeading(page).waitFor();
      await page.waitForFunction(() => localStorage.getItem('calendarSnapshot') !== null, null, { timeout: 15_000 });

      // The kept snapshot says it was taken at another width. (Resizing this page instead would let the app, still
      // running, keep a new one at the new width before the next visit.)
      await page.addInitScript(() => {
        if (location.pathname !== '/') return;
        const kept = JSON.parse(localStorage.getItem('calendarSnapshot') ?? 'null');
        if (kept) localStorage.setItem('calendarSnapshot', JSON.stringify({ ...kept, width: window.innerWidth + 310 }));
      });
      const release = await holdAppCode(page);
      await page.goto('/', { waitUntil: 'commit' });
      await page.locator('#root').waitFor({ state: 'attached' });
      assert.equal(await snapshot(page).count(), 0);
      release();
      await homeHeading(page).waitFor();
    }));
});
