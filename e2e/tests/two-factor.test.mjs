/**
 * Two-factor sign-in (docs/security.md): an owner turns it on in Settings with a code computed from the secret
 * shown beside the QR code, keeps the recovery codes, signs out, and signs in with password and code; on desktop
 * and phone, with axe on the setup, the recovery codes and the code step.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { expectNoAxeViolations } from '../lib/axe.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { main } from '../lib/texts.mjs';
import { totp } from '../lib/totp.mjs';
import { homeHeading, openMobileMenu, submitLogin } from '../lib/ui.mjs';

const t = main.nb;

/** A code of a later step than the one used last (the server takes each step once): waits out the used step. */
async function freshCode(secret, after) {
  let code = totp(secret);
  while (code === after) {
    await new Promise((done) => setTimeout(done, 1000));
    code = totp(secret);
  }
  return code;
}

describe('Two-factor sign-in', () => {
  const app = useApp();

  for (const [device, options] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    it(`is turned on in settings and asked for at the next sign-in (${device})`, () =>
      app.run(`two-factor-${device}`, options, async ({ page, shot }) => {
        const owner = await createUser(app.url, { email: `tofa-${device}@example.com`, name: 'Tove Faktor', password: 'tove-secret-1' });
        await submitLogin(page, owner);
        await homeHeading(page).waitFor();

        await page.goto('/settings?tab=twoFactor');
        await page.getByRole('tab', { name: t.settings.tabs.twoFactor, selected: true }).waitFor();
        await page.getByRole('button', { name: t.twoFactor.setup.start }).click();
        await page.getByRole('img', { name: t.twoFactor.setup.qrLabel }).waitFor();
        const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
        assert.match(secret, /^[A-Z2-7]{32}$/);
        const field = page.getByLabel(t.twoFactor.code, { exact: true });
        assert.equal(await field.getAttribute('autocomplete'), 'one-time-code');
        assert.equal(await field.getAttribute('inputmode'), 'numeric');
        await expectNoAxeViolations(page, `two-factor setup (${device})`);
        await shot('setup');

        const enableCode = totp(secret);
        await field.fill(enableCode);
        await page.getByRole('button', { name: t.twoFactor.setup.confirm }).click();
        const codes = page.getByTestId('recovery-codes').getByRole('listitem');
        await codes.first().waitFor();
        assert.equal(await codes.count(), 10);
        await expectNoAxeViolations(page, `recovery codes (${device})`);
        await shot('recovery-codes');
        await page.getByRole('button', { name: t.twoFactor.recovery.done }).click();
        await page.getByRole('alert').filter({ hasText: t.twoFactor.on.replace('{{count}}', '10') }).waitFor();

        if (device === 'phone') await openMobileMenu(page);
        await page.getByRole('button', { name: t.auth.logout, exact: true }).click();
        await page.waitForURL('**/auth');

        await submitLogin(page, owner);
        const step = page.getByRole('form', { name: t.login.code.formLabel });
        await step.waitFor();
        const codeField = step.getByLabel(t.login.code.label, { exact: true });
        assert.equal(await codeField.getAttribute('autocomplete'), 'one-time-code');
        await expectNoAxeViolations(page, `login code step (${device})`);
        await shot('code-step');
        await codeField.fill(await freshCode(secret, enableCode));
        await step.getByRole('button', { name: t.login.code.submit }).click();
        await homeHeading(page).waitFor();
        assert.equal(new URL(page.url()).pathname, '/');
        await shot('signed-in');
      }));
  }
});
