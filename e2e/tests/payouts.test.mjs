/**
 * An admin registers a payout for an owner in the back office; the owner sees it in the cards, the
 * month grid and the chart (Norwegian, desktop), downloads the year statement as a PDF, and reads the page in
 * English on a phone.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { ADMIN } from '../lib/server.mjs';
import { admin, main } from '../lib/texts.mjs';
import { logIn, mainMenu, openMobileMenu, switchLanguage } from '../lib/ui.mjs';

const { nb, en } = main;
const res = admin.nb.resources.payouts;
/** Spaces of any width (Intl writes no-break spaces) as plain ones. */
const plain = (text) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

describe('Payouts', () => {
  const app = useApp();

  it('an admin registers a payout and the owner sees it, downloads the PDF and reads it in English on a phone', async () => {
    const owner = await createUser(app.url, { email: 'eier@example.com', name: 'Eva Eier', password: 'eva-secret-1' });
    const month = new Date().getMonth() + 1;

    await app.run('payouts-admin-registers', DESKTOP, async ({ page, shot }) => {
      await logIn(page, ADMIN);
      await page.goto('/admin/payouts/create');
      await page.getByRole('combobox', { name: new RegExp(`^${res.fields.userId}`) }).click();
      await page.getByRole('option', { name: `${owner.name} (${owner.email})` }).click();
      await page.getByLabel(new RegExp(`^${res.fields.amount}`)).fill('12 500,50');
      await page.getByLabel(new RegExp(`^${res.fields.notes}`)).fill('Sommerleie');
      await shot('register-form');
      await page.getByRole('button', { name: res.register }).click();
      await page.waitForURL('**/admin/payouts');
      await page.getByRole('row').filter({ hasText: 'Sommerleie' }).waitFor();
      await shot('registered');
    });

    await app.run('payouts-owner-nb-desktop', DESKTOP, async ({ page, shot }) => {
      await logIn(page, owner);
      await mainMenu(page).getByRole('link', { name: nb.nav.payouts }).click();
      await page.waitForURL('**/payouts');
      await page.getByRole('heading', { name: nb.payouts.title, exact: true }).waitFor();
      const card = (key) => page.locator(`[data-card="${key}"]`);
      await card('net').getByText(/12\s500,50 kr/).waitFor();
      assert.equal(plain(await card('pending').innerText()), `${nb.payouts.cards.pending} 12 500,50 kr`);
      assert.equal(plain(await card('paidOut').innerText()), `${nb.payouts.cards.paidOut} 0,00 kr`);
      const cell = page.locator(`[data-month="${month}"]`);
      assert.match(plain(await cell.innerText()), /12 501,- Venter Sommerleie/);
      assert.ok(await page.locator('canvas[role="img"]').isVisible(), 'the bar chart is drawn');
      await shot('owner-page');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: nb.payouts.downloadPdf }).click()]);
      const file = await download.path();
      assert.equal((await readFile(file)).subarray(0, 5).toString(), '%PDF-');
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      assert.match(text, /Eier: Eva Eier/);
      assert.match(text, /Venter\s+12 500,50 NOK/);
    });

    await app.run('payouts-owner-en-phone', PHONE, async ({ page, shot }) => {
      await page.goto('/auth');
      await switchLanguage(page, 'en');
      await logIn(page, owner, 'en');
      await openMobileMenu(page, 'en');
      await mainMenu(page, 'en').getByRole('link', { name: en.nav.payouts }).click();
      await page.waitForURL('**/payouts');
      await page.getByRole('heading', { name: en.payouts.title, exact: true }).waitFor();
      await page.locator('[data-card="net"]').getByText('NOK 12,500.50').waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the page fits the phone's width (${width} px)`);
      await shot('owner-page-en-phone');
    });
  });
});
