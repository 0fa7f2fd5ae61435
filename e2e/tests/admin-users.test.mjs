/** The back office creates a user who can then log in; regular users are kept out of /admin. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { DESKTOP, useApp } from '../lib/browser.mjs';
import { ADMIN } from '../lib/server.mjs';
import { admin, main } from '../lib/texts.mjs';
import { homeHeading, logIn, mainMenu } from '../lib/ui.mjs';

const { nb } = main;
const ra = admin.nb.ra;
const fields = admin.nb.resources.users.fields;

describe('Back office users', () => {
  const app = useApp();

  it('lets the admin create a user in /admin, who can then log in', () =>
    app.run('admin-creates-user', DESKTOP, async ({ page, shot }) => {
      const kari = { email: 'kari.nordmann@example.com', name: 'Kari Nordmann', password: 'kari-secret-1' };

      await logIn(page, ADMIN);
      await homeHeading(page).waitFor();
      await mainMenu(page).getByRole('link', { name: nb.nav.adminTools }).click();
      await page.waitForURL('**/admin/users');
      const rowOf = (email) => page.getByRole('row').filter({ hasText: email });
      await rowOf(ADMIN.email).waitFor();
      await shot('user-list');

      await page.getByRole('link', { name: ra.action.create, exact: true }).click();
      await page.waitForURL('**/admin/users/create');
      // Required fields' labels end in ' *'; the password's eye button is named 'Vis passord', hence the anchors.
      await page.getByLabel(new RegExp(`^${fields.username}`)).fill(kari.email);
      await page.getByLabel(new RegExp(`^${fields.name}`)).fill(kari.name);
      await page.getByLabel(new RegExp(`^${fields.password}`)).fill(kari.password);
      await shot('create-form-filled');
      await page.getByRole('button', { name: ra.action.save, exact: true }).click();

      await page.waitForURL('**/admin/users');
      await page.getByText(admin.nb.resources.users.notifications.created, { exact: true }).waitFor();
      const row = rowOf(kari.email);
      await row.waitFor();
      assert.match(await row.innerText(), new RegExp(kari.name));
      await shot('user-created');

      // The user menu's button is named by who is signed in (the first admin is 'Administrator').
      await page.getByRole('button', { name: 'Administrator', exact: true }).click();
      await page.getByRole('menuitem', { name: ra.auth.logout }).click();
      await page.waitForURL('**/auth');
      await page.getByRole('form', { name: nb.login.formLabel }).waitFor();
      await shot('logged-out');

      await logIn(page, kari);
      await homeHeading(page).waitFor();
      await page.getByText(kari.name, { exact: true }).waitFor();
      await shot('new-user-home');
    }));

  it("shows 'Tilgang nektet' to a regular user who opens /admin", () =>
    app.run('regular-user-denied', DESKTOP, async ({ page, shot }) => {
      const ola = await createUser(app.url, { email: 'ola@example.com', name: 'Ola Normann', password: 'ola-secret-1' });

      await logIn(page, ola);
      await homeHeading(page).waitFor();
      const menu = mainMenu(page);
      await menu.getByRole('link', { name: nb.nav.settings }).waitFor();
      assert.equal(await menu.getByRole('link', { name: nb.nav.adminTools }).count(), 0, 'no admin link for a regular user');
      await shot('home-without-admin-link');

      await page.goto('/admin');
      await page.getByRole('heading', { name: nb.access.deniedTitle, exact: true }).waitFor();
      await page.getByText(nb.access.deniedText).waitFor();
      await shot('access-denied');
    }));
});
