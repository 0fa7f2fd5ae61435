/**
 * An admin makes an agreement with an owner in the back office and writes a private and a public note;
 * the owner finds it under their agreements and reads only the public note (nb desktop, en phone).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminCreatesAgreement, createUser } from '../lib/api.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { ADMIN } from '../lib/server.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn, logOut, mainMenu, openMobileMenu, switchLanguage, toast } from '../lib/ui.mjs';

const { nb, en } = main;
const res = nb.resources.agreements;

describe('Agreements', () => {
  const app = useApp();

  it('an admin creates one with a private and a public note; the owner sees it and only the public note (nb, desktop)', () =>
    app.run('agreement-admin-and-owner', DESKTOP, async ({ page, shot }) => {
      const ole = await createUser(app.url, { email: 'ole.eier@example.com', name: 'Ole Eier', password: 'ole-secret-1' });

      await logIn(page, ADMIN);
      await homeHeading(page).waitFor();
      assert.equal(await mainMenu(page).getByRole('link', { name: nb.nav.agreements }).count(), 0, 'no owner agreements item for an admin');
      await page.goto('/admin/agreements');
      await page.getByText(res.empty.none, { exact: true }).waitFor();
      await shot('admin-list-empty');

      await page.getByRole('link', { name: res.actions.create, exact: true }).click();
      await page.waitForURL('**/admin/agreements/create');
      await page.getByLabel(new RegExp(`^${res.fields.title}`)).fill('Årlig gjennomgang');
      await page.getByRole('combobox', { name: new RegExp(`^${res.fields.userId}`) }).click();
      await page.getByRole('option', { name: /Ole Eier/ }).click();
      await page.getByLabel(new RegExp(`^${res.fields.meetingLocation}`)).fill('Telefon/Teams');
      await shot('create-form-filled');
      await page.getByRole('button', { name: nb.ra.action.save, exact: true }).click();
      // No SMTP server here: the mail is recorded as not sent, so the toast does not claim the user was told.
      await page.getByText(res.created, { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Årlig gjennomgang' }).waitFor();

      const notes = nb.agreements.notes;
      await page.getByLabel(notes.content).fill('Kun for oss: sjekk kontrakten');
      await page.getByLabel(notes.isPrivate).check();
      await page.getByRole('button', { name: notes.add, exact: true }).click();
      await toast(page, notes.added).waitFor();
      await page.getByText('Kun for oss: sjekk kontrakten').waitFor();
      assert.equal(await page.getByLabel(notes.isPrivate).isChecked(), false, 'the form starts over after a note');
      await page.getByLabel(notes.content).fill('Ta med strømregningene');
      await page.getByRole('button', { name: notes.add, exact: true }).click();
      await page.getByText('Ta med strømregningene').waitFor();
      await page.getByText(notes.private, { exact: true }).waitFor();
      await shot('admin-detail-with-notes');

      await page.goto('/admin/agreements');
      await page.getByText('Årlig gjennomgang').waitFor();
      await page.getByText(res.filter.count_one.replace('{{smart_count}}', '1')).waitFor();
      await shot('admin-list');
      await page.goto('/');
      await logOut(page);

      await logIn(page, ole);
      await homeHeading(page).waitFor();
      await mainMenu(page).getByRole('link', { name: nb.nav.agreements }).click();
      await page.waitForURL('**/user/agreements');
      await page.getByRole('heading', { name: nb.agreements.title }).waitFor();
      await page.getByRole('link', { name: /Årlig gjennomgang/ }).click();
      await page.getByText('Ta med strømregningene').waitFor();
      assert.equal(await page.getByText('Kun for oss: sjekk kontrakten').count(), 0, 'the private note never reaches the owner');
      assert.equal(await page.getByLabel(notes.isPrivate).count(), 0, 'an owner has no private option');
      await shot('owner-detail');
    }));

  it('the owner reads and answers on a phone in English', () =>
    app.run('agreement-owner-phone-en', PHONE, async ({ page, shot }) => {
      const kari = await createUser(app.url, { email: 'kari.vert@example.com', name: 'Kari Vert', password: 'kari-secret-1' });
      await adminCreatesAgreement(app.url, { userId: kari.id, title: 'Support call', meetingDate: new Date(Date.now() + 3 * 86_400_000).toISOString(), meetingType: 'support' }, [
        { content: 'Internal: long-time customer', isPrivate: true },
        { content: 'Please have your meter number ready' },
      ]);

      await page.goto('/auth');
      await switchLanguage(page, 'en');
      await logIn(page, kari, 'en');
      await homeHeading(page, 'en').waitFor();
      await openMobileMenu(page, 'en');
      await mainMenu(page, 'en').getByRole('link', { name: en.nav.agreements }).click();
      await page.getByRole('heading', { name: en.agreements.upcoming }).waitFor();
      await shot('owner-list-phone');
      await page.getByRole('link', { name: /Support call/ }).click();
      await page.getByText('Please have your meter number ready').waitFor();
      assert.equal(await page.getByText('Internal: long-time customer').count(), 0, 'the private note never reaches the owner');
      await page.getByLabel(en.agreements.notes.content).fill('I will call from my mobile');
      await page.getByRole('button', { name: en.agreements.notes.add, exact: true }).click();
      await toast(page, en.agreements.notes.added).waitFor();
      await page.getByText('I will call from my mobile').waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the page fits the phone's width (${width} px)`);
      await shot('owner-detail-phone');
    }));
});
