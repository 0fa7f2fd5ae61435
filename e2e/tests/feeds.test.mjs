/**
 * iCal feed import (docs/product/feeds.md): a user adds an Airbnb-like feed in the feed manager, the app fetches it from a local
 * server, the stays show in the calendar as pink bookings, days holding them refuse clicks and right-clicks, a
 * stay's detail names the feed, and the feed can be turned off and deleted.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { dateFieldText, waitForBackground } from '../lib/calendar.mjs';
import { dateInMonth, startFeedServer } from '../lib/feed-server.mjs';
import { main } from '../lib/texts.mjs';
import { DEVICE_PREFERENCE_KEY } from '../../frontend/src/shared/preferenceKeys.ts';
import { homeHeading, logIn, mainMenu, openMobileMenu, switchLanguage } from '../lib/ui.mjs';

const { nb, en } = main;

/** Imported (iCal) events are pink #be185d; a day holding a booking is tinted pink (#fce7f3). */
/** The colour the feed is given in the add form: its bookings are drawn in it (docs/product/feeds.md). */
const FEED_BLUE = 'rgb(14, 165, 233)';
/** 'rgb(r, g, b)' as '#rrggbb', as waitForBackground takes it. */
const hexOf = (rgb) => `#${rgb.match(/\d+/g).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;
const BOOKED_DAY_TINT = 'rgb(252, 231, 243)';

/** '{{name}}: {{count}} hendelser importert' and the like, filled in. */
const fill = (template, values) => template.replace(/{{(\w+)}}/g, (_, key) => String(values[key]));

/** Asserts that a text holds a UI text (a plain substring, whatever characters it has). */
const assertIncludes = (actual, expected) =>
  assert.ok(actual.includes(expected), `expected ${JSON.stringify(actual)} to include ${JSON.stringify(expected)}`);

/** 'YYYY-MM-DD' → 'dd.MM.yyyy', as the event detail shows dates. */
const shown = (key) => key.split('-').reverse().join('.');

/** FullCalendar's day cell for a date ('YYYY-MM-DD'); the feed's dates have exactly one cell each. */
const dayCell = (page, key) => page.locator(`[role="cell"][data-date="${key}"]`);

/**
 * The toast titled (or saying) `text`. While a dialog is open MUI marks the rest of the page aria-hidden, toasts
 * included, so they are looked for among hidden elements too (they are on screen all the same).
 */
const toast = (page, text) => page.getByRole('alert', { includeHidden: true }).filter({ hasText: text });

/**
 * Clicks, right-clicks or taps a day cell in its top row, by the day number, where no event bar lies. (A tap
 * elsewhere near a bar is moved onto the bar by Chromium's touch adjustment, as a finger's tap would be.)
 * `how` is 'click', 'right' or 'tap'.
 */
async function clickDay(page, key, how = 'click') {
  const cell = dayCell(page, key);
  const box = await cell.boundingBox();
  const position = { x: box.width / 2, y: 3 };
  if (how === 'tap') await cell.tap({ position });
  else await cell.click({ button: how === 'right' ? 'right' : 'left', position });
}

/**
 * Closes a toast with its 'Lukk'/'Close' button, so the next one need not queue behind it. Call it as soon as the
 * toast has been seen: it hides itself after five seconds, which a loaded machine can spend on one more wait.
 */
async function closeToast(shownToast, lang = 'nb') {
  await shownToast.getByRole('button', { name: main[lang].common.close, exact: true, includeHidden: true }).click();
  await shownToast.waitFor({ state: 'hidden' });
}

/** Waits for the toast titled `title`, then closes it. */
const dismissToast = (page, title) => closeToast(toast(page, title));

/** Clicks 'Lukk'/'Close' in the feed manager and waits until it is gone (the calendar behind it is inert while open). */
async function closeFeedManager(page, t) {
  const dialog = page.getByRole('dialog', { name: t.feeds.title });
  await dialog.getByRole('button', { name: t.feeds.close, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('iCal feed import', () => {
  let feed;
  before(async () => {
    feed = await startFeedServer();
  });
  after(() => feed?.stop());
  // The feed is served from 127.0.0.1, which the app refuses to fetch from unless told otherwise.
  const app = useApp({ env: { ALLOW_PRIVATE_FEED_HOSTS: 'true' } });

  it('adds a feed, shows its stays as bookings that refuse clicks, then turns it off and deletes it', () =>
    app.run('feed-import', DESKTOP, async ({ page, shot }) => {
      // Chromium's full-page screenshots now and then report a 1×1 window for a moment, which would switch the
      // 'auto' device view to the phone layout and back and redraw the calendar under the test. The 'Desktop'
      // choice (the login page's device switch) keeps this test on the desktop layout throughout.
      await page.addInitScript((key) => localStorage.setItem(key, 'desktop'), DEVICE_PREFERENCE_KEY);
      const kari = await createUser(app.url, { email: 'kari.feed@example.com', name: 'Kari Utleier', password: 'kari-secret-1' });
      const name = 'Airbnb Fjellhytta';
      const [stay1, stay2, block] = feed.events;
      const bookedDay = dateInMonth(1, 16); // a night of the first stay, under its bar but not its first day
      const freeDay = dateInMonth(1, 21);
      const importedText = fill(nb.feeds.sync.count, { name, count: feed.events.length });

      await logIn(page, kari);
      await homeHeading(page).waitFor();
      await mainMenu(page).getByRole('button', { name: nb.feeds.navLabel }).click();
      const manager = page.getByRole('dialog', { name: nb.feeds.title });
      await manager.getByText(nb.feeds.empty).waitFor();
      await shot('feed-manager-empty');

      // The add form: name, iCal address, colour (purple by default) and 'Aktiv' (on by default).
      const form = manager.getByRole('form', { name: nb.feeds.add.title });
      await form.getByLabel(nb.feeds.add.name).fill(name);
      await form.getByLabel(nb.feeds.add.url).fill(feed.url);
      assert.ok(await form.getByRole('radio', { name: nb.feeds.colors.purple }).isChecked(), 'purple is the default colour');
      await form.getByRole('radio', { name: nb.feeds.colors.blue }).check();
      assert.ok(await form.getByLabel(nb.feeds.add.enabled, { exact: true }).isChecked(), 'a new feed is enabled by default');
      await shot('add-form-filled');
      await form.getByRole('button', { name: nb.feeds.add.submit }).click();

      // A new enabled feed is synced at once: one toast says it was added and how many events came in.
      const added = toast(page, nb.feeds.added);
      await added.waitFor();
      assertIncludes(await added.innerText(), importedText);
      assert.ok(
        feed.requests.some((r) => r.method === 'GET' && feed.url.endsWith(r.path)),
        'the app fetched the feed from the local server',
      );
      const row = manager.getByRole('list', { name: nb.feeds.listLabel }).getByRole('listitem', { name });
      await row.getByText(fill(nb.feeds.eventCount, { count: feed.events.length }), { exact: true }).waitFor();
      await row.getByText(new RegExp(`^${fill(nb.feeds.lastSynced, { date: '\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}' })}$`)).waitFor();
      assert.ok(await row.getByLabel(fill(nb.feeds.toggleNamed, { name })).isChecked(), 'the feed is listed as Aktiv');
      await shot('feed-added-and-synced');
      await dismissToast(page, nb.feeds.added);

      // 'Synkroniser nå' fetches again; the feed has not changed, so the count stays the same.
      const fetchesBefore = feed.requests.length;
      await row.getByRole('button', { name: fill(nb.feeds.syncNamed, { name }) }).click();
      const synced = toast(page, importedText);
      await synced.waitFor();
      assert.ok(feed.requests.length > fetchesBefore, "'Synkroniser nå' fetched the feed again");
      await shot('synced-again');
      await closeToast(synced);
      await closeFeedManager(page, nb);

      // The stays and the block are in the calendar in the feed's colour, titled as the feed says; their days are tinted pink.
      const stay1Bar = dayCell(page, stay1.start).getByRole('button', { name: stay1.summary, exact: true });
      await stay1Bar.waitFor();
      await dayCell(page, stay2.start).getByRole('button', { name: stay2.summary, exact: true }).waitFor();
      await dayCell(page, block.start).getByRole('button', { name: block.summary, exact: true }).waitFor();
      assert.equal(await stay1Bar.evaluate((el) => getComputedStyle(el).backgroundColor), FEED_BLUE);
      // The day's tint is its cell's class, which FullCalendar may give a frame after the bars: waited for.
      await waitForBackground(dayCell(page, bookedDay), hexOf(BOOKED_DAY_TINT));
      await shot('bookings-in-calendar');

      // A click on a booked day is refused with 'Booking funnet'; no add-event dialog opens.
      await clickDay(page, bookedDay);
      const refused = toast(page, nb.calendar.bookingFound);
      await refused.waitFor();
      assertIncludes(await refused.innerText(), nb.calendar.bookingFoundText);
      // The toast and a dialog would come from the same click handler, so once the toast shows, none is coming.
      assert.equal(await page.getByRole('dialog').count(), 0, 'no add-event dialog on a booked day');
      await shot('click-on-booked-day-refused');
      await dismissToast(page, nb.calendar.bookingFound);

      // A right-click on it is refused the same way; no mark-day dialog opens.
      await clickDay(page, bookedDay, 'right');
      await refused.waitFor();
      assert.equal(await page.getByRole('dialog').count(), 0, 'no mark-day dialog on a booked day');
      await shot('right-click-on-booked-day-refused');
      await dismissToast(page, nb.calendar.bookingFound);

      // A free day still opens the add-event dialog: the refusal is the booking's doing.
      await clickDay(page, freeDay);
      const addDialog = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: nb.calendar.addEvent.heading }) });
      // The date field shows dd.MM.yyyy (docs/product/feeds.md#validation-and-limits); the days here are 'YYYY-MM-DD'.
      const fromDate = () => dateFieldText(addDialog, nb.calendar.addEvent.fromDate);
      const shownDay = (key) => key.split('-').reverse().join('.');
      assert.equal(await fromDate(), shownDay(freeDay));
      await shot('free-day-opens-add-dialog');
      await addDialog.getByRole('button', { name: nb.common.cancel, exact: true }).click();
      await addDialog.waitFor({ state: 'hidden' });

      // The stay's detail: binding, cannot be deleted, and from which feed.
      await stay1Bar.click();
      const detail = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: stay1.summary, exact: true }) });
      const lastNight = dateInMonth(1, 17); // the guest checks out on the 18th
      await detail.getByText(`${shown(stay1.start)} – ${shown(lastNight)} · ${nb.calendar.detail.allDay}`).waitFor();
      const notice = await detail.getByRole('alert').innerText();
      assertIncludes(notice, nb.calendar.detail.bindingNotice);
      assertIncludes(notice, fill(nb.calendar.detail.feedName, { name }));
      assert.equal(await detail.getByRole('button', { name: nb.calendar.detail.delete, exact: true }).count(), 0, 'no delete for a booking');
      await shot('booking-detail');
      await detail.getByRole('button', { name: nb.calendar.detail.close, exact: true }).click();
      await detail.waitFor({ state: 'hidden' });

      // Turning the feed off hides its events; turning it on shows them again.
      await mainMenu(page).getByRole('button', { name: nb.feeds.navLabel }).click();
      // The switch follows the saved state, so it is clicked and the saved state awaited (not check()/uncheck()).
      const toggle = row.getByLabel(fill(nb.feeds.toggleNamed, { name }));
      await toggle.click();
      await toast(page, nb.feeds.updated).filter({ hasText: `${name}: ${nb.feeds.disabled}` }).waitFor();
      await shot('feed-turned-off');
      await dismissToast(page, nb.feeds.updated);
      await row.getByText(nb.feeds.disabled, { exact: true }).waitFor();
      await closeFeedManager(page, nb);
      await stay1Bar.waitFor({ state: 'detached' });
      assert.equal(await page.getByRole('button', { name: stay1.summary, exact: true }).count(), 0, 'no stays from a turned-off feed');
      await shot('calendar-without-disabled-feed');

      await mainMenu(page).getByRole('button', { name: nb.feeds.navLabel }).click();
      await toggle.click();
      await toast(page, nb.feeds.updated).filter({ hasText: `${name}: ${nb.feeds.enabled}` }).waitFor();
      assert.ok(await toggle.isChecked(), 'the feed is Aktiv again');
      await dismissToast(page, nb.feeds.updated);
      await closeFeedManager(page, nb);
      await stay1Bar.waitFor();

      // Deleting asks first; once confirmed the feed and its bookings are gone and the day takes clicks again.
      await mainMenu(page).getByRole('button', { name: nb.feeds.navLabel }).click();
      await row.getByRole('button', { name: fill(nb.feeds.deleteNamed, { name }) }).click();
      const confirm = page.getByRole('dialog', { name: nb.feeds.deleteConfirm.title });
      await confirm.getByText(fill(nb.feeds.deleteConfirm.text, { name })).waitFor();
      await shot('delete-confirmation');
      await confirm.getByRole('button', { name: nb.feeds.deleteConfirm.confirm, exact: true }).click();
      await toast(page, nb.feeds.deleted).filter({ hasText: name }).waitFor();
      await shot('feed-deleted');
      await dismissToast(page, nb.feeds.deleted);
      await manager.getByText(nb.feeds.empty).waitFor();
      await closeFeedManager(page, nb);
      await stay1Bar.waitFor({ state: 'detached' });
      await clickDay(page, bookedDay);
      assert.equal(await fromDate(), shownDay(bookedDay));
      await shot('former-booked-day-takes-clicks');
    }));

  it('on the phone in English: adds a feed from the header and refuses a tap on a booked day', () =>
    app.run('feed-import-phone-en', PHONE, async ({ page, shot }) => {
      const ola = await createUser(app.url, { email: 'ola.feed@example.com', name: 'Ola Utleier', password: 'ola-secret-1' });
      const name = 'Airbnb';
      const [stay1] = feed.events;
      const bookedDay = dateInMonth(1, 16);

      await logIn(page, ola);
      // On the phone the language switch is in the menu drawer.
      await openMobileMenu(page);
      await switchLanguage(page, 'en');
      await page.keyboard.press('Escape');
      await mainMenu(page, 'en').waitFor({ state: 'hidden' });
      await homeHeading(page, 'en').waitFor();
      await page.getByRole('button', { name: en.feeds.open }).click();
      const manager = page.getByRole('dialog', { name: en.feeds.title });
      const form = manager.getByRole('form', { name: en.feeds.add.title });
      await form.getByLabel(en.feeds.add.name).fill(name);
      await form.getByLabel(en.feeds.add.url).fill(feed.url);
      await form.getByRole('button', { name: en.feeds.add.submit }).click();
      const added = toast(page, en.feeds.added);
      await added.waitFor();
      assertIncludes(await added.innerText(), fill(en.feeds.sync.count, { name, count: feed.events.length }));
      await shot('feed-added');
      await closeToast(added, 'en');
      await closeFeedManager(page, en);

      // The phone shows one month; the stays are in the next one, their titles cut to 6 letters and '…' (docs/product/feeds.md#screens).
      await page.getByRole('button', { name: fill(en.calendar.next, { unit: en.calendar.step.month }) }).click();
      await dayCell(page, stay1.start).getByRole('button', { name: `${stay1.summary.slice(0, 6)}…`, exact: true }).waitFor();
      await clickDay(page, bookedDay, 'tap');
      const refused = toast(page, en.calendar.bookingFound);
      await refused.waitFor();
      assertIncludes(await refused.innerText(), en.calendar.bookingFoundText);
      assert.equal(await page.getByRole('dialog').count(), 0, 'no add-event dialog on a booked day');
      await shot('tap-on-booked-day-refused');
    }));
});
