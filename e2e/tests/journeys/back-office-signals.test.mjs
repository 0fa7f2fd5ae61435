/**
 * Journeys into and out of the back office's bell (docs/product/notifications.md#screens, docs/api.md "Notification
 * links"):
 * (a) Beds24 refuses an owner's key (the player answers 401): the owner's bell rises and opens the feed manager over
 *     the calendar; the admin's bell in the back office's app bar rises too and opens the connection there, in place.
 * (b) A double booking: the admin, in the back office, follows the notification out to the owner's calendar at the
 *     first shared day, with the conflict marked. (The calendar's side of `?user=` is the calendar's; this journey
 *     only checks that the link leads there.)
 * Each on a phone and a desktop, with axe checks on the screens reached.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { adminAddsEvent, adminConfiguresBeds24, adminSyncsBeds24, createUser } from '../../lib/api.mjs';
import { expectNoAxeViolations } from '../../lib/axe.mjs';
import { beds24Booking, startBeds24Server } from '../../lib/beds24-server.mjs';
import { DESKTOP, PHONE, useApp } from '../../lib/browser.mjs';
import { addDays, chooseDesktopView, dayInMonthsAhead, inOslo, isoDate } from '../../lib/calendar.mjs';
import { ADMIN } from '../../lib/server.mjs';
import { watchSocket } from '../../lib/socket.mjs';
import { main, notificationTexts } from '../../lib/texts.mjs';
import { homeHeading, logIn } from '../../lib/ui.mjs';

const nb = main.nb;
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The bell (app or back office), whatever its count; its count read from its accessible name. */
const anyBell = (page) => page.getByTestId('notification-bell');
async function unreadOf(page) {
  const label = (await anyBell(page).getAttribute('aria-label')) ?? '';
  return Number(/\d+/.exec(label)?.[0] ?? 0);
}
async function bellRisesAbove(page, before) {
  const end = Date.now() + 30_000; // a /ws push on a loaded two-core machine: generous
  while ((await unreadOf(page)) <= before) {
    if (Date.now() > end) throw new Error(`the bell stayed at ${before}`);
    await page.waitForTimeout(100);
  }
}

/** A notification in the open popover, by its title and a text of its message. */
const notification = (page, title, about) => page.getByRole('button', { name: new RegExp(`^${escape(title)}`) }).filter({ hasText: about });

async function logInTo(page, account, { phone, path = null }) {
  await page.goto('/auth');
  if (!phone) await chooseDesktopView(page);
  await logIn(page, account);
  if (path) await page.goto(path);
}

/** The back office on the users list, its bell in the app bar; marks the document so a page load would show. */
async function inBackOffice(page, phone) {
  const socket = watchSocket(page);
  await logInTo(page, ADMIN, { phone, path: '/admin/users' });
  await anyBell(page).waitFor();
  await socket.untilAuthenticated();
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  return unreadOf(page);
}

const beds24 = await startBeds24Server();

