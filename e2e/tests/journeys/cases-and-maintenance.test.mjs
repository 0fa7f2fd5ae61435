/**
 * Journeys across domains, each told start to end through the visible texts, on a phone and on a desktop:
 * - a case: an owner opens a case on /cases with a photo attached; an admin, in the app's case screen, assigns it to
 *   themself and answers; the owner, with the case still open, sees the answer arrive without a reload (pushed over
 *   /ws), the bell rises, its notification leads back to the case, and the photo opens;
 * - maintenance: an owner's calendar is open at a day months ahead; an admin turns maintenance on in the back
 *   office's system page; the owner's open tab shows the maintenance screen by itself (the socket closing or the
 *   status poll, up to ~40 s) while the admin keeps working; the admin turns it off, and the owner's tab is back at
 *   the same calendar and URL, still signed in and never reloaded.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../../lib/api.mjs';
import { DESKTOP, PHONE, useApp } from '../../lib/browser.mjs';
import { dayInMonthsAhead, inOslo, isoDate } from '../../lib/calendar.mjs';
import { ADMIN } from '../../lib/server.mjs';
import { main, notificationTexts } from '../../lib/texts.mjs';
import { homeHeading, logIn, mainMenu, openMobileMenu, toast } from '../../lib/ui.mjs';

const t = main.nb;
/** A 1 × 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The socket's close or the 30 s status poll, on a busy machine. */
const MAINTENANCE_NOTICED_MS = 45_000;
/** A /ws push on a busy machine. */
const PUSH_MS = 20_000;

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text with its placeholders (the catalogue's {{name}}, a notification kind's {name}) matching anything. */
const template = (text) => new RegExp(`^${escapeRegExp(text).replace(/\\\{\\\{\w+\\\}\\\}/g, '.+').replace(/\\\{\w+\\\}/g, '.+')}$`);
/** The bell with any unread count above zero: 'Varsler, 2 uleste'. */
const bellWithUnread = (page) =>
  page.getByRole('button', { name: new RegExp(`^${escapeRegExp(t.notifications.bellLabel).replace(escapeRegExp('{{count}}'), '[1-9]\\d*')}$`) });

/** The open case's messages (a live log), apart from the same words in a notification. */
const conversation = (page) => page.getByRole('log', { name: t.cases.message });

