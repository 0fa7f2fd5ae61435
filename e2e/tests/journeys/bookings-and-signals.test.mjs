/**
 * Journeys: a signal travels from one person (or an outside system) to another person's bell, and the notification
 * opens what it is about (docs/api.md "Notification links").
 * (a) A Beds24 booking arrives (after a stay the owner already had); the owner's bell rises without a reload (the /ws push) and the notification opens the
 *     calendar at the booking's month with its day highlighted and the booking on it.
 * (b) An owner writes a note on an agreement; the admin who made the agreement is told and lands on its back-office page.
 * (c) An owner changes their payout account number; an admin is told and lands on the owner's back-office page with
 *     the account-number history (who, when, old and new masked but for the last four digits).
 * Each on a phone and a desktop; in the two-person stories the owner uses the other device in the second run.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { adminConfiguresBeds24, adminCreatesAgreement, adminSyncsBeds24, createUser } from '../../lib/api.mjs';
import { beds24Booking, startBeds24Server } from '../../lib/beds24-server.mjs';
import { DESKTOP, PHONE, useApp } from '../../lib/browser.mjs';
import { addDays, chooseDesktopView, dayInMonthsAhead, inOslo, isoDate } from '../../lib/calendar.mjs';
import { ADMIN } from '../../lib/server.mjs';
import { watchSocket } from '../../lib/socket.mjs';
import { main, notificationTexts } from '../../lib/texts.mjs';
import { homeHeading, logIn, switchLanguage, toast } from '../../lib/ui.mjs';

/** The bell as a screen reader names it: 'Varsler, 1 uleste' / 'Notifications, 1 unread' (no parentheses: axe leaves out what is in them when it checks the visible count is in the name). */
const bell = (page, lang, count) => page.getByRole('button', { name: main[lang].notifications.bellLabel.replace('{{count}}', String(count)), exact: true });

/**
 * A notification in the open bell popover, by its title and a text of its message (the first admin is told of every
 * owner's change, so an earlier run's notification may be listed too).
 */
const notification = (page, title, about) =>
  page.getByRole('button', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).filter({ hasText: about });

/**
 * Logs the person in (Desktop view chosen on a desktop, the language switched for English) and waits on the calendar
 * home with an empty bell and a socket that has authenticated; marks the document so a reload would show.
 */
async function readyWithBell(page, account, { lang, phone }) {
  const socket = watchSocket(page);
  await page.goto('/auth');
  if (!phone) await chooseDesktopView(page);
  if (lang !== 'nb') await switchLanguage(page, lang);
  await logIn(page, account, lang);
  await homeHeading(page, lang).waitFor();
  await bell(page, lang, 0).waitFor();
  await socket.untilAuthenticated();
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
}

/** The bell has risen to 1 without a reload; tapping it and then the notification with `title` opens its link. */
async function openTheNotification(page, shot, { lang, title, about }) {
  // A /ws push on a loaded two-core machine: generous.
  await bell(page, lang, 1).waitFor({ timeout: 30_000 });
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page was not reloaded');
  await shot('bell-risen');
  await bell(page, lang, 1).click();
  await notification(page, title, about).waitFor();
  await shot('notification-in-popover');
  await notification(page, title, about).click();
}

// Started before the app, which is told its address at boot.
const beds24 = await startBeds24Server();

