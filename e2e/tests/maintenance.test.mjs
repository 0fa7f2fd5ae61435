/**
 * Maintenance mode as people meet it. An admin turns it on in the back office's system tab with a
 * message; the owner's next page load shows the maintenance screen with that message (the server refuses their
 * calls with 503, a sign-in too); the admin keeps working, turns it off, and the owner's next load is the calendar
 * again, still signed in.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { DESKTOP, useApp } from '../lib/browser.mjs';
import { ADMIN } from '../lib/server.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn } from '../lib/ui.mjs';

const t = main.nb;
const m = t.resources.system.maintenance;

/** In the system tab: sets the switch and the message, saves, and waits for the saved state's banner. */
async function setMaintenance(page, enabled, message) {
  await page.goto('/admin/system');
  const form = () => page.getByRole('form', { name: m.title });
  const toggle = form().getByLabel(m.enabled);
  if ((await toggle.isChecked()) !== enabled) await toggle.click();
  if (message !== undefined) await form().getByLabel(m.message).fill(message);
  await form().getByRole('button', { name: m.save }).click();
  await form().getByText(enabled ? m.on : m.off).waitFor();
}

describe('Maintenance mode', () => {
  const app = useApp();

  it('an owner sees the maintenance screen while it is on and gets back in when it is off', () =>
    app.run('maintenance', DESKTOP, async ({ page, shot }) => {
      const ole = await createUser(app.url, { email: 'ole@example.com', name: 'Ole Eier', password: 'ole-secret-1' });
      await logIn(page, ole);
      await homeHeading(page).waitFor();

      const adminContext = await page.context().browser().newContext({ ...DESKTOP, baseURL: app.url });
      try {
        const adminPage = await adminContext.newPage();
        await logIn(adminPage, ADMIN);
        await setMaintenance(adminPage, true, 'Vi oppgraderer, tilbake kl. 12');

        await page.reload();
        await page.getByRole('heading', { name: t.maintenance.title }).waitFor();
        await page.getByText('Vi oppgraderer, tilbake kl. 12').waitFor();
        assert.equal(await homeHeading(page).count(), 0, 'the calendar is not shown');
        assert.equal((await page.request.get('/api/user')).status(), 503, 'the server refuses the owner, not only the screen');
        await shot('owner-in-maintenance');

        // The owner tries the admin login on the maintenance screen: access denied.
        await page.getByRole('button', { name: t.maintenance.adminLogin }).click();
        await page.getByLabel(t.maintenance.username).fill(ole.email);
        await page.getByLabel(t.maintenance.password, { exact: true }).fill(ole.password);
        await page.getByRole('button', { name: t.maintenance.signIn, exact: true }).click();
        await page.getByRole('alert').filter({ hasText: t.maintenance.accessDenied }).waitFor();
        await shot('owner-denied');

        // The admin still works, and turns it off.
        await adminPage.goto('/');
        await homeHeading(adminPage).waitFor();
        await setMaintenance(adminPage, false);
      } finally {
        await adminContext.close();
      }

      // The refused sign-in on the maintenance screen left the owner's own session alone: once it is off, the next
      // load is the calendar, without signing in again.
      await page.goto('/');
      await homeHeading(page).waitFor();
      await shot('owner-back');
    }));
});
