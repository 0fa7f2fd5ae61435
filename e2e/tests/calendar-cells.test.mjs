/**
 * Month cells (docs/product/calendar.md#validation-and-limits) are at least 60 px high on a desktop in both size modes (the 3-month view
 * on a 1366 px screen is the tightest) and at least 36 px on a phone; the year's twelve months fit one desktop
 * screen.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { inOslo } from '../lib/calendar.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn, switchLanguage } from '../lib/ui.mjs';

/** The lowest and highest day cell of the shown month grids, in CSS pixels. */
async function cellHeights(page) {
  await page.locator('.cal-root [role="cell"][data-date]').first().waitFor();
  return page.evaluate(() => {
    const heights = [...document.querySelectorAll('.cal-root [role="cell"][data-date]')].map((c) => c.getBoundingClientRect().height);
    return { count: heights.length, min: Math.min(...heights) };
  });
}

describe('Calendar cells', () => {
  const app = useApp();

  it('keeps 3-month cells at least 60 px high in the large and the compact size (nb, 1366 px desktop)', () =>
    app.run('cells-desktop', inOslo({ ...DESKTOP, viewport: { width: 1366, height: 768 } }), async ({ page, shot }) => {
      const owner = await createUser(app.url, { email: 'celle@example.com', name: 'Cecilie Celle', password: 'celle-secret-1' });
      await logIn(page, owner);
      await homeHeading(page).waitFor();
      const large = await cellHeights(page);
      assert.ok(large.count >= 3 * 28, `three months are shown (${large.count} cells)`);
      assert.ok(large.min >= 60, `large cells are ${large.min} px high`);
      await shot('large');

      await page.getByRole('button', { name: main.nb.calendar.size.compact, exact: true }).click();
      await page.waitForFunction(() => document.querySelector('.cal-root.cal-compact'));
      const compact = await cellHeights(page);
      assert.ok(compact.min >= 60, `compact cells are ${compact.min} px high`);
      await shot('compact');

      await page.getByRole('button', { name: main.nb.calendar.size.large, exact: true }).click();
      await page.getByRole('button', { name: main.nb.calendar.views.year, exact: true }).click();
      await page.waitForFunction(() => document.querySelectorAll('.cal-root [role="cell"][data-date]').length >= 365);
      const yearHeight = await page.evaluate(() => document.querySelector('.cal-root').getBoundingClientRect().height);
      // Below the 130 px of title and toolbar, a 768 px screen has about 640 px for the year.
      assert.ok(yearHeight <= 640, `the year view is ${yearHeight} px high`);
      await shot('year');
    }));

  it('keeps month cells at least 36 px high on a phone (en)', () =>
    app.run('cells-phone', inOslo(PHONE), async ({ page, shot }) => {
      const owner = await createUser(app.url, { email: 'cell@example.com', name: 'Cecil Cell', password: 'cell-secret-1' });
      await page.goto('/auth');
      await switchLanguage(page, 'en');
      await logIn(page, owner, 'en');
      await homeHeading(page, 'en').waitFor();
      const phone = await cellHeights(page);
      assert.ok(phone.min >= 36, `phone cells are ${phone.min} px high`);
      await shot('month');
    }));
});
