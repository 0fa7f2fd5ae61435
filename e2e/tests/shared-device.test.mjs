/**
 * A shared device shows nobody else's calendar (docs/security.md#shared-devices): with the service worker on, an owner
 * signed in on a phone is signed out from another session ("sign out everywhere else"); a reload then shows no trace
 * of their name, e-mail or bookings, not even while the app's code is still on its way, and forgets what was kept.
 * Offline, the kept calendar stands in for at most 7 days: kept longer ago, an offline reload shows nothing of it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminAddsEvent, createUser } from '../lib/api.mjs';
import { PHONE, useApp, WITH_SERVICE_WORKER } from '../lib/browser.mjs';
import { main } from '../lib/texts.mjs';
import { holdAppCode, homeHeading, logIn } from '../lib/ui.mjs';

const DAY_MS = 86_400_000;
const KEPT_KEYS = ['calendarSnapshot', 'keptCalendarWindows', 'keptSignedInUser'];
const keptKeys = (page) => page.evaluate((keys) => keys.filter((key) => localStorage.getItem(key) !== null), KEPT_KEYS);

/** Signs the owner in as in a shell of their own and ends every other session of theirs, this browser's among them. */
async function signOutEverywhereElse(url, owner) {
  const headers = { 'Content-Type': 'application/json', Origin: url };
  const login = await fetch(`${url}/api/login`, { method: 'POST', headers, body: JSON.stringify({ username: owner.email, password: owner.password }) });
  assert.equal(login.status, 200);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  assert.equal((await fetch(`${url}/api/user/sessions`, { method: 'DELETE', headers: { ...headers, Cookie: cookie } })).ok, true);
  await fetch(`${url}/api/logout`, { method: 'POST', headers: { ...headers, Cookie: cookie } });
}

/** An owner with a booking on this month's 10th, signed in with the service worker in control and the snapshot kept. */
async function signedInWithKeptCalendar(app, page, { email, name }) {
  const owner = await createUser(app.url, { email, name, password: 'delt-secret-1' });
  const tenth = new Date();
  tenth.setDate(10);
  tenth.setHours(12, 0, 0, 0);
  await adminAddsEvent(app.url, owner.id, { title: 'Hyttetur', startTime: tenth.toISOString(), endTime: new Date(tenth.getTime() + DAY_MS).toISOString() });
  await page.goto('/auth');
  await logIn(page, owner);
  await homeHeading(page).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
  await page.getByRole('button', { name: /^Hytte/ }).first().waitFor();
  await page.waitForFunction(() => localStorage.getItem('calendarSnapshot') !== null, null, { timeout: 15_000 });
  assert.deepEqual(await keptKeys(page), KEPT_KEYS);
  return owner;
}

/** Nothing of the owner in the page as it stands. */
async function noTraceOf(page, owner) {
  const text = await page.evaluate(() => document.documentElement.outerHTML);
  assert.ok(!text.includes(owner.name), 'the name is not on the page');
  assert.ok(!text.includes(owner.email), 'the e-mail address is not on the page');
  assert.ok(!text.includes('Hyttetur'), 'the booking is not on the page');
  assert.equal(await page.locator('#calendar-snapshot').count(), 0);
}

describe('a shared device', () => {
  const app = useApp();

  it('shows nothing of an owner whose session was ended elsewhere, not even before the app has run (phone)', () =>
    app.run('shared-device-ended', { ...PHONE, ...WITH_SERVICE_WORKER }, async ({ page, shot }) => {
      const owner = await signedInWithKeptCalendar(app, page, { email: 'delt@example.com', name: 'Dina Deltenhet' });
      await signOutEverywhereElse(app.url, owner);

      const release = await holdAppCode(page);
      // From a blank page, so what is checked is the new page, not the calendar still standing.
      await page.goto('about:blank');
      await page.goto(`${app.url}/`, { waitUntil: 'commit' });
      await page.locator('#root').waitFor({ state: 'attached' });
      await noTraceOf(page, owner);
      await shot('ended-session-before-app');
      release();
      await page.getByRole('heading', { name: main.nb.login.welcome, exact: true }).waitFor();
      await noTraceOf(page, owner);
      assert.deepEqual(await keptKeys(page), [], 'what was kept is forgotten');
    }));

  it('keeps the offline stand-in for at most 7 days', () =>
    app.run('shared-device-offline-week', { ...PHONE, ...WITH_SERVICE_WORKER }, async ({ page, context }) => {
      const owner = await signedInWithKeptCalendar(app, page, { email: 'uke@example.com', name: 'Ulla Ukegammel' });
      // Kept eight days ago, as if the phone had lain unused since.
      await page.evaluate((days) => {
        const back = (key, field) => {
          const kept = JSON.parse(localStorage.getItem(key));
          localStorage.setItem(key, JSON.stringify({ ...kept, [field]: Date.now() - days * 86_400_000 }));
        };
        back('calendarSnapshot', 'savedAt');
        back('keptCalendarWindows', 'keptAt');
        back('keptSignedInUser', 'keptAt');
      }, 8);
      await context.setOffline(true);
      const release = await holdAppCode(page);
      await page.goto('about:blank');
      await page.goto(`${app.url}/`, { waitUntil: 'commit' });
      await page.locator('#root').waitFor({ state: 'attached' });
      await noTraceOf(page, owner);
      release();
      await page.getByRole('heading', { name: main.nb.fallback.offlineTitle }).waitFor();
      await noTraceOf(page, owner);
      assert.deepEqual(await keptKeys(page), [], 'what was kept is forgotten');
    }));
});
