/**
 * The prerendered login page (docs/architecture.md#prerendered-login-page): a first visit draws the login form from
 * the page's HTML before the app's code has run. What a person does there in the meantime is not lost: what was
 * typed, where the caret was, a press of 'Logg inn' and of the other buttons are taken over by the app's own page,
 * and a press sends the login at once, whose answer (a welcome or a refusal) the app adopts.
 * The app's code is held back here until the test lets it through, as a slow phone line would hold it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { main } from '../lib/texts.mjs';
import { holdAppCode, homeHeading, toast } from '../lib/ui.mjs';

const nb = main.nb;
const en = main.en;

const shell = (page) => page.locator('#login-shell');
const loginForm = (page, t = nb) => page.getByRole('form', { name: t.login.formLabel });

describe('Prerendered login page', () => {
  const app = useApp();

  it('is drawn before the app has run, and a login pressed there is sent at once and adopted by the app (phone)', () =>
    app.run('prerendered-login-pressed', PHONE, async ({ page, shot }) => {
      const owner = await createUser(app.url, { email: 'forhånd@example.com', name: 'Frida Forhånd', password: 'frida-secret-1' });
      const logins = [];
      const windowReads = [];
      let released = false;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/login') logins.push(request.method());
      });
      page.on('response', (res) => {
        const url = new URL(res.url());
        if (url.pathname !== '/api/calendar-window') return;
        windowReads.push({ range: url.search, afterApp: released, ifNoneMatch: res.request().headers()['if-none-match'], status: res.status() });
      });
      const release = await holdAppCode(page);
      // Not waiting for 'load': that needs the app's code.
      await page.goto('/auth', { waitUntil: 'commit' });
      const form = loginForm(page);
      await form.getByRole('button', { name: nb.login.signIn, exact: true }).waitFor();
      assert.equal(await shell(page).count(), 1, 'the form on screen is the prerendered one');
      await page.getByRole('heading', { name: nb.login.welcome, exact: true }).waitFor();
      await shot('login-before-app');

      await form.getByLabel(nb.login.email, { exact: true }).fill(owner.email);
      await form.getByLabel(nb.login.password, { exact: true }).fill('frida-secret-1');
      // The login goes while the app's code is still held back.
      const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/login');
      const firstWindow = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/calendar-window');
      await form.getByRole('button', { name: nb.login.signIn, exact: true }).click();
      // The press is kept: the button says so, and the page stays where it is (no form post, nothing in the address).
      await form.getByRole('button', { name: nb.login.signingIn, exact: true }).waitFor();
      assert.equal((await answered).status(), 200);
      assert.equal(new URL(page.url()).pathname, '/auth');
      assert.equal(new URL(page.url()).search, '');
      // A second press while it waits sends nothing more.
      await page.locator('#login-shell button[type="submit"]').click();

      // Its answer signed her in: the calendar's first window is read at once, while the app's code is still held.
      await firstWindow;
      // Whether the app ever puts its own login page on the page: an answer with a user goes straight on.
      await page.evaluate(() => {
        window.appLoginPageDrawn = false;
        const isLoginPage = (node) => node.nodeType === 1 && (node.matches('[data-login-page]') || !!node.querySelector('[data-login-page]'));
        new MutationObserver((records) => {
          if (records.some((record) => [...record.addedNodes].some(isLoginPage))) window.appLoginPageDrawn = true;
        }).observe(document.getElementById('root'), { childList: true, subtree: true });
      });
      released = true;
      release();
      await homeHeading(page).waitFor();
      assert.equal(new URL(page.url()).pathname, '/');
      assert.equal(await shell(page).count(), 0);
      assert.equal(await page.evaluate(() => window.appLoginPageDrawn), false, "the app's own login page was not drawn on the way");
      // Welcomed as a login typed in the app's form is, once, whichever of the app's screens had the answer first.
      await toast(page, nb.auth.loginSuccess).waitFor();
      assert.equal(await toast(page, nb.auth.loginSuccess).count(), 1);
      await shot('calendar-after-kept-press');
      assert.deepEqual(logins, ['POST'], 'the app adopted the answer instead of sending the login again');
      // The app drew that window as it was handed, and did not ask the server for it again (only the months beside it).
      const [first, ...later] = windowReads;
      assert.equal(first.afterApp, false);
      assert.equal(first.status, 200);
      assert.deepEqual(later.filter((read) => read.range === first.range), [], 'the app took the window it was handed as read');
    }));

  it('shows the refusal of a login pressed before the app was in, and keeps what was typed (phone)', () =>
    app.run('prerendered-login-refused', PHONE, async ({ page }) => {
      const owner = await createUser(app.url, { email: 'feiltast@example.com', name: 'Fia Feiltast', password: 'fia-secret-1' });
      const release = await holdAppCode(page);
      await page.goto('/auth', { waitUntil: 'commit' });
      const form = loginForm(page);
      await form.getByLabel(nb.login.email, { exact: true }).fill(owner.email);
      await form.getByLabel(nb.login.password, { exact: true }).fill('not-her-password');
      const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/login');
      await form.getByRole('button', { name: nb.login.signIn, exact: true }).click();
      assert.equal((await answered).status(), 401);

      release();
      await page.getByText(nb.auth.loginFailed, { exact: true }).waitFor();
      await shell(page).waitFor({ state: 'detached' });
      assert.equal(new URL(page.url()).pathname, '/auth');
      assert.equal(await form.getByLabel(nb.login.email, { exact: true }).inputValue(), owner.email);
      // The button is the app's again, ready for another try.
      await form.getByRole('button', { name: nb.login.signIn, exact: true }).waitFor();
    }));

  it('keeps what is typed and where the caret is when the app takes the form over (desktop)', () =>
    app.run('prerendered-login-typing', DESKTOP, async ({ page, shot }) => {
      const owner = await createUser(app.url, { email: 'tastar@example.com', name: 'Tore Tastar', password: 'tore-secret-1' });
      const release = await holdAppCode(page);
      // Not waiting for 'load': that needs the app's code.
      await page.goto('/auth', { waitUntil: 'commit' });
      const email = loginForm(page).getByLabel(nb.login.email, { exact: true });
      await email.click();
      await page.keyboard.type('tastar@exa');
      // The label has moved up out of the text's way, as on the app's own field.
      assert.equal(await page.locator('#login-shell .MuiFormControl-root:has(#login-email)').getAttribute('data-raised'), 'true');
      await shot('typing-before-app');

      release();
      await shell(page).waitFor({ state: 'detached' });
      // The app's own field has what was typed and the caret: typing simply goes on.
      await page.keyboard.type('mple.com');
      assert.equal(await email.inputValue(), owner.email);
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'email');
      await page.keyboard.press('Tab');
      await page.keyboard.type('tore-secret-1');
      await page.keyboard.press('Enter');
      await homeHeading(page).waitFor();
    }));

  it('presses again on the app\'s page the buttons pressed before it was in: English', () =>
    app.run('prerendered-login-language', PHONE, async ({ page, shot }) => {
      const release = await holdAppCode(page);
      // Not waiting for 'load': that needs the app's code.
      await page.goto('/auth', { waitUntil: 'commit' });
      await page.getByRole('button', { name: en.preferences.language_en, exact: true }).click();
      release();
      await page.getByRole('heading', { name: en.login.welcome, exact: true }).waitFor();
      await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
      assert.equal(await shell(page).count(), 0);
      await loginForm(page, en).getByRole('button', { name: en.login.signIn, exact: true }).waitFor();
      await shot('english-after-kept-press');
    }));

  it('gives way to the app\'s page when the visitor is signed in already', () =>
    app.run('prerendered-login-signed-in', PHONE, async ({ page }) => {
      const owner = await createUser(app.url, { email: 'allerede@example.com', name: 'Alf Allerede', password: 'alf-secret-1' });
      // Signed in through the API in this browser: the session cookie is there, the page is the app's plain one.
      const res = await page.request.post('/api/login', { data: { username: owner.email, password: 'alf-secret-1' } });
      assert.equal(res.status(), 200);
      await page.goto('/auth');
      await homeHeading(page).waitFor();
      assert.equal(await shell(page).count(), 0);
    }));
});
