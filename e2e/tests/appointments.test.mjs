/**
 * Appointments (docs/appointments.md): the first admin publishes weekly hours through the API; an owner picks a
 * free date and time on /appointments, books it, sees it under their upcoming appointments and cancels it (nb,
 * desktop), and books on a phone in English. Every day of the week has hours from 07:00 to 21:00, so free slots
 * exist whatever day the test runs; the test takes the first one offered rather than a date of its own. Axe finds
 * nothing on the page, before and after booking.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminPublishesHours, createUser } from '../lib/api.mjs';
import { assertNoViolations, axeViolations } from '../lib/axe.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn, mainMenu, openMobileMenu, switchLanguage, toast } from '../lib/ui.mjs';

const WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startTime: '07:00', endTime: '21:00' }));

/** Picks the first free date and its first time; answers the chosen time's text. */
async function pickFirstSlot(page, t) {
  const day = page.getByRole('combobox', { name: t.appointments.fields.day });
  await day.waitFor();
  const times = page.getByRole('group', { name: t.appointments.fields.time }).getByRole('button');
  await times.first().waitFor();
  const time = (await times.first().textContent()).trim();
  assert.match(time, /^\d{2}:\d{2}$/);
  await times.first().click();
  assert.equal(await times.first().getAttribute('aria-pressed'), 'true');
  return time;
}

describe('Appointments', () => {
  const app = useApp();

  it('an owner books a free slot with their details filled in, sees it and cancels it (nb, desktop)', () =>
    app.run('appointments-owner-desktop', DESKTOP, async ({ page, shot }) => {
      const { nb } = main;
      const ole = await createUser(app.url, { email: 'ole.time@example.com', name: 'Ole Eier', password: 'ole-secret-1' });

      await logIn(page, ole);
      await homeHeading(page).waitFor();
      await mainMenu(page).getByRole('link', { name: nb.nav.appointments }).click();
      await page.waitForURL('**/appointments');
      // Nothing published yet: the friendly empty state, not an error.
      await page.getByText(nb.appointments.empty.title).waitFor();
      assert.equal(await page.getByText(/Google Calendar/).count(), 0, 'the external calendar card is gone');
      assertNoViolations(await axeViolations(page, 'appointments empty'));
      await shot('empty');

      await adminPublishesHours(app.url, WEEK);
      await page.reload();
      const time = await pickFirstSlot(page, nb);
      assert.equal(await page.getByRole('textbox', { name: nb.appointments.fields.name }).inputValue(), 'Ole Eier');
      assert.equal(await page.getByRole('textbox', { name: nb.appointments.fields.name }).getAttribute('readonly'), '');
      assert.equal(await page.getByRole('textbox', { name: nb.appointments.fields.email }).inputValue(), 'ole.time@example.com');
      await page.getByRole('textbox', { name: nb.appointments.fields.phone }).fill('+47 912 34 567');
      await page.getByRole('textbox', { name: new RegExp(`^${nb.appointments.fields.subject}`) }).fill('Gjennomgang av utleien');
      await page.getByRole('radio', { name: nb.appointments.locations.video }).check();
      assertNoViolations(await axeViolations(page, 'appointments form'));
      await shot('form-filled');
      await page.getByRole('button', { name: nb.appointments.submit, exact: true }).click();
      await toast(page, nb.appointments.booked).waitFor();

      const upcoming = page.getByRole('region', { name: nb.appointments.upcoming.title });
      await upcoming.getByText('Gjennomgang av utleien').waitFor();
      await upcoming.getByText(new RegExp(` ${time}$`)).first().waitFor();
      assertNoViolations(await axeViolations(page, 'appointments booked'));
      await shot('booked');

      await upcoming.getByRole('button', { name: new RegExp(`${time}$`) }).click();
      await toast(page, nb.appointments.upcoming.cancelled).waitFor();
      await upcoming.getByText(nb.appointments.upcoming.empty).waitFor();
      await shot('cancelled');
    }));

  it('an owner books on a phone in English', () =>
    app.run('appointments-owner-phone-en', PHONE, async ({ page, shot }) => {
      const { en } = main;
      const kari = await createUser(app.url, { email: 'kari.time@example.com', name: 'Kari Vert', password: 'kari-secret-1' });
      await adminPublishesHours(app.url, WEEK);

      await page.goto('/auth');
      await switchLanguage(page, 'en');
      await logIn(page, kari, 'en');
      await homeHeading(page, 'en').waitFor();
      await openMobileMenu(page, 'en');
      await mainMenu(page, 'en').getByRole('link', { name: en.nav.appointments }).click();
      await page.getByRole('heading', { name: en.appointments.title, level: 1 }).waitFor();
      await pickFirstSlot(page, en);
      await page.getByRole('textbox', { name: new RegExp(`^${en.appointments.fields.subject}`) }).fill('Pricing for the summer');
      await page.getByRole('radio', { name: en.appointments.locations.phone }).check();
      await page.getByRole('button', { name: en.appointments.submit, exact: true }).click();
      await toast(page, en.appointments.booked).waitFor();
      await page.getByRole('region', { name: en.appointments.upcoming.title }).getByText('Pricing for the summer').waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the page fits the phone's width (${width} px)`);
      assertNoViolations(await axeViolations(page, 'appointments phone'));
      await shot('booked-phone');
    }));
});
