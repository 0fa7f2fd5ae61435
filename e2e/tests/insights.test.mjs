/**
 * The owner's year ('Året', docs/product/insights.md): bookings from an Airbnb feed, an owner stay and payouts in
 * 2027 and 2026, seeded through the API; the owner opens the year from the menu on a desktop in Norwegian, reads the
 * figures and each chart's table (what a screen reader reads), shows a table instead of its chart, and on a phone in
 * English; axe finds nothing on either.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminRegistersPayout, createUser, userAddsEvent, userAddsFeed } from '../lib/api.mjs';
import { expectNoAxeViolations } from '../lib/axe.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { inOslo } from '../lib/calendar.mjs';
import { startFeedServer } from '../lib/feed-server.mjs';
import { main } from '../lib/texts.mjs';
import { logIn, mainMenu, openMobileMenu, switchLanguage } from '../lib/ui.mjs';

const { nb, en } = main;
/** Spaces of any width (Intl writes no-break spaces) as plain ones. */
const plain = (text) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
/** Two Airbnb stays in 2027: 29 January – 3 February (across the month's end: 3 nights and 2) and 10–13 March. */
const STAYS = [
  { uid: 'e2e-year-1@airbnb.com', start: '2027-01-29', end: '2027-02-03', summary: 'Reserved', description: 'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HME2EYEAR1' },
  { uid: 'e2e-year-2@airbnb.com', start: '2027-03-10', end: '2027-03-13', summary: 'Reserved', description: 'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HME2EYEAR2' },
];

describe("the owner's year", () => {
  let feed;
  before(async () => {
    feed = await startFeedServer({ events: STAYS });
  });
  after(() => feed?.stop());
  // The feed is served from 127.0.0.1, which the app refuses to fetch from unless told otherwise.
  const app = useApp({ env: { ALLOW_PRIVATE_FEED_HOSTS: 'true' } });

  it('shows the year against the year before, with each chart as a table, on a desktop and a phone', async () => {
    const owner = await createUser(app.url, { email: 'aaret@example.com', name: 'Åse Året', password: 'aaret-passord-1' });
    const sync = await userAddsFeed(app.url, owner, { name: 'Airbnb', url: feed.url });
    assert.equal(sync.syncedCount, 2, JSON.stringify(sync));
    // The owners' own stay, 1–6 August 2027 (all day, Oslo midnights): five nights not for let.
    await userAddsEvent(app.url, owner, { title: 'Sommerferie', startTime: '2027-07-31T22:00:00.000Z', endTime: '2027-08-05T22:00:00.000Z', allDay: true });
    await adminRegistersPayout(app.url, { userId: owner.id, month: 1, year: 2027, amount: '10000.10', status: 'paid' });
    await adminRegistersPayout(app.url, { userId: owner.id, month: 1, year: 2026, amount: '800.00', status: 'paid' });

    await app.run('insights-nb-desktop', inOslo(DESKTOP), async ({ page, shot }) => {
      await logIn(page, owner);
      await mainMenu(page).getByRole('link', { name: nb.nav.year }).click();
      await page.waitForURL('**/year');
      await page.getByRole('heading', { name: nb.insights.title, exact: true, level: 1 }).waitFor();
      await page.getByRole('button', { name: nb.insights.previousYear }).waitFor();
      await page.goto('/year?year=2027');
      const card = (key) => page.locator(`[data-card="${key}"]`);
      await card('payoutTotal').getByText(/10\s000,10 kr/).waitFor();
      // 8 booked nights of 360 available (365 less the owners' 5).
      assert.equal(plain(await card('occupancy').innerText()), `${nb.insights.cards.occupancy} 2,2 % av 360 ledige netter 0,0 % i 2026`);
      assert.equal(plain(await card('nightsBooked').innerText()), `${nb.insights.cards.nightsBooked} 8 0 i 2026`);
      assert.equal(plain(await card('ownerNights').innerText()), `${nb.insights.cards.ownerNights} 5 0 i 2026`);
      assert.equal(plain(await card('perNight').innerText()), `${nb.insights.cards.perNight} 1 250,01 kr – i 2026`);
      assert.ok(await page.locator('[data-chart-section="occupancy"] canvas').isVisible(), 'the occupancy chart is drawn');

      // What a screen reader reads: each chart's table, out of sight.
      const occupancy = page.getByRole('table', { name: nb.insights.charts.occupancy });
      const rows = occupancy.getByRole('row');
      assert.equal(await rows.count(), 13);
      assert.equal(plain(await rows.nth(1).textContent()), 'januar9,7 %3310');
      assert.equal(plain(await rows.nth(2).textContent()), 'februar7,1 %2280');
      assert.equal(plain(await rows.nth(8).textContent()), 'august0,0 %0265');
      assert.equal(plain(await page.getByRole('table', { name: nb.insights.charts.channels }).getByRole('row').nth(1).textContent()), 'Airbnb8100,0 %');
      const payouts = page.getByRole('table', { name: nb.insights.charts.payouts.replace('{{year}}', '2027').replace('{{previous}}', '2026') });
      assert.equal(plain(await payouts.getByRole('row').nth(1).textContent()), 'januar10 000,10 kr800,00 kr');
      await shot('year-desktop');
      await expectNoAxeViolations(page, 'the year, desktop');

      // A table shown instead of its chart, for anyone who asks.
      const section = page.locator('[data-chart-section="channels"]');
      await section.getByRole('button', { name: nb.insights.showTable }).click();
      assert.ok(await section.getByRole('table').isVisible());
      assert.ok(!(await section.locator('canvas').isVisible()));
      await shot('year-table');
    });

    await app.run('insights-en-phone', inOslo(PHONE), async ({ page, shot }) => {
      await page.goto('/auth');
      await switchLanguage(page, 'en');
      await logIn(page, owner, 'en');
      await openMobileMenu(page, 'en');
      await mainMenu(page, 'en').getByRole('link', { name: en.nav.year }).click();
      await page.waitForURL('**/year');
      await page.goto('/year?year=2027');
      await page.getByRole('heading', { name: en.insights.title, exact: true, level: 1 }).waitFor();
      await page.locator('[data-card="payoutTotal"]').getByText('NOK 10,000.10').waitFor();
      assert.equal(plain(await page.locator('[data-card="occupancy"]').innerText()), `${en.insights.cards.occupancy} 2.2% of 360 nights available 0.0% in 2026`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the page fits the phone's width (${width} px)`);
      await shot('year-phone');
      await expectNoAxeViolations(page, 'the year, phone');
    });
  });
});
