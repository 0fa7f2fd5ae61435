/**
 * Live notifications. A user's calendar is open; an admin puts an event in that calendar (through the
 * API, in the admin's own session); the user's bell count rises without a reload, carried by the /ws push, and the
 * notification's sound is fetched from the app. On a desktop in Norwegian and on a 390 × 844 phone in English.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminAddsEvent, createUser } from '../lib/api.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { addDays, chooseDesktopView, dayInMonthsAhead, inOslo } from '../lib/calendar.mjs';
import { main, notificationTexts } from '../lib/texts.mjs';
import { watchSocket, until } from '../lib/socket.mjs';
import { homeHeading, logIn, switchLanguage } from '../lib/ui.mjs';

/** The bell as a screen reader names it: 'Varsler, 1 uleste' / 'Notifications, 1 unread' (no parentheses: axe leaves out what is in them when it checks the visible count is in the name). */
const bell = (page, lang, count) => page.getByRole('button', { name: main[lang].notifications.bellLabel.replace('{{count}}', String(count)), exact: true });

/** Opens the user's calendar, waits for its socket, lets the admin add an event, and sees the bell rise. */
async function bellRisesWithoutReload({ app, page, shot, lang, account }) {
  const socket = watchSocket(page);
  const { frames } = socket;
  await logIn(page, account, lang);
  await homeHeading(page, lang).waitFor();
  await bell(page, lang, 0).waitFor();
  // The socket is open and has said who it is; from here on a notification is pushed, not fetched at load.
  await socket.untilAuthenticated();
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  await shot('calendar-open-bell-empty');

  // The push plays event_created's sound, a file the app serves.
  const sound = page.waitForResponse((r) => new URL(r.url()).pathname === '/sounds/calendar-add.wav');
  const from = dayInMonthsAhead(1, 10);
  await adminAddsEvent(app.url, account.id, { title: 'Vinduvask', startTime: from.toISOString(), endTime: addDays(from, 1).toISOString() });

  await bell(page, lang, 1).waitFor();
  await until(() => frames.received.some((f) => JSON.parse(f).type === 'notification'), 'the pushed notification');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page was not reloaded');
  const soundFile = await sound;
  assert.ok([200, 206].includes(soundFile.status()), `the sound file is served (${soundFile.status()})`);
  await shot('bell-count-risen');

  await bell(page, lang, 1).click();
  await page.getByText(notificationTexts[lang].event_created.title, { exact: true }).waitFor();
  await shot('popover');
}

describe('Notifications', () => {
  const app = useApp();

  it('a Norwegian desktop user\'s bell rises when an admin adds an event to their calendar', () =>
    app.run('notifications-desktop-nb', inOslo(DESKTOP), async ({ page, shot }) => {
      const kari = await createUser(app.url, { email: 'kari@example.com', name: 'Kari Nordmann', password: 'kari-secret-1' });
      await page.goto('/auth');
      await chooseDesktopView(page);
      await bellRisesWithoutReload({ app, page, shot, lang: 'nb', account: kari });
    }));

  it('an English phone user\'s header bell rises the same way', () =>
    app.run('notifications-phone-en', inOslo(PHONE), async ({ page, shot }) => {
      const per = await createUser(app.url, { email: 'per@example.com', name: 'Per Hansen', password: 'per-secret-1' });
      await page.goto('/auth');
      await switchLanguage(page, 'en');
      await bellRisesWithoutReload({ app, page, shot, lang: 'en', account: per });
    }));
});
