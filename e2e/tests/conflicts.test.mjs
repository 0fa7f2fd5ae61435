/**
 * Double bookings (docs/architecture.md "Double bookings"): an owner's own blocked time over a stay from their
 * booking feed is detected when the event is saved, and the calendar marks the shared day with a tint, a warning
 * icon and the word 'Dobbeltbooking' / 'Double booking', named in the day cell, on the desktop and on a phone; axe
 * finds nothing to fix in the marked days.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import AxeBuilder from '@axe-core/playwright';
import { assertNoViolations } from '../lib/axe.mjs';
import { inOslo } from '../lib/calendar.mjs';
import { dateInMonth, startFeedServer } from '../lib/feed-server.mjs';
import { main } from '../lib/texts.mjs';
import { logIn } from '../lib/ui.mjs';

const STAY = { start: dateInMonth(1, 15), end: dateInMonth(1, 18) };
/** The owner blocks the 16th from 11:00 to the 17th at 15:00 (Oslo): the night of the 16th is double-booked. */
const SHARED_DAY = dateInMonth(1, 16);
const LAST_DAY = dateInMonth(1, 17);

const dayCell = (page, key) => page.locator(`[role="cell"][data-date="${key}"]`);

/**
 * axe (WCAG 2.1 A/AA, colour contrast included) on what this feature adds: the double-booked day cells with their
 * sign and name, and the event bars in them (white on the booking pink and the owner's red).
 */
async function expectMarkingAxeClean(page, where) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include('[role="cell"].cal-day-conflict')
    .analyze();
  assertNoViolations(violations.map((v) => `${where}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`));
}

describe('double bookings in the calendar', () => {
  let feed;
  before(async () => {
    feed = await startFeedServer({ events: [{ uid: 'e2e-conflict@booking.com', start: STAY.start, end: STAY.end, summary: 'CLOSED - Not available' }] });
  });
  after(() => feed?.stop());
  // The feed is served from 127.0.0.1, which the app refuses to fetch from unless told otherwise.
  const app = useApp({ env: { ALLOW_PRIVATE_FEED_HOSTS: 'true' } });
  let owner;

  /** The owner's feed (synced) and their blocked time, through the API in the owner's own session. */
  async function setUp(page) {
    const api = (method, path, data) => page.request.fetch(`/api${path}`, { method, data, headers: { Origin: app.url } });
    const created = await api('POST', '/ical-feeds', { name: 'Booking.com', url: feed.url });
    assert.equal(created.status(), 201, await created.text());
    const { id } = await created.json();
    assert.equal((await api('POST', `/ical-feeds/${id}/sync`)).status(), 200);
    const event = await api('POST', '/events', { title: 'Eiersperre', startTime: `${SHARED_DAY}T09:00:00.000Z`, endTime: `${LAST_DAY}T13:00:00.000Z` });
    assert.equal(event.status(), 201, await event.text());
  }

  /** The shared day is marked (class, icon, visible word, name), and its neighbours are not. */
  async function assertMarked(page, t) {
    const cell = dayCell(page, SHARED_DAY);
    await cell.locator('.cal-conflict').waitFor();
    // The cell's class can follow its content by a frame (FullCalendar applies them apart): waited for.
    await page.locator(`[role="cell"][data-date="${SHARED_DAY}"].cal-day-conflict`).waitFor({ timeout: 5_000 });
    assert.equal(await cell.locator('.cal-conflict svg').count(), 1);
    const word = cell.locator('.cal-conflict-text');
    assert.equal((await word.textContent()).trim(), t.calendar.conflict.label);
    assert.ok(await word.isVisible());
    assert.match((await cell.getAttribute('aria-label')) ?? '', new RegExp(t.calendar.conflict.cellLabel.replace(/[()]/g, '\\$&')));
    for (const key of [STAY.start, LAST_DAY]) assert.equal(await dayCell(page, key).locator('.cal-conflict').count(), 0, `${key} is not double-booked`);
  }

  it('the owner sees the double-booked day marked on the desktop', () =>
    app.run('conflicts-desktop', inOslo(DESKTOP), async ({ page, shot }) => {
      owner = await createUser(app.url, { email: 'dobbel@example.com', name: 'Dobbel Eier', password: 'dobbel-passord' });
      await page.goto('/auth');
      await logIn(page, owner);
      await setUp(page);
      await page.goto(`/?date=${SHARED_DAY}`);
      await assertMarked(page, main.nb);
      await shot('desktop-marked');
      await expectMarkingAxeClean(page, 'calendar with a double booking (desktop)');
    }));

  it('and on a phone, in English', () =>
    app.run('conflicts-phone', inOslo(PHONE), async ({ page, shot }) => {
      await page.goto('/auth');
      await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.goto('/auth');
      await logIn(page, owner, 'en');
      await page.goto(`/?date=${SHARED_DAY}`);
      await assertMarked(page, main.en);
      await shot('phone-marked');
      await expectMarkingAxeClean(page, 'calendar with a double booking (phone)');
    }));
});