describe('Journeys: the back office bell', () => {
  after(() => beds24.stop());
  const app = useApp({ env: { BEDS24_API_URL: beds24.url, ALLOW_PRIVATE_FEED_HOSTS: 'true' } });

  const keyRefused = (slug, ownerDevice, adminDevice, { email, name, propertyId }) =>
    app.run(slug, inOslo(ownerDevice), async ({ page, shot, openPerson }) => {
      const owner = await createUser(app.url, { email, name, password: 'owner-secret-1' });
      await adminConfiguresBeds24(app.url, owner.id, { apiKey: beds24.inviteCode(), propId: propertyId });
      await adminSyncsBeds24(app.url, owner.id);

      const ownerSocket = watchSocket(page);
      await logInTo(page, owner, { phone: ownerDevice === PHONE });
      await homeHeading(page).waitFor();
      await anyBell(page).waitFor();
      await ownerSocket.untilAuthenticated();
      const ownerBefore = await unreadOf(page);

      const admin = await openPerson(inOslo(adminDevice), 'admin');
      const adminBefore = await inBackOffice(admin.page, adminDevice === PHONE);
      await admin.shot('back-office-bell');
      await expectNoAxeViolations(admin.page, 'the back office with its bell');

      // Beds24 stops accepting the key: the next sync is refused (401), and the owner and the admins are told at once.
      beds24.refuseKeys();
      await assert.rejects(adminSyncsBeds24(app.url, owner.id), /sync failed/);

      await bellRisesAbove(page, ownerBefore);
      await anyBell(page).click();
      await notification(page, notificationTexts.nb.beds24_key_refused.title, 'Beds24').click();
      // The feed manager opens over the calendar, and the address no longer asks for it.
      await page.getByRole('dialog', { name: nb.feeds.title }).waitFor();
      await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('feeds'));
      await shot('owner-feed-manager');
      await expectNoAxeViolations(page, 'the feed manager opened from a notification');

      await bellRisesAbove(admin.page, adminBefore);
      await anyBell(admin.page).click();
      await admin.shot('back-office-popover');
      await notification(admin.page, notificationTexts.nb.staff_beds24_key_refused.title, name).click();
      await admin.page.waitForURL((url) => url.pathname === `/admin/beds24/${owner.id}`);
      // The connection's page drawn (the users list, which names the owner too, gone).
      await admin.page.locator('.ra-delete-button').waitFor();
      await admin.page.getByText(name).first().waitFor();
      assert.equal(await admin.page.evaluate(() => window.__sameDocument), true, 'opened in place, without a page load');
      await admin.shot('back-office-connection');
      await expectNoAxeViolations(admin.page, 'the Beds24 connection opened from the bell');
    });

  it('(a) a refused Beds24 key reaches the owner on a phone and the admin in the back office on a desktop', () =>
    keyRefused('journey-beds24-refused-owner-phone', PHONE, DESKTOP, { email: 'randi.eier@example.com', name: 'Randi Eier', propertyId: 2001 }));

  it('(a) the same with the owner on a desktop and the admin on a phone', () =>
    keyRefused('journey-beds24-refused-owner-desktop', DESKTOP, PHONE, { email: 'per.eier@example.com', name: 'Per Eier', propertyId: 2002 }));

  const doubleBooking = (slug, device, { email, name, propertyId, bookingId }) =>
    app.run(slug, inOslo(device), async ({ page, shot }) => {
      const phone = device === PHONE;
      const owner = await createUser(app.url, { email, name, password: 'owner-secret-1' });
      const arrival = dayInMonthsAhead(1, 10);
      beds24.bookings.push(beds24Booking(bookingId, { arrival: isoDate(arrival), departure: isoDate(addDays(arrival, 3)), firstName: 'Dobbel', propertyId }));
      await adminConfiguresBeds24(app.url, owner.id, { apiKey: beds24.inviteCode(), propId: propertyId });
      await adminSyncsBeds24(app.url, owner.id);

      const before = await inBackOffice(page, phone);
      // An event over the same nights: a double booking, told to the owner and every admin.
      await adminAddsEvent(app.url, owner.id, { title: 'Eiersperre tid', startTime: `${isoDate(arrival)}T09:00:00.000Z`, endTime: `${isoDate(addDays(arrival, 1))}T13:00:00.000Z`, allDay: false });

      await bellRisesAbove(page, before);
      await anyBell(page).click();
      await notification(page, notificationTexts.nb.booking_conflict.title, name).click();
      // Out of the back office to the owner's calendar at the first shared day.
      await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('user') === String(owner.id) && url.searchParams.get('date') === isoDate(arrival));
      await homeHeading(page).waitFor();
      await page.getByText(nb.calendar.admin.viewing.replace('{{name}}', name)).first().waitFor();
      await page.locator(`[data-conflict-day="${isoDate(arrival)}"]`).first().waitFor();
      await shot('owner-calendar-conflict');
      await expectNoAxeViolations(page, "the owner's calendar opened from the back office");
    });

  it('(b) an admin in the back office on a desktop follows a double booking to the owner\'s calendar', () =>
    doubleBooking('journey-conflict-back-office-desktop', DESKTOP, { email: 'siv.eier@example.com', name: 'Siv Eier', propertyId: 2101, bookingId: 4101 }));

  it('(b) the same on a phone', () =>
    doubleBooking('journey-conflict-back-office-phone', PHONE, { email: 'ola.eier@example.com', name: 'Ola Eier', propertyId: 2102, bookingId: 4102 }));
});
