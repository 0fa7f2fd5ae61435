/**
 * A mini admin sees the screens their role gives them (docs/product/app.md#pages-and-access), read-only, with no error on the way: the
 * calendar home (their own calendar; reading another user's calendar needs a full admin, so there is no user
 * picker to lead there), the back office's own-iCal, users and all-feeds lists marked 'Kun lesing', and every other
 * screen of the app and the back office they can reach. No call of theirs is refused, and no form the server would
 * refuse them is offered.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { DESKTOP, useApp } from '../lib/browser.mjs';
import { chooseDesktopView, inOslo } from '../lib/calendar.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn, mainMenu } from '../lib/ui.mjs';

const t = main.nb;

describe('Mini admin', () => {
  const app = useApp();

  it('walks the calendar and the back office read-only without a refused call or an error', () =>
    app.run('mini-admin', inOslo(DESKTOP), async ({ page, shot }) => {
      const mia = await createUser(app.url, { email: 'mia@example.com', name: 'Mia Mini', password: 'mia-secret-1', isMiniAdmin: true });
      await createUser(app.url, { email: 'ole@example.com', name: 'Ole Eier', password: 'ole-secret-1' });
      const refused = [];
      const errors = () => page.locator('.MuiAlert-standardError, .MuiAlert-filledError, .MuiSnackbarContent-root');

      await page.goto('/auth');
      await chooseDesktopView(page);
      await logIn(page, mia);
      await homeHeading(page).waitFor();
      // From here on, logged in: every call must be one a mini admin may make.
      page.on('response', (res) => {
        if (res.url().includes('/api/') && [401, 403].includes(res.status())) refused.push(`${res.status()} ${new URL(res.url()).pathname}`);
      });
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByRole('combobox', { name: t.calendar.admin.pickerLabel }).count(), 0, 'no picker that leads to a refused calendar');
      await shot('calendar');

      await mainMenu(page).getByRole('link', { name: t.nav.adminTools }).click();
      await page.waitForURL('**/admin/ical');
      await page.getByText(t.admin.readOnly, { exact: true }).first().waitFor();
      await shot('admin-ical');

      await page.goto('/admin/ical-feeds');
      await page.waitForLoadState('networkidle');
      await shot('all-feeds');

      // The users list, and a row of it opens the user read-only.
      await page.goto('/admin/users');
      await page.getByText(t.admin.readOnly, { exact: true }).first().waitFor();
      await shot('users');
      await page.getByRole('row').filter({ hasText: 'ole@example.com' }).click();
      await page.waitForURL('**/admin/users/*/show');
      await page.waitForLoadState('networkidle');
      await page.getByText('Ole Eier').first().waitFor();
      await shot('user-show');

      // Every other screen a mini admin can reach, in the app and the back office: none calls what they may not.
      for (const [path, slug] of [
        ['/settings', 'settings'], ['/user/agreements', 'agreements'], ['/payouts', 'payouts'], ['/prices', 'prices'], ['/cases', 'cases'],
        ['/support', 'support'], ['/appointments', 'appointments'], ['/admin/agreements', 'admin-agreements'], ['/admin/cases', 'admin-cases'],
        ['/admin/payouts', 'admin-payouts'], ['/admin/jobs', 'admin-jobs'],
      ]) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await shot(slug);
        if (path === '/support') {
          // The old ticket form is the server's to refuse a mini admin, so it is not offered.
          assert.equal(await page.getByRole('tab', { name: t.support.page.new, exact: true }).count(), 0, 'no new-ticket form on /support');
        }
      }
      assert.match(page.url(), /\/admin\/jobs$/);

      assert.deepEqual(refused, [], 'no call of the mini admin is refused');
      assert.equal(await errors().count(), 0, 'no error on screen');
    }));
});
