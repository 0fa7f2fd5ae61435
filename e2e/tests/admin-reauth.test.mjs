/**
 * The back office asks again too (docs/security.md#re-authentication): an admin whose sign-in is older than the
 * window sets another user's password; the server refuses it with `reauth_required`, the settings' dialog asks for
 * the admin's password, and the same change is sent again and saved. Cancel changes nothing and shows no error. A
 * browser cannot move the server's clock, so this file's app runs with a window of a few seconds
 * (REAUTH_WINDOW_SECONDS) and the test waits it out.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { expectNoAxeViolations } from '../lib/axe.mjs';
import { DESKTOP, useApp } from '../lib/browser.mjs';
import { ADMIN } from '../lib/server.mjs';
import { admin, main } from '../lib/texts.mjs';
import { homeHeading, logIn, submitLogin, toast } from '../lib/ui.mjs';

const t = main.nb;
const users = admin.nb.resources.users;
const WINDOW_SECONDS = 5;

describe('Back office re-authentication', () => {
  const app = useApp({ env: { REAUTH_WINDOW_SECONDS: String(WINDOW_SECONDS) } });

  it("asks the admin's password again before setting another user's password", () =>
    app.run('admin-reauth', DESKTOP, async ({ page, shot, openPerson }) => {
      const owner = await createUser(app.url, { email: 'passord-eier@example.com', name: 'Pia Passord', password: 'pia-secret-1' });
      await logIn(page, ADMIN);
      await homeHeading(page).waitFor();
      await page.goto('/admin/users');
      const row = page.getByRole('row').filter({ hasText: owner.email });
      await row.waitFor();
      // The sign-in's proof is older than the window after this.
      await page.waitForTimeout((WINDOW_SECONDS + 1) * 1000);

      const setPassword = async (password) => {
        await row.getByRole('button', { name: users.actions.menu.replace('{{name}}', owner.name) }).click();
        await page.getByRole('menuitem', { name: users.actions.changePassword }).click();
        await page.getByLabel(users.dialogs.changePassword.newPassword).fill(password);
        await page.getByRole('button', { name: users.dialogs.changePassword.submit, exact: true }).click();
      };
      await setPassword('pia-nytt-passord-1');
      const dialog = page.getByRole('dialog', { name: t.reauth.title });
      await dialog.waitFor();
      await expectNoAxeViolations(page, 'back-office re-authentication dialog');
      await shot('asked');

      // Cancel: nothing saved, no error toast.
      await dialog.getByRole('button', { name: t.common.cancel, exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(await page.getByText(users.errors.changePassword.split(':')[0]).count(), 0);
      await page.keyboard.press('Escape');

      // Again, with the password: the refused change is sent again and saved.
      await setPassword('pia-nytt-passord-2');
      await dialog.waitFor();
      await dialog.getByLabel(t.reauth.password, { exact: true }).fill(ADMIN.password);
      await dialog.getByRole('button', { name: t.reauth.confirm, exact: true }).click();
      await toast(page, users.notifications.passwordChanged).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await shot('saved');

      // The owner signs in with the password the admin set.
      const { page: ownerPage } = await openPerson(DESKTOP, 'owner');
      await submitLogin(ownerPage, { email: owner.email, password: 'pia-nytt-passord-2' });
      await homeHeading(ownerPage).waitFor();
    }));
});
