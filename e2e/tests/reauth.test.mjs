/**
 * Re-authentication before a sensitive change (docs/security.md#re-authentication): an owner signs in, lets the
 * window pass, changes the account number in Settings and is asked for the password in a dialog. Cancel leaves the
 * form as typed and nothing saved; the password sends the change again and it is saved. On desktop and phone, with
 * axe on the dialog. A browser cannot move the server's clock, so this file's app runs with a window of a few
 * seconds (REAUTH_WINDOW_SECONDS) and the test waits it out.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { expectNoAxeViolations } from '../lib/axe.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, submitLogin, toast } from '../lib/ui.mjs';

const t = main.nb;
const WINDOW_SECONDS = 5;

/** The signed-in person's account number as the server has it. */
const storedAccountNumber = (page) => page.evaluate(async () => (await (await fetch('/api/user')).json()).accountNumber);

describe('Re-authentication', () => {
  const app = useApp({ env: { REAUTH_WINDOW_SECONDS: String(WINDOW_SECONDS) } });

  for (const [device, options] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    it(`asks for the password again before an account number change once the window has passed (${device})`, () =>
      app.run(`reauth-${device}`, options, async ({ page, shot }) => {
        const owner = await createUser(app.url, { email: `reauth-${device}@example.com`, name: 'Rune Bekreft', password: 'rune-secret-1', accountNumber: '1111.22.33333' });
        await submitLogin(page, owner);
        await homeHeading(page).waitFor();
        await page.goto('/settings');
        const accountNumber = page.getByLabel(t.settings.profile.accountNumber, { exact: true });
        await accountNumber.waitFor();
        // The sign-in's proof is older than the window after this.
        await page.waitForTimeout((WINDOW_SECONDS + 1) * 1000);

        await accountNumber.fill('1234.56.78901');
        await page.getByRole('button', { name: t.settings.profile.save }).click();
        const dialog = page.getByRole('dialog', { name: t.reauth.title });
        await dialog.waitFor();
        await expectNoAxeViolations(page, `re-authentication dialog (${device})`);
        await shot('asked');

        // Cancel: nothing saved, the form keeps what was typed.
        await dialog.getByRole('button', { name: t.common.cancel, exact: true }).click();
        await dialog.waitFor({ state: 'hidden' });
        assert.equal(await accountNumber.inputValue(), '1234.56.78901');
        assert.equal(await storedAccountNumber(page), '1111.22.33333');
        assert.equal(await toast(page, t.settings.profile.saved).count(), 0);
        await shot('cancelled');

        // Again, with the password: the refused change is sent again and saved.
        await page.getByRole('button', { name: t.settings.profile.save }).click();
        await dialog.waitFor();
        await dialog.getByLabel(t.reauth.password, { exact: true }).fill(owner.password);
        await dialog.getByRole('button', { name: t.reauth.confirm, exact: true }).click();
        await toast(page, t.settings.profile.saved).waitFor();
        await dialog.waitFor({ state: 'hidden' });
        assert.equal(await storedAccountNumber(page), '1234.56.78901');
        await shot('saved');

        await page.reload();
        await accountNumber.waitFor();
        assert.equal(await accountNumber.inputValue(), '1234.56.78901');
      }));
  }
});
