/**
 * The week and day views (docs/product/calendar.md#screens), drawn by FullCalendar's time-grid plugin, which loads the first time one of them
 * is chosen: the week shows its 'Uke' column and the owner's timed event with its hour, a click on
 * an empty hour of a day opens 'Legg til hendelse' for that day, the day view shows one day, and the month comes
 * back. On a phone the week shows every second day, with a switch to the others.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminAddsEvent, createUser } from '../lib/api.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { dateField, dialog, inOslo, todayInOslo } from '../lib/calendar.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn, switchLanguage } from '../lib/ui.mjs';

/** The time grid's day lanes (the all-day row's cells carry data-date too, but hold no hours). */
const DAY_LANES = '.cal-root .cal-lane[data-date]';

/** The dates of the day lanes shown, in order. */
const shownLaneDates = (page) => page.evaluate((selector) => [...document.querySelectorAll(selector)].map((el) => el.dataset.date), DAY_LANES);

const viewButton = (page, lang, view) => page.getByRole('button', { name: main[lang].calendar.views[view], exact: true });

describe('Calendar week and day views', () => {
  const app = useApp();

  it('shows the week with its hours, opens a day from an empty hour, and the day view (nb, desktop)', () =>
    app.run('views-desktop', inOslo(DESKTOP), async ({ page, shot }) => {
      const t = main.nb.calendar;
      const owner = await createUser(app.url, { email: 'uke@example.com', name: 'Ulrik Uke', password: 'uke-secret-1' });
      // Today, 09:00-10:30 UTC: within today in Oslo whatever the season.
      const start = new Date(`${todayInOslo()}T09:00:00Z`);
      await adminAddsEvent(app.url, owner.id, { title: 'Vinduvask', startTime: start.toISOString(), endTime: new Date(start.getTime() + 90 * 60_000).toISOString() });

      await logIn(page, owner);
      await homeHeading(page).waitFor();
      // The time grid's chunk comes on the first choice of a week or day view; held back a moment here, the month
      // stays with a progress bar above it until it is in.
      let releaseTimeGrid;
      const timeGridHeld = new Promise((resolve) => (releaseTimeGrid = resolve));
      await page.route(/\/assets\/timegrid-[^/]+\.js$/, async (route) => {
        await timeGridHeld;
        await route.continue();
      });
      await viewButton(page, 'nb', 'week').click();
      const loading = page.getByRole('progressbar', { name: t.loading });
      await loading.waitFor();
      assert.ok((await page.locator('.cal-root [role="cell"][data-date]').count()) >= 3 * 28, 'the 3 months stay while the week loads');
      releaseTimeGrid();
      await page.getByText(new RegExp(`^${t.weekHeader} \\d+$`)).first().waitFor();
      await loading.waitFor({ state: 'hidden' });
      const week = await shownLaneDates(page);
      assert.equal(week.length, 7, `seven days: ${week.join(', ')}`);
      assert.ok(week.includes(todayInOslo()), 'the week holds today');
      const event = page.locator('.cal-root .cal-event-stacked', { hasText: 'Vinduvask' });
      await event.waitFor();
      assert.match(await event.locator('.cal-event-time').innerText(), /^\d{2}:\d{2}$/, 'a timed event shows its start, 24-hour');
      const [time, title] = await Promise.all([event.locator('.cal-event-time'), event.locator('.cal-event-title')].map((part) => part.boundingBox()));
      assert.ok(Math.abs(time.y - title.y) < 4, 'the start and the title share a line in a week column');
      await shot('week');

      // An empty hour on another day of the week is that day's click.
      const otherDay = week.find((date) => date !== todayInOslo());
      const lane = page.locator(`${DAY_LANES}[data-date="${otherDay}"]`);
      const box = await lane.boundingBox();
      await lane.click({ position: { x: box.width / 2, y: box.height * 0.6 } });
      const add = dialog(page, t.addEvent.heading);
      await add.waitFor();
      const from = dateField(add, t.addEvent.fromDate).locator('input');
      await from.waitFor({ state: 'attached' });
      assert.equal(await from.inputValue(), otherDay.split('-').reverse().join('.'), 'the clicked day is the first day');
      await shot('week-day-clicked');
      await page.keyboard.press('Escape');
      await add.waitFor({ state: 'hidden' });

      await viewButton(page, 'nb', 'day').click();
      await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 1, DAY_LANES);
      assert.match(await event.locator('.cal-event-time').innerText(), /^\d{2}:\d{2}\s*[–-]\s*\d{2}:\d{2}$/, 'the day view shows the span');
      await shot('day');

      await viewButton(page, 'nb', 'month').click();
      await page.waitForFunction(() => document.querySelectorAll('.cal-root [role="cell"][data-date]').length >= 3 * 28);
      assert.equal(await page.locator(DAY_LANES).count(), 0, 'no time grid left behind');
    }));

  it('shows every second day of the week on a phone, and the other half on request (en)', () =>
    app.run('views-phone', inOslo(PHONE), async ({ page, shot }) => {
      const t = main.en.calendar;
      const owner = await createUser(app.url, { email: 'week@example.com', name: 'Wendy Week', password: 'week-secret-1' });
      await page.goto('/auth');
      await switchLanguage(page, 'en');
      await logIn(page, owner, 'en');
      await homeHeading(page, 'en').waitFor();
      await viewButton(page, 'en', 'week').click();
      const halves = page.getByRole('group', { name: t.weekHalf.label, exact: true });
      await halves.waitFor();
      await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 4, DAY_LANES);
      const first = await shownLaneDates(page);
      const weekdays = (dates) => dates.map((date) => new Date(`${date}T12:00:00Z`).getUTCDay());
      assert.deepEqual(weekdays(first), [1, 3, 5, 0], `Monday, Wednesday, Friday, Sunday: ${first.join(', ')}`);
      await shot('week-first-half');

      await halves.getByRole('button', { name: new RegExp(`^${t.weekHalf.second}`) }).click();
      await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 3, DAY_LANES);
      assert.deepEqual(weekdays(await shownLaneDates(page)), [2, 4, 6], 'Tuesday, Thursday, Saturday');
      await shot('week-second-half');
    }));
});
