/**
 * On a phone every control is at least 44 × 44 px to hit. Walks the routes each role reaches on a
 * 390 px touch screen, with the menu drawer and the notification popover open once, and fails on any smaller
 * control (lib/touch-targets.mjs says what counts as a control's hit area and what is exempt).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminAddsEvent, createUser, userMarksDay } from '../lib/api.mjs';
import { PHONE, useApp } from '../lib/browser.mjs';
import { inOslo, todayInOslo } from '../lib/calendar.mjs';
import { ADMIN } from '../lib/server.mjs';
import { smallTargets } from '../lib/touch-targets.mjs';
import { homeHeading, logIn, openMobileMenu } from '../lib/ui.mjs';
import { main } from '../lib/texts.mjs';

const OWNER_ROUTES = ['/', '/settings', '/settings?tab=password', '/settings?tab=calendarLink', '/settings?tab=notifications', '/payouts', '/prices', '/user/agreements', '/cases', '/support', '/appointments'];
const ADMIN_ROUTES = ['/admin/users', '/admin/feeds', '/admin/payouts', '/admin/cases', '/admin/agreements', '/admin/beds24', '/admin/system', '/admin/backups'];

/** Waits until the route has fetched what it shows and no progress indicator is visible. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.locator('[role="progressbar"]:visible').first().waitFor({ state: 'hidden' });
}

async function checkRoutes(page, shot, routes) {
  const found = [];
  for (const route of routes) {
    await page.goto(route);
    await settle(page);
    await shot(route === '/' ? 'home' : route.slice(1).replaceAll(/[/?=]+/g, '-'));
    found.push(...(await smallTargets(page)).map((target) => `${route}: ${target}`));
  }
  return found;
}

describe('Touch targets on a phone', () => {
  const app = useApp();
  const device = inOslo(PHONE);

  it('signed out: login and password reset', () =>
    app.run('touch-anonymous', device, async ({ page, shot }) => {
      assert.deepEqual(await checkRoutes(page, shot, ['/auth', '/reset-password?token=unknown']), []);
    }));

  it("an owner's pages, the menu and the bell", () =>
    app.run('touch-owner', device, async ({ page, shot }) => {
      const owner = await createUser(app.url, { email: 'touch.eier@example.com', name: 'Tove Eier', password: 'tove-secret-1' });
      // A booking in the month on screen, so the grid's bars are there (and exempt); no outcome depends on the date.
      const start = new Date();
      start.setUTCDate(10);
      await adminAddsEvent(app.url, owner.id, { title: 'Opphold', startTime: start.toISOString(), endTime: new Date(start.getTime() + 2 * 86_400_000).toISOString() });
      await logIn(page, owner);
      const found = await checkRoutes(page, shot, OWNER_ROUTES);

      await page.goto('/');
      await settle(page);
      await openMobileMenu(page);
      await shot('menu');
      found.push(...(await smallTargets(page, '.MuiDrawer-paper')).map((target) => `menu: ${target}`));
      await page.keyboard.press('Escape');
      await page.locator('.MuiDrawer-paper').waitFor({ state: 'hidden' });
      await page.getByTestId('notification-bell').click();
      await page.locator('.MuiPopover-paper').waitFor();
      await shot('bell');
      found.push(...(await smallTargets(page, '.MuiPopover-paper')).map((target) => `bell: ${target}`));
      assert.deepEqual(found, []);
    }));

  it("an admin's view of an owner's calendar, with a booking and a marked day", () =>
    app.run('touch-admin-views-owner', device, async ({ page, shot }) => {
      const owner = await createUser(app.url, { email: 'touch.vert@example.com', name: 'Vera Vert', password: 'vera-secret-1' });
      const start = new Date();
      start.setUTCDate(10);
      await adminAddsEvent(app.url, owner.id, { title: 'Opphold', startTime: start.toISOString(), endTime: new Date(start.getTime() + 2 * 86_400_000).toISOString() });
      // A mark on a day of the month on screen (the 20th, or the 5th late in a month): its dot shows in the grid.
      const today = todayInOslo();
      await userMarksDay(app.url, owner, { date: `${today.slice(0, 8)}${Number(today.slice(8)) > 25 ? '05' : '20'}`, markerType: 'vacation' });
      await logIn(page, ADMIN);
      await homeHeading(page).waitFor();
      const picker = page.getByRole('combobox', { name: main.nb.calendar.admin.pickerLabel });
      await picker.fill(owner.name);
      await page.getByRole('listbox').getByRole('option', { name: owner.name, exact: true }).click();
      await page.getByText(main.nb.calendar.admin.viewing.replace('{{name}}', owner.name), { exact: true }).waitFor();
      await page.locator('.cal-marker').first().waitFor();
      await settle(page);
      await shot('admin-views-owner');
      assert.deepEqual(await smallTargets(page), []);
    }));

  it("the back office's tabs as an admin", () =>
    app.run('touch-admin', device, async ({ page, shot }) => {
      await logIn(page, ADMIN);
      assert.deepEqual(await checkRoutes(page, shot, ADMIN_ROUTES), []);
    }));
});
