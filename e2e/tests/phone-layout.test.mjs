/** A 390 × 844 phone: the header menu, the settings page and saving the profile name. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { PHONE, useApp } from '../lib/browser.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn, mainMenu, openMobileMenu, toast } from '../lib/ui.mjs';

const { nb } = main;

describe('Phone layout', () => {
  const app = useApp();

  it('logs in, opens the menu, goes to settings and saves a new profile name', () =>
    app.run('phone-profile-name', PHONE, async ({ page, shot }) => {
      const user = await createUser(app.url, { email: 'per@example.com', name: 'Per Hansen', password: 'per-secret-1' });
      const newName = 'Per Olav Hansen';

      await logIn(page, user);
      await homeHeading(page).waitFor();
      // On a phone the sidebar is hidden behind the header's menu button.
      assert.equal(await mainMenu(page).isVisible(), false, 'the menu is closed at first');
      await shot('home');

      await openMobileMenu(page);
      await shot('menu-open');
      await mainMenu(page).getByRole('link', { name: nb.nav.settings }).click();
      await page.waitForURL('**/settings');
      await page.getByRole('heading', { name: nb.settings.title, exact: true }).waitFor();
      await mainMenu(page).waitFor({ state: 'hidden' });
      const nameField = page.getByLabel(nb.settings.profile.name, { exact: true });
      assert.equal(await nameField.inputValue(), user.name);
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(pageWidth <= 390, `settings fit the phone's width without sideways scrolling (${pageWidth} px)`);
      await shot('settings');

      await nameField.fill(newName);
      await page.getByRole('button', { name: nb.settings.profile.save, exact: true }).click();
      // Toasts queue one at a time, so this one may wait for the login toast to leave.
      await toast(page, nb.settings.profile.saved).waitFor();
      await shot('profile-saved');

      await openMobileMenu(page);
      await page.getByText(newName, { exact: true }).waitFor(); // the drawer's user card
      await shot('menu-with-new-name');

      await page.reload();
      await page.getByRole('heading', { name: nb.settings.title, exact: true }).waitFor();
      assert.equal(await page.getByLabel(nb.settings.profile.name, { exact: true }).inputValue(), newName);
      await shot('settings-after-reload');
    }));
});
