/**
 * The calendar on a phone that loses its connection (docs/architecture.md, Calendar reads): with the service worker
 * on, an owner who has read some months goes offline, moves between months and still sees the kept windows with
 * their bookings, under the note 'Du er frakoblet – viser sist kjente kalender'; back online the note goes. The
 * worker's precache holds what the calendar needs and leaves out the back office's chunks and the sounds. A full
 * reload offline draws the same kept calendar for the last signed-in user (the session cannot be checked), and back
 * online the session is checked and the note goes; logging out leaves nothing of it in the browser. axe, colour
 * contrast included, runs on the calendar with its bookings and own events.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { expectNoAxeViolations } from '../lib/axe.mjs';
import { PHONE, useApp, WITH_SERVICE_WORKER } from '../lib/browser.mjs';
import { dayInMonthsAhead, inOslo, monthTable } from '../lib/calendar.mjs';
import { dateInMonth, startFeedServer } from '../lib/feed-server.mjs';
import { frontendDist } from '../lib/paths.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn, logOut, openMobileMenu } from '../lib/ui.mjs';

const t = main.nb.calendar;
/** What the app keeps in the browser for a reload offline (frontend/src/shared/keptWindows.ts). */
const KEPT_KEYS = ['keptCalendarWindows', 'keptSignedInUser'];
const keptKeys = (page) => page.evaluate((keys) => keys.filter((key) => localStorage.getItem(key) !== null), KEPT_KEYS);
/** Two stays from the owner's booking feed, one next month and one the month after; short titles, so a phone shows them whole. */
const STAYS = [
  { uid: 'e2e-offline-1@airbnb.com', start: dateInMonth(1, 10), end: dateInMonth(1, 13), summary: 'Gjest' },
  { uid: 'e2e-offline-2@airbnb.com', start: dateInMonth(2, 10), end: dateInMonth(2, 13), summary: 'Leie' },
];
/** The owner's own event, in the month after next. */
const OWN = { title: 'Hytte', day: dateInMonth(2, 20) };

const nextMonth = (page) => page.getByRole('button', { name: t.next.replace('{{unit}}', t.step.month), exact: true }).click();
const previousMonth = (page) => page.getByRole('button', { name: t.previous.replace('{{unit}}', t.step.month), exact: true }).click();
const offlineNote = (page) => page.getByRole('alert').filter({ hasText: t.offlineKnown });
/** An event's (first) bar, a button named by its title, in the month `monthsAhead` months from now: a stay over a week's end has two. */
const barIn = (page, monthsAhead, title) => monthTable(page, dayInMonthsAhead(monthsAhead, 1)).getByRole('button', { name: title, exact: true }).first();

