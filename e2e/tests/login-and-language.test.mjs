/** Logging in (Norwegian by default), the language switch and the login error. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DESKTOP, useApp } from '../lib/browser.mjs';
import { ADMIN } from '../lib/server.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn, mainMenu, submitLogin, switchLanguage, toast } from '../lib/ui.mjs';

const { nb, en } = main;

describe('Login and language', () => {
  const app = useApp();

  it('logs the admin in in Norwegian, switches to English, and keeps English after a reload', () =>
    app.run('admin-language', DESKTOP, async ({ page, shot }) => {
      await page.goto('/auth');
      await page.getByRole('heading', { name: nb.login.welcome, exact: true }).waitFor();
      await shot('login-page-nb');

      await logIn(page, ADMIN);
      await homeHeading(page, 'nb').waitFor();
      await mainMenu(page, 'nb').getByRole('link', { name: nb.nav.settings }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/');
      await shot('home-nb');

      await switchLanguage(page, 'en');
      await homeHeading(page, 'en').waitFor();
      await mainMenu(page, 'en').getByRole('link', { name: en.nav.settings }).waitFor();
      await page.getByRole('button', { name: en.auth.logout, exact: true }).waitFor();
      await shot('home-en');

      await page.reload();
      await homeHeading(page, 'en').waitFor();
      await mainMenu(page, 'en').getByRole('link', { name: en.nav.adminTools }).waitFor();
      await shot('home-en-after-reload');
    }));

  it('shows the login error for a wrong password and stays on /auth', () =>
    app.run('wrong-password', DESKTOP, async ({ page, shot }) => {
      await submitLogin(page, { email: ADMIN.email, password: 'not-the-password' });
      // The title is the app's; the text under it is the server's answer.
      const error = toast(page, nb.auth.loginFailed);
      await error.waitFor();
      assert.match(await error.innerText(), /Ugyldig brukernavn eller passord/);
      assert.equal(new URL(page.url()).pathname, '/auth');
      // The form is ready for another try.
      await page.getByRole('button', { name: nb.login.signIn, exact: true, disabled: false }).waitFor();
      await shot('login-failed');
    }));
});