describe('Journeys: bookings and signals', () => {
  after(() => beds24.stop());
  // The Beds24 player runs on this machine: the app may only reach a loopback host when told it may. The scheduler
  // runs as in production; the story's own syncs are an admin's 'sync now', which waits for a scheduled one.
  const app = useApp({ env: { BEDS24_API_URL: beds24.url, ALLOW_PRIVATE_FEED_HOSTS: 'true' } });

  /** Each owner has their own Beds24 property, so one run's booking never reaches another's calendar. */
  const bookingArrives = (slug, device, lang, { email, name, guest, bookingId, propertyId }) =>
    app.run(slug, inOslo(device), async ({ page, shot }) => {
      const phone = device === PHONE;
      const owner = await createUser(app.url, { email, name, password: 'owner-secret-1' });
      // The owner already has a stay next month. The first sync of a configuration (the scheduler's or the admin's,
      // whichever comes first) is not news to its owner; the booking that arrives after it is, and its notification
      // must open that booking's day, not the earlier stay's.
      const earlier = dayInMonthsAhead(1, 17);
      beds24.bookings.push(beds24Booking(bookingId + 100, { arrival: isoDate(earlier), departure: isoDate(addDays(earlier, 2)), firstName: 'Tidlig', propertyId }));
      await adminConfiguresBeds24(app.url, owner.id, { apiKey: beds24.inviteCode(), propId: propertyId });
      await adminSyncsBeds24(app.url, owner.id);

      await readyWithBell(page, owner, { lang, phone });
      await shot('calendar-bell-empty');

      const arrival = dayInMonthsAhead(2, 17);
      beds24.bookings.push(beds24Booking(bookingId, { arrival: isoDate(arrival), departure: isoDate(addDays(arrival, 3)), firstName: guest, propertyId }));
      const outcome = await adminSyncsBeds24(app.url, owner.id);
      assert.equal(outcome.eventsCreated, 1, 'the sync stored the new booking');

      await openTheNotification(page, shot, { lang, title: notificationTexts[lang].booking_new.title, about: 'Beds24' });
      await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('date') === isoDate(arrival));
      const cell = page.locator(`[role="cell"][data-date="${isoDate(arrival)}"]`);
      // A phone cuts the bar's title to its first six characters.
      const title = `Airbnb: ${guest}`;
      await cell.getByRole('button', { name: phone ? `${title.slice(0, 6)}…` : title, exact: true }).waitFor();
      // FullCalendar draws the bars a frame or two before it gives the cells their new classes (up to 0.2 s seen on a
      // loaded machine), so the highlight is waited for rather than read at once.
      await page.locator(`[role="cell"][data-date="${isoDate(arrival)}"].cal-focus-day`).waitFor({ timeout: 5_000 })
        .catch(() => assert.fail('the booking\'s day is highlighted'));
      assert.equal(await page.locator('.cal-focus-day').count(), 1, 'only that day is highlighted');
      await shot('calendar-at-the-booking');
    });

  it('(a) a Beds24 booking rings a Norwegian owner\'s bell on a phone and opens the calendar at its day', () =>
    bookingArrives('journey-beds24-booking-phone-nb', PHONE, 'nb', { email: 'ingrid.eier@example.com', name: 'Ingrid Eier', guest: 'Sofie', bookingId: 3001, propertyId: 1001 }));

  it('(a) the same on an English desktop', () =>
    bookingArrives('journey-beds24-booking-desktop-en', DESKTOP, 'en', { email: 'tor.eier@example.com', name: 'Tor Eier', guest: 'Jonas', bookingId: 3002, propertyId: 1002 }));

  const ownerNotesAgreement = (slug, adminDevice, ownerDevice, { email, name, agreementTitle, note }) =>
    app.run(slug, inOslo(adminDevice), async ({ page, shot, openPerson }) => {
      const nb = main.nb;
      const owner = await createUser(app.url, { email, name, password: 'owner-secret-1' });
      const agreement = await adminCreatesAgreement(app.url, {
        userId: owner.id, title: agreementTitle, meetingDate: dayInMonthsAhead(1, 10).toISOString(), meetingType: 'support',
      });
      await readyWithBell(page, ADMIN, { lang: 'nb', phone: adminDevice === PHONE });
      await shot('admin-bell-empty');

      const ownerSide = await openPerson(inOslo(ownerDevice), 'owner');
      await ownerSide.page.goto('/auth');
      if (ownerDevice !== PHONE) await chooseDesktopView(ownerSide.page);
      await logIn(ownerSide.page, owner);
      await ownerSide.page.goto(`/user/agreements/${agreement.id}`);
      await ownerSide.page.getByText(agreementTitle).first().waitFor();
      await ownerSide.page.getByLabel(nb.agreements.notes.content).fill(note);
      await ownerSide.page.getByRole('button', { name: nb.agreements.notes.add, exact: true }).click();
      await toast(ownerSide.page, nb.agreements.notes.added).waitFor();
      await ownerSide.shot('note-written');

      const title = notificationTexts.nb.agreement_owner_note.title.replace('{owner}', name);
      await openTheNotification(page, shot, { lang: 'nb', title, about: agreementTitle });
      await page.waitForURL((url) => url.pathname === `/admin/agreements/${agreement.id}`);
      await page.getByRole('heading', { name: agreementTitle }).waitFor();
      await page.getByText(note).waitFor();
      await shot('admin-agreement-page');
    });

  it('(b) an owner\'s note on a phone rings the desktop admin\'s bell and opens the agreement in the back office', () =>
    ownerNotesAgreement('journey-agreement-note-admin-desktop', DESKTOP, PHONE, {
      email: 'lise.eier@example.com', name: 'Lise Eier', agreementTitle: 'Gjennomgang av hytta', note: 'Kan vi flytte møtet en time?',
    }));

  it('(b) the same with the owner on a desktop and the admin on a phone', () =>
    ownerNotesAgreement('journey-agreement-note-admin-phone', PHONE, DESKTOP, {
      email: 'nils.eier@example.com', name: 'Nils Eier', agreementTitle: 'Oppstartsmøte', note: 'Jeg tar med nøklene.',
    }));

  const accountNumberChanges = (slug, adminDevice, ownerDevice, { email, name }) =>
    app.run(slug, inOslo(adminDevice), async ({ page, shot, openPerson }) => {
      const nb = main.nb;
      // Valid Norwegian account numbers (mod 11): the one the owner had, and the one they change it to.
      const [before, after] = ['12345678903', '15035512346'];
      const owner = await createUser(app.url, { email, name, password: 'owner-secret-1', accountNumber: before });
      await readyWithBell(page, ADMIN, { lang: 'nb', phone: adminDevice === PHONE });
      await shot('admin-bell-empty');

      const ownerSide = await openPerson(inOslo(ownerDevice), 'owner');
      await ownerSide.page.goto('/auth');
      if (ownerDevice !== PHONE) await chooseDesktopView(ownerSide.page);
      await logIn(ownerSide.page, owner);
      await ownerSide.page.goto('/settings');
      const field = ownerSide.page.getByLabel(nb.settings.profile.accountNumber, { exact: true });
      await field.fill(after);
      await ownerSide.page.getByRole('button', { name: nb.settings.profile.save, exact: true }).click();
      await toast(ownerSide.page, nb.settings.profile.saved).waitFor();
      await ownerSide.shot('account-number-saved');

      await openTheNotification(page, shot, { lang: 'nb', title: notificationTexts.nb.user_account_number_changed.title, about: name });
      await page.waitForURL((url) => url.pathname === `/admin/users/${owner.id}/show`);
      const history = page.getByRole('table', { name: nb.resources.users.accountNumberHistory.title, exact: true });
      // The newest change: made by the owner, the old and the new number hidden but for their last four digits.
      const row = history.getByRole('row').filter({ hasText: name }).filter({ hasText: before.slice(-4) }).filter({ hasText: after.slice(-4) });
      await row.waitFor();
      const text = await row.innerText();
      assert.ok(!text.includes(before) && !text.includes(after), `only the last four digits show (${text})`);
      assert.match(text, /•{7}8903/, 'the old number is masked');
      assert.match(text, /•{7}2346/, 'the new number is masked');
      await shot('admin-user-page-history');
    });

  it('(c) an owner changes their account number on a phone; the desktop admin is told and sees the history', () =>
    accountNumberChanges('journey-account-number-admin-desktop', DESKTOP, PHONE, { email: 'eva.eier@example.com', name: 'Eva Eier' }));

  it('(c) the same with the owner on a desktop and the admin on a phone', () =>
    accountNumberChanges('journey-account-number-admin-phone', PHONE, DESKTOP, { email: 'jon.eier@example.com', name: 'Jon Eier' }));
});
