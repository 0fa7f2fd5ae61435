/**
 * Toasts (docs/product/app.md#toasts). A failed password change (a common password the server refuses) shows its
 * error; the retry that works replaces
 * it (one toast at a time, no stale error left standing); F8 takes the focus to the toast region. The change then
 * stands first in Settings → Activity.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { DESKTOP, useApp } from '../lib/browser.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn, switchLanguage, toast } from '../lib/ui.mjs';

describe('Toasts', () => {
  const app = useApp();

  it('replaces a stale error with the newest result, one at a time, and F8 reaches it', () =>
    app.run('toasts', DESKTOP, async ({ page, shot }) => {
      const t = main.en;
      const eva = await createUser(app.url, { email: 'eva@example.com', name: 'Eva Varsel', password: 'eva-secret-1' });

      await page.goto('/auth');
      await switchLanguage(page, 'en');
      await logIn(page, eva, 'en');
      await homeHeading(page, 'en').waitFor();
      await page.goto('/settings');
      await page.getByRole('tab', { name: t.settings.tabs.password, exact: true }).click();

      const change = async (password) => {
        await page.getByLabel(t.settings.password.new, { exact: true }).fill(password);
        await page.getByLabel(t.settings.password.confirm, { exact: true }).fill(password);
        // From the keyboard: the mouse stays where it is.
        await page.getByRole('button', { name: t.settings.password.submit, exact: true }).press('Enter');
      };

      await change('password1234');
      await toast(page, t.settings.password.failed).waitFor();
      // A pointer resting on a toast keeps it up: it cannot just have timed out when the next one shows.
      await toast(page, t.settings.password.failed).hover();
      await shot('error-toast');

      await change('eva-secret-number-2');
      await toast(page, t.settings.password.changed).waitFor();
      assert.equal(await toast(page, t.settings.password.failed).count(), 0, 'the stale error is gone');
      assert.equal(await page.getByRole('alert').count(), 1, 'one toast at a time');
      await shot('success-replaces-error');

      await page.keyboard.press('F8');
      const region = page.getByRole('region', { name: t.common.notifications, exact: true });
      assert.ok(await region.evaluate((el) => el.contains(document.activeElement)), 'F8 moved the focus into the toast region');

      // The change is in her activity (docs/security.md#the-audit-log): newest first, in words, done by her.
      await page.getByRole('tab', { name: t.activity.tab, exact: true }).click();
      const newest = page.getByRole('list', { name: t.activity.title }).getByRole('listitem').first();
      await newest.getByRole('heading', { name: t.activity.actions.password_changed }).waitFor();
      assert.match(await newest.innerText(), new RegExp(t.activity.byLine.replace('{{who}}', t.activity.by.you)));
      await shot('activity');
    }));
});
