/**
 * Axe (WCAG 2.1 A/AA) on every route as each role that reaches it, plus the calendar's dialogs and the notification
 * popover, in one language on one device; a screenshot of each page is kept. Each variant is a test file of its own
 * (tests/accessibility-*.test.mjs), so the two run side by side.
 */
import { describe, it } from 'node:test';
import { createUser } from './api.mjs';
import { assertNoViolations, axeViolations } from './axe.mjs';
import { useApp } from './browser.mjs';
import { ADMIN } from './server.mjs';
import { logIn, switchLanguage } from './ui.mjs';

/** Waits until the route has fetched what it shows and no progress indicator is visible (a lasting one fails). */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.locator('[role="progressbar"]:visible').first().waitFor({ state: 'hidden' });
}

/** Visits each route and returns what axe found on all of them, so one run reports every problem. */
async function checkRoutes(page, shot, routes, label) {
  const found = [];
  for (const route of routes) {
    await page.goto(route);
    await settle(page);
    await shot(`${label}${route.replaceAll(/[/?=]+/g, '-')}`);
    found.push(...(await axeViolations(page, `${route} (${label})`)));
  }
  return found;
}

/** The routes of every role in `lang` on `device`; `name` labels the screenshots and the tests. */
export function describeAccessibility({ name, lang, device }) {
  describe(`Accessibility (axe, ${name})`, () => {
    const app = useApp();
    let owner;
    let mini;
    const enter = async (page) => {
      await page.goto('/auth');
      if (lang !== 'nb') await switchLanguage(page, lang);
    };

    it(`signed out: login and password reset (${name})`, () =>
      app.run(`a11y-anonymous-${name}`, device, async ({ page, shot }) => {
        await enter(page);
        assertNoViolations(await checkRoutes(page, shot, ['/auth', '/reset-password?token=unknown'], 'anonymous'));
      }));

    it(`owner: calendar, settings tabs, dialogs and the bell (${name})`, () =>
      app.run(`a11y-owner-${name}`, device, async ({ page, shot }) => {
        owner ??= await createUser(app.url, { email: 'eier@example.com', name: 'Eva Eier', password: 'eva-secret-1' });
        await enter(page);
        await logIn(page, owner, lang);
        const found = await checkRoutes(
          page,
          shot,
          ['/', '/settings', '/settings?tab=password', '/settings?tab=activity', '/settings?tab=calendarLink', '/settings?tab=notifications', '/cases', '/support', '/appointments'],
          'owner',
        );
        // The bell's popover opens over the home page.
        await page.goto('/');
        await settle(page);
        await page.getByTestId('notification-bell').click();
        // The popover is its own chunk: wait for its paper, and for the bell's tooltip to have faded out (axe reads a
        // tooltip caught mid-fade as low contrast).
        await page.locator('.MuiPopover-paper').waitFor();
        await page.getByRole('tooltip').waitFor({ state: 'detached' });
        await shot('owner-notifications');
        found.push(...(await axeViolations(page, `the notification popover (owner, ${name})`)));
        assertNoViolations(found);
      }));

    it(`mini admin: calendar and the read-only back office (${name})`, () =>
      app.run(`a11y-mini-admin-${name}`, device, async ({ page, shot }) => {
        mini ??= await createUser(app.url, { email: 'mini@example.com', name: 'Mia Mini', password: 'mia-secret-1', isMiniAdmin: true });
        await enter(page);
        await logIn(page, mini, lang);
        assertNoViolations(await checkRoutes(page, shot, ['/', '/admin/ical', '/admin/users', '/admin/ical-feeds'], 'mini-admin'));
      }));

    it(`admin: the back office's lists, forms and records (${name})`, () =>
      app.run(`a11y-admin-${name}`, device, async ({ page, shot }) => {
        owner ??= await createUser(app.url, { email: 'eier@example.com', name: 'Eva Eier', password: 'eva-secret-1' });
        await enter(page);
        await logIn(page, ADMIN, lang);
        const routes = ['/', '/admin/users', '/admin/users/create', `/admin/users/${owner.id}/show`, `/admin/users/${owner.id}`, '/admin/ical', '/admin/ical-feeds', '/admin/ical-feeds/create', '/admin/cases', '/cases'];
        assertNoViolations(await checkRoutes(page, shot, routes, 'admin'));
      }));
  });
}
