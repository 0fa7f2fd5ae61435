/**
 * An owner opens a case with an attachment, and customer service's answer arrives on the owner's open
 * screen without a reload (pushed over /ws); nb desktop, en phone (one column, back to the list).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminAnswersCase, adminOpensCase, createUser } from '../lib/api.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn, mainMenu, openMobileMenu, switchLanguage, toast } from '../lib/ui.mjs';

const { nb, en } = main;
/** A 1 × 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const caseIdOf = (page) => Number(new URL(page.url()).searchParams.get('case'));

describe('Cases', () => {
  const app = useApp();

  it('an owner opens a case, attaches a photo, and sees the answer arrive without a reload (nb, desktop)', () =>
    app.run('case-owner-desktop', DESKTOP, async ({ page, shot }) => {
      const ole = await createUser(app.url, { email: 'ole.sak@example.com', name: 'Ole Eier', password: 'ole-secret-1' });
      const t = nb.cases;
      await logIn(page, ole);
      await homeHeading(page).waitFor();
      await mainMenu(page).getByRole('link', { name: nb.nav.cases }).click();
      await page.getByRole('heading', { name: t.title, exact: true }).waitFor();

      await page.getByRole('button', { name: t.newCase, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: t.dialog.caseTitle }).fill('Lekkasje på badet');
      await dialog.getByRole('combobox', { name: new RegExp(`^${t.category}`) }).click();
      await page.getByRole('option', { name: t.categories.other, exact: true }).click();
      await dialog.getByRole('textbox', { name: t.dialog.firstMessage }).fill('Det drypper fra taket på badet.');
      await shot('new-case-dialog');
      await dialog.getByRole('button', { name: t.dialog.create, exact: true }).click();
      await toast(page, t.dialog.created).waitFor();
      await page.getByText('Det drypper fra taket på badet.').waitFor();
      const caseId = caseIdOf(page);
      assert.ok(caseId > 0, 'the new case is open on the screen');

      await page.getByLabel(t.attach).setInputFiles({ name: 'tak.png', mimeType: 'image/png', buffer: PNG });
      await page.getByRole('textbox', { name: t.message }).fill('Her er et bilde.');
      await page.getByRole('button', { name: t.send, exact: true }).click();
      await page.getByRole('img', { name: 'tak.png' }).waitFor();
      await shot('message-with-photo');

      // Customer service answers from elsewhere; the owner's screen is not reloaded.
      await adminAnswersCase(app.url, caseId, 'Vi sender en rørlegger i morgen.');
      await page.getByText('Vi sender en rørlegger i morgen.').waitFor();
      await shot('answer-arrived');
    }));

  it('an owner reads an answer on a phone in English, with a way back to the list', () =>
    app.run('case-owner-phone-en', PHONE, async ({ page, shot }) => {
      const kari = await createUser(app.url, { email: 'kari.sak@example.com', name: 'Kari Vert', password: 'kari-secret-1' });
      const kase = await adminOpensCase(app.url, { userId: kari.id, title: 'Your payout', category: 'billing', message: 'Your March payout is on its way.' });
      const t = en.cases;

      await page.goto('/auth');
      await switchLanguage(page, 'en');
      await logIn(page, kari, 'en');
      await homeHeading(page, 'en').waitFor();
      await openMobileMenu(page, 'en');
      await mainMenu(page, 'en').getByRole('link', { name: en.nav.cases }).click();
      await page.getByRole('button', { name: /Your payout/ }).click();
      await page.getByText('Your March payout is on its way.').waitFor();
      await shot('case-open-phone');

      await adminAnswersCase(app.url, kase.id, 'It was paid today.');
      await page.getByText('It was paid today.').waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the page fits the phone's width (${width} px)`);
      await page.getByRole('button', { name: t.back, exact: true }).click();
      await page.getByRole('tab', { name: new RegExp(`^${t.open}`) }).waitFor();
      await shot('back-to-list-phone');
    }));
});
