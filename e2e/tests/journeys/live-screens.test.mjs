/**
 * Journeys: what happened shows on the screen it concerns at once, without a reload (docs/product/notifications.md
 * "Live screens").
 * (a) A Beds24 booking arrives while the owner has the calendar open at its month: the booking is drawn within 2 s
 *     of the pull, and the page was not reloaded.
 * (b) An admin registers a payout in the back office while the owner has their payouts page open: the month fills in
 *     and the bell rises without a reload, and the notification opens /payouts?year=&payout= with the row marked.
 * Each on a phone and a desktop.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { adminConfiguresBeds24, adminSyncsBeds24, createUser } from '../../lib/api.mjs';
import { beds24Booking, startBeds24Server } from '../../lib/beds24-server.mjs';
import { DESKTOP, PHONE, useApp } from '../../lib/browser.mjs';
import { addDays, chooseDesktopView, dayInMonthsAhead, inOslo, isoDate } from '../../lib/calendar.mjs';
import { ADMIN } from '../../lib/server.mjs';
import { watchSocket } from '../../lib/socket.mjs';
import { admin, main, notificationTexts } from '../../lib/texts.mjs';
import { homeHeading, logIn } from '../../lib/ui.mjs';

const nb = main.nb;

/** The bell as a screen reader names it: 'Varsler, 1 uleste'. */
const bell = (page, count) => page.getByRole('button', { name: nb.notifications.bellLabel.replace('{{count}}', String(count)), exact: true });

/** Logs the owner in (Desktop view chosen on a desktop), opens `path` and waits for the socket; marks the document. */
async function ownerReady(page, owner, { phone, path, ready }) {
  const socket = watchSocket(page);
  await page.goto('/auth');
  if (!phone) await chooseDesktopView(page);
  await logIn(page, owner);
  await homeHeading(page).waitFor();
  await page.goto(path);
  await ready();
  await bell(page, 0).waitFor();
  await socket.untilAuthenticated();
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
}

const sameDocument = async (page) => assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page was not reloaded');

// Started before the app, which is told its address at boot.
const beds24 = await startBeds24Server();