/** The paths the service worker's precache holds ('/index.html', '/assets/…'). */
const precached = (page) =>
  page.evaluate(async () => {
    const paths = [];
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

describe('the calendar offline on a phone', () => {
  let feed;
  before(async () => {
    feed = await startFeedServer({ events: STAYS });
  });
  after(() => feed?.stop());
  // The feed is served from 127.0.0.1, which the app refuses to fetch from unless told otherwise.
  const app = useApp({ env: { ALLOW_PRIVATE_FEED_HOSTS: 'true' } });

  it('keeps the months read, shows them offline with a note, and precaches the calendar but not the back office', () =>
    app.run('offline-calendar', { ...inOslo(PHONE), ...WITH_SERVICE_WORKER }, async ({ page, context, shot }) => {
      const owner = await createUser(app.url, { email: 'frakoblet@example.com', name: 'Fia Frakoblet', password: 'fia-secret-1' });
      await page.goto('/auth');
      await logIn(page, owner);
      await homeHeading(page).waitFor();

      // The owner's booking feed (synced) and an own event, through the API in the owner's session.
      const api = (method, url, data) => page.request.fetch(`/api${url}`, { method, data, headers: { Origin: app.url } });
      const created = await api('POST', '/ical-feeds', { name: 'Airbnb', url: feed.url });
      assert.equal(created.status(), 201, await created.text());
      assert.equal((await api('POST', `/ical-feeds/${(await created.json()).id}/sync`)).status(), 200);
      const own = await api('POST', '/events', { title: OWN.title, startTime: `${OWN.day}T09:00:00.000Z`, endTime: `${OWN.day}T13:00:00.000Z` });
      assert.equal(own.status(), 201, await own.text());

      // The worker registers after the first calendar paint and takes control once its precache is in.
      await page.reload();
      await homeHeading(page).waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });

      // The precache: the shell and every script and style the calendar loaded, no back office, no sound.
      const cached = await precached(page);
      assert.ok(cached.includes('/index.html'), 'the app shell is precached');
      const loaded = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((p) => /^\/assets\/.+\.(?:js|css)$/.test(p)),
      );
      assert.ok(loaded.length > 0);
      assert.deepEqual(loaded.filter((p) => !cached.includes(p)), [], 'what the calendar loaded is precached');
      const adminApp = readdirSync(path.join(frontendDist, 'assets')).filter((name) => /^AdminApp-.+\.js$/.test(name));
      assert.equal(adminApp.length, 1, 'the build has the back office chunk');
      assert.deepEqual(cached.filter((p) => p === `/assets/${adminApp[0]}`), [], 'the back office is not precached');
      assert.deepEqual(cached.filter((p) => p.endsWith('.wav')), [], 'no sound is precached');
      assert.ok(readdirSync(path.join(frontendDist, 'sounds')).some((name) => name.endsWith('.wav')), 'the build has sounds');

      // Online: read next month and the one after; each window is kept in the browser.
      await nextMonth(page);
      await barIn(page, 1, STAYS[0].summary).waitFor();
      await nextMonth(page);
      await barIn(page, 2, STAYS[1].summary).waitFor();
      await barIn(page, 2, OWN.title).waitFor();
      await shot('online-read-ahead');

      // A fresh page (no windows in memory, only the kept ones), then the connection goes.
      await page.reload();
      await homeHeading(page).waitFor();
      await monthTable(page, dayInMonthsAhead(0, 1)).waitFor();
      await page.waitForLoadState('networkidle');
      await context.setOffline(true);

      await nextMonth(page);
      await barIn(page, 1, STAYS[0].summary).waitFor();
      await nextMonth(page);
      await barIn(page, 2, STAYS[1].summary).waitFor();
      await barIn(page, 2, OWN.title).waitFor();
      await offlineNote(page).waitFor();
      await shot('offline-kept-month');
      await expectNoAxeViolations(page, 'the kept calendar offline (phone)');

      // Back online the window is read again and the note goes.
      await context.setOffline(false);
      await offlineNote(page).waitFor({ state: 'detached' });
      await barIn(page, 2, STAYS[1].summary).waitFor();
      // The month before, read again as it shows (a read ahead of it may have failed offline), ends without the note too.
      await previousMonth(page);
      await barIn(page, 1, STAYS[0].summary).waitFor();
      await offlineNote(page).waitFor({ state: 'detached' });
      await shot('back-online');

      // A full reload offline: the session check cannot reach the server, so the last signed-in user draws the kept
      // calendar under the note (not 'Ingen tilkobling').
      assert.deepEqual(await keptKeys(page), KEPT_KEYS);
      await context.setOffline(true);
      await page.reload();
      await homeHeading(page).waitFor();
      await monthTable(page, dayInMonthsAhead(0, 1)).waitFor();
      await offlineNote(page).waitFor();
      await nextMonth(page);
      await barIn(page, 1, STAYS[0].summary).waitFor();
      await offlineNote(page).waitFor();
      assert.equal(await page.getByRole('heading', { name: main.nb.fallback.offlineTitle }).count(), 0);
      await shot('reloaded-offline');
      await expectNoAxeViolations(page, 'the kept calendar after a reload offline (phone)');

      // Back online the session is checked again and the window read again: the note goes, the bookings stay.
      await context.setOffline(false);
      await offlineNote(page).waitFor({ state: 'detached' });
      await barIn(page, 1, STAYS[0].summary).waitFor();

      // Signing out on a shared phone leaves nothing of the calendar or of who it was in the browser.
      await openMobileMenu(page);
      await logOut(page);
      assert.deepEqual(await keptKeys(page), []);
    }));
});
