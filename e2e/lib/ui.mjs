/** What a person does in the main app, step by step, through the visible texts of the chosen language. */
import { main } from './texts.mjs';

/**
 * Waits until the app's own login page has taken over from the prerendered one (at once on any other page). Steps
 * on the login page wait for it: a field found just before the take-over would be filled after it, into a form no
 * longer on the page, and a click whose press lands on the prerendered button and whose release on the app's is no
 * click at all (the take-over itself: tests/prerendered-login.test.mjs).
 */
export const appLoginPage = (page) => page.locator('#login-shell').waitFor({ state: 'detached' });

/** Opens /auth and sends the form; what happens next is the caller's to check. */
export async function submitLogin(page, { email, password }, lang = 'nb') {
  const t = main[lang];
  await page.goto('/auth');
  await appLoginPage(page);
  const form = page.getByRole('form', { name: t.login.formLabel });
  await form.getByLabel(t.login.email, { exact: true }).fill(email);
  await form.getByLabel(t.login.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: t.login.signIn, exact: true }).click();
}

/** Logs in and waits until the app has left the login page. */
export async function logIn(page, account, lang = 'nb') {
  await submitLogin(page, account, lang);
  await page.waitForURL((url) => url.pathname !== '/auth');
}

/** The home page's heading ('Kalender' / 'Calendar'). */
export const homeHeading = (page, lang = 'nb') => page.getByRole('heading', { name: main[lang].calendar.title, exact: true });

/** The sidebar (desktop) or the menu drawer once opened (phone). */
export const mainMenu = (page, lang = 'nb') => page.getByRole('navigation', { name: main[lang].nav.label });

/** Phone layout: the header's menu button opens the sidebar as a drawer. */
export async function openMobileMenu(page, lang = 'nb') {
  await page.getByRole('button', { name: main[lang].nav.openMenu }).click();
  await mainMenu(page, lang).waitFor();
}

/** Clicks 'Norsk' or 'English' in the language switch (each is named in its own language, so in either UI). */
export async function switchLanguage(page, to) {
  await appLoginPage(page);
  const button = page.getByRole('button', { name: main[to].preferences[`language_${to}`], exact: true });
  await button.click();
  // The app sets <html lang> once i18next has switched.
  await page.locator(`html[lang="${to}"]`).waitFor({ state: 'attached' });
}

/** Clicks 'Logg ut' in the sidebar and waits for the login page. */
export async function logOut(page, lang = 'nb') {
  await page.getByRole('button', { name: main[lang].auth.logout, exact: true }).click();
  await page.waitForURL('**/auth');
}

/** The toast (MUI Alert, role alert) that has this title. */
export const toast = (page, title) => page.getByRole('alert').filter({ hasText: title });

/**
 * Holds the app's entry script back until the returned `release()` is called, as a slow phone line would: the page
 * has only its HTML, its styles and its inline boot scripts meanwhile (the prerendered login page, the calendar
 * snapshot). Navigate with `{ waitUntil: 'commit' }`: 'load' needs the app's code.
 */
export async function holdAppCode(page) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