describe('Journeys: live screens', () => {
  after(() => beds24.stop());
  const app = useApp({ env: { BEDS24_API_URL: beds24.url, ALLOW_PRIVATE_FEED_HOSTS: 'true' } });

  const bookingDrawn = (slug, device, { email, name, guest, bookingId, propertyId }) =>
    app.run(slug, inOslo(device), async ({ page, shot }) => {
      const phone = device === PHONE;
      const owner = await createUser(app.url, { email, name, password: 'owner-secret-1' });
      // The first sync of a configuration is not news; the booking that arrives after it is.
      await adminConfiguresBeds24(app.url, owner.id, { apiKey: beds24.inviteCode(), propId: propertyId });
      await adminSyncsBeds24(app.url, owner.id);

      const arrival = dayInMonthsAhead(2, 9);
      const cell = page.locator(`[role="cell"][data-date="${isoDate(arrival)}"]`);
      // The calendar open at the month the booking will land in.
      await ownerReady(page, owner, { phone, path: `/?date=${isoDate(arrival)}`, ready: () => cell.first().waitFor() });
      await shot('calendar-open-empty');

      beds24.bookings.push(beds24Booking(bookingId, { arrival: isoDate(arrival), departure: isoDate(addDays(arrival, 3)), firstName: guest, propertyId }));
      const outcome = await adminSyncsBeds24(app.url, owner.id);
      const pulled = Date.now();
      assert.equal(outcome.eventsCreated, 1, 'the sync stored the new booking');

      const title = `Airbnb: ${guest}`;
      // A phone cuts the bar's title to its first six characters.
      const bar = cell.getByRole('button', { name: phone ? `${title.slice(0, 6)}…` : title, exact: true });
      await bar.waitFor({ timeout: 10_000 });
      const took = Date.now() - pulled;
      await sameDocument(page);
      await shot('booking-drawn');
      assert.ok(took <= 2000, `the booking was drawn ${took} ms after the pull (at most 2000 ms)`);
      await bell(page, 1).waitFor();
    });

  it('(a) a Beds24 booking is drawn on an owner\'s open calendar on a phone within 2 s of the pull', () =>
    bookingDrawn('journey-live-booking-phone', PHONE, { email: 'live.phone@example.com', name: 'Liv Telefon', guest: 'Marte', bookingId: 4001, propertyId: 2001 }));

  it('(a) the same on a desktop', () =>
    bookingDrawn('journey-live-booking-desktop', DESKTOP, { email: 'live.desktop@example.com', name: 'Leif Skrivebord', guest: 'Henrik', bookingId: 4002, propertyId: 2002 }));

  const payoutArrives = (slug, adminDevice, ownerDevice, { email, name, notes }) =>
    app.run(slug, inOslo(adminDevice), async ({ page, shot, openPerson }) => {
      const res = admin.nb.resources.payouts;
      const owner = await createUser(app.url, { email, name, password: 'owner-secret-1' });
      const month = new Date().getMonth() + 1;
      const year = new Date().getFullYear();

      const ownerSide = await openPerson(inOslo(ownerDevice), 'owner');
      const monthCell = ownerSide.page.locator(`[data-month="${month}"]`);
      await ownerReady(ownerSide.page, owner, {
        phone: ownerDevice === PHONE,
        path: '/payouts',
        ready: () => ownerSide.page.getByRole('heading', { name: nb.payouts.title, exact: true }).waitFor(),
      });
      await monthCell.waitFor();
      assert.doesNotMatch(await monthCell.innerText(), new RegExp(notes));
      await ownerSide.shot('payouts-open-empty');

      await page.goto('/auth');
      if (adminDevice !== PHONE) await chooseDesktopView(page);
      await logIn(page, ADMIN);
      await page.goto('/admin/payouts/create');
      await page.getByRole('combobox', { name: new RegExp(`^${res.fields.userId}`) }).click();
      await page.getByRole('option', { name: `${owner.name} (${owner.email})` }).click();
      await page.getByLabel(new RegExp(`^${res.fields.amount}`)).fill('8 400,00');
      await page.getByLabel(new RegExp(`^${res.fields.notes}`)).fill(notes);
      await shot('register-form');
      await page.getByRole('button', { name: res.register }).click();
      await page.waitForURL('**/admin/payouts');
      await shot('registered');

      // The owner's open page fills in, and the bell rises, without a reload.
      await monthCell.filter({ hasText: notes }).waitFor({ timeout: 15_000 });
      await bell(ownerSide.page, 1).waitFor({ timeout: 15_000 });
      await sameDocument(ownerSide.page);
      await ownerSide.shot('payout-arrived');

      await bell(ownerSide.page, 1).click();
      const notification = ownerSide.page.getByRole('button', { name: new RegExp(`^${notificationTexts.nb.payout_registered.title}`) });
      await notification.click();
      await ownerSide.page.waitForURL((url) => url.pathname === '/payouts' && url.searchParams.get('year') === String(year) && /^\d+$/.test(url.searchParams.get('payout') ?? ''));
      const payoutId = new URL(ownerSide.page.url()).searchParams.get('payout');
      const row = ownerSide.page.locator(`tr[data-payout="${payoutId}"]`);
      await row.waitFor();
      await ownerSide.page.locator(`tr[data-payout="${payoutId}"].Mui-selected`).waitFor({ timeout: 5_000 }).catch(() => assert.fail('the payout is marked'));
      await ownerSide.shot('payout-marked');
    });

  it('(b) a payout registered by a desktop admin reaches the owner\'s open payouts page on a phone', () =>
    payoutArrives('journey-live-payout-owner-phone', DESKTOP, PHONE, { email: 'utbetaling.telefon@example.com', name: 'Una Telefon', notes: 'Vinterleie' }));

  it('(b) the same with the owner on a desktop', () =>
    payoutArrives('journey-live-payout-owner-desktop', DESKTOP, DESKTOP, { email: 'utbetaling.desktop@example.com', name: 'Ulf Skrivebord', notes: 'Vårleie' }));
});