/** Opens a menu entry: from the sidebar on a desktop, from the drawer on a phone. */
async function openFromMenu(page, phone, name) {
  if (phone) await openMobileMenu(page);
  // The entry's name may go on with a badge ('Saker 1 ulest').
  await mainMenu(page).getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}(\\s|$)`) }).click();
}

/** The day's cell in the calendar on screen (month, three months or a phone's month). */
const dayAt = (page, day) => page.locator(`[role="cell"][data-date="${isoDate(day)}"]`).first();

/** Marks the document, so a test can tell later that the page was never reloaded. */
const markDocument = (page) => page.evaluate(() => (window.__sameDocument = true));
const sameDocument = (page) => page.evaluate(() => window.__sameDocument === true);

/** A second person's browser beside the first one (same device), closed when `work` ends. */
async function besideIn(page, device, baseURL, work) {
  const context = await page.context().browser().newContext({ serviceWorkers: 'block', ...device, baseURL });
  context.setDefaultTimeout(15_000);
  try {
    return await work(await context.newPage());
  } finally {
    await context.close();
  }
}

async function caseJourney({ app, page, shot, context, device, phone, who }) {
  const owner = await createUser(app.url, { email: `${who}.sak@example.com`, name: `${who} Eier`, password: `${who}-secret-1` });
  const c = t.cases;
  const title = `Lekkasje hos ${who}`;

  // The owner opens a case and sends the photo with a message.
  await logIn(page, owner);
  await homeHeading(page).waitFor();
  await openFromMenu(page, phone, t.nav.cases);
  await page.getByRole('heading', { name: c.title, exact: true }).waitFor();
  await page.getByRole('button', { name: c.newCase, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: c.dialog.caseTitle }).fill(title);
  await dialog.getByRole('combobox', { name: new RegExp(`^${c.category}`) }).click();
  await page.getByRole('option', { name: c.categories.technical, exact: true }).click();
  await dialog.getByRole('textbox', { name: c.dialog.firstMessage }).fill('Det drypper fra taket på badet.');
  await shot('owner-new-case');
  await dialog.getByRole('button', { name: c.dialog.create, exact: true }).click();
  await toast(page, c.dialog.created).waitFor();
  await page.getByText('Det drypper fra taket på badet.').waitFor();
  const caseUrl = page.url();
  const caseId = Number(new URL(caseUrl).searchParams.get('case'));
  assert.ok(caseId > 0, 'the new case is open on the screen');

  await page.getByLabel(c.attach).setInputFiles({ name: 'tak.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('textbox', { name: c.message }).fill('Her er et bilde av taket.');
  await page.getByRole('button', { name: c.send, exact: true }).click();
  await page.getByRole('img', { name: 'tak.png' }).waitFor();
  await markDocument(page);
  await shot('owner-case-with-photo');

  // An admin, in their own browser, finds the case in the staff list, takes it and answers.
  await besideIn(page, device, app.url, async (adminPage) => {
    await logIn(adminPage, ADMIN);
    await homeHeading(adminPage).waitFor();
    await openFromMenu(adminPage, phone, t.nav.cases);
    await adminPage.getByRole('button', { name: new RegExp(escapeRegExp(title)) }).click();
    await adminPage.getByText('Her er et bilde av taket.').waitFor();
    await adminPage.getByRole('img', { name: 'tak.png' }).waitFor();
    const details = adminPage.getByRole('complementary', { name: c.details });
    await details.getByRole('button', { name: c.assignToMe, exact: true }).click();
    await toast(adminPage, c.assigned).waitFor();
    // Taken: the case is the admin's now, so 'Tildel til meg' is gone.
    await details.getByRole('button', { name: c.assignToMe, exact: true }).waitFor({ state: 'detached' });
    assert.equal(await details.getByText(c.noAssignee, { exact: true }).count(), 0, 'the case has an assignee');
    await adminPage.getByRole('textbox', { name: c.message }).fill('Vi sender en rørlegger i morgen.');
    await adminPage.getByRole('button', { name: c.send, exact: true }).click();
    await adminPage.getByText('Vi sender en rørlegger i morgen.').waitFor();
    await shot('admin-answered');
  });

  // The owner's open case shows the answer and the bell rises, with no reload.
  await conversation(page).getByText('Vi sender en rørlegger i morgen.').waitFor({ timeout: PUSH_MS });
  await bellWithUnread(page).waitFor({ timeout: PUSH_MS });
  // The case's details followed too: someone has it, and it is being handled.
  const ownerDetails = page.getByRole('complementary', { name: c.details });
  await ownerDetails.getByText(c.statuses.in_progress, { exact: true }).waitFor();
  assert.equal(await ownerDetails.getByText(c.noAssignee, { exact: true }).count(), 0, 'the owner sees that the case is assigned');
  assert.equal(await sameDocument(page), true, 'the owner\'s page was not reloaded');
  await shot('owner-answer-arrived');

  // The bell's notification names the answer and leads to this case.
  await bellWithUnread(page).click();
  const notification = page.getByText(template(notificationTexts.nb.case_message.title)).first();
  await notification.waitFor();
  await shot('owner-bell-open');
  await notification.click();
  await page.waitForURL((url) => url.pathname === '/cases' && url.searchParams.get('case') === String(caseId));
  await conversation(page).getByText('Vi sender en rørlegger i morgen.').waitFor();

  // The photo opens in a tab of its own, as the image it is.
  const [photo] = await Promise.all([context.waitForEvent('page'), page.getByRole('link').filter({ has: page.getByRole('img', { name: 'tak.png' }) }).click()]);
  await photo.waitForLoadState();
  assert.equal(await photo.evaluate(() => document.contentType), 'image/png', `the photo opens as an image (${photo.url()})`);
  const size = await photo.evaluate(() => {
    const img = document.querySelector('img');
    return img ? [img.naturalWidth, img.naturalHeight] : null;
  });
  assert.deepEqual(size, [1, 1], 'the browser shows the uploaded picture');
  await photo.close();
  await shot('owner-photo-opened');
}

/** In the system page of the back office: sets the switch, saves, and waits for the saved state's banner. */
async function setMaintenance(adminPage, enabled, message) {
  const m = t.resources.system.maintenance;
  await adminPage.goto('/admin/system');
  const form = () => adminPage.getByRole('form', { name: m.title });
  const toggle = form().getByLabel(m.enabled);
  if ((await toggle.isChecked()) !== enabled) await toggle.click();
  if (message !== undefined) await form().getByLabel(m.message).fill(message);
  await form().getByRole('button', { name: m.save }).click();
  await form().getByText(enabled ? m.on : m.off).waitFor();
}

/** `note` reports how long the owner's tab took to follow each switch (test diagnostics, seen in the run's output). */
async function maintenanceJourney({ app, page, shot, device, who, note }) {
  const owner = await createUser(app.url, { email: `${who}.vedlikehold@example.com`, name: `${who} Eier`, password: `${who}-secret-1` });
  const day = dayInMonthsAhead(2, 14);
  const message = `Vi oppgraderer, tilbake straks (${who})`;

  await logIn(page, owner);
  await homeHeading(page).waitFor();
  await page.goto(`/?date=${isoDate(day)}`);
  await homeHeading(page).waitFor();
  await dayAt(page, day).waitFor();
  const where = page.url();
  await markDocument(page);
  await shot('owner-calendar-open');

  await besideIn(page, device, app.url, async (adminPage) => {
    await logIn(adminPage, ADMIN);
    await setMaintenance(adminPage, true, message);
    const turnedOn = Date.now();
    await shot('admin-maintenance-on');

    // The owner's tab changes by itself.
    await page.getByRole('heading', { name: t.maintenance.title }).waitFor({ timeout: MAINTENANCE_NOTICED_MS });
    await page.getByText(message).waitFor();
    note(`maintenance screen shown ${((Date.now() - turnedOn) / 1000).toFixed(1)} s after the admin saved`);
    assert.equal(await homeHeading(page).count(), 0, 'the calendar is gone while maintenance is on');
    assert.equal(await sameDocument(page), true, 'the owner did not reload');
    await shot('owner-sees-maintenance');

    // The admin keeps working in the back office meanwhile: the users list answers.
    await adminPage.goto('/admin/users');
    await adminPage.getByText(owner.email).first().waitFor();
    await shot('admin-keeps-working');

    await setMaintenance(adminPage, false);
  });
  const turnedOff = Date.now();

  // Back where they were: the same calendar at the same address, signed in, same document.
  await homeHeading(page).waitFor({ timeout: MAINTENANCE_NOTICED_MS });
  await dayAt(page, day).waitFor();
  note(`calendar back ${((Date.now() - turnedOff) / 1000).toFixed(1)} s after maintenance was turned off`);
  assert.equal(page.url(), where, 'the owner is at the same address');
  assert.equal(await page.getByRole('heading', { name: t.maintenance.title }).count(), 0, 'the maintenance screen is gone');
  assert.equal(await sameDocument(page), true, 'the owner did not reload or sign in again');
  assert.equal((await page.request.get('/api/user')).status(), 200, 'the owner\'s session outlived maintenance');
  await shot('owner-back-in-calendar');
}

describe('Journeys: cases and maintenance', () => {
  const app = useApp();

  it('an owner\'s case with a photo is taken and answered by an admin, live on the owner\'s phone', () =>
    app.run('journey-case-phone', inOslo(PHONE), (steps) => caseJourney({ app, ...steps, device: inOslo(PHONE), phone: true, who: 'ola' })));

  it('an owner\'s case with a photo is taken and answered by an admin, live on the owner\'s desktop', () =>
    app.run('journey-case-desktop', inOslo(DESKTOP), (steps) => caseJourney({ app, ...steps, device: inOslo(DESKTOP), phone: false, who: 'kari' })));

  it('maintenance reaches an owner\'s open phone and lets them back to the same calendar', (t) =>
    app.run('journey-maintenance-phone', inOslo(PHONE), (steps) => maintenanceJourney({ app, ...steps, device: inOslo(PHONE), who: 'per', note: (s) => t.diagnostic(s) })));

  it('maintenance reaches an owner\'s open desktop and lets them back to the same calendar', (t) =>
    app.run('journey-maintenance-desktop', inOslo(DESKTOP), (steps) => maintenanceJourney({ app, ...steps, device: inOslo(DESKTOP), who: 'liv', note: (s) => t.diagnostic(s) })));
});
