/**
 * The browser's 'ResizeObserver loop completed with undelivered notifications' report (a ResizeObserver whose callback
 * changes what it observes, as the calendar measuring its width does) never reaches the app's error log
 * (app/globalErrors.ts), while a real uncaught error still does; on a phone, on the calendar.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { PHONE, useApp } from '../lib/browser.mjs';
import { inOslo } from '../lib/calendar.mjs';
import { homeHeading, logIn } from '../lib/ui.mjs';

describe("the browser's benign reports", () => {
  const app = useApp();

  it('a ResizeObserver loop on the calendar is not logged as an error', () =>
    app.run('benign-errors', inOslo(PHONE), async ({ page }) => {
      const owner = await createUser(app.url, { email: 'rolig@example.com', name: 'Rita Rolig', password: 'rita-secret-1' });
      await page.goto('/auth');
      await logIn(page, owner);
      await homeHeading(page).waitFor();
      const errors = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });

      // A box that grows each time it is measured: the browser reports the loop as an error event on window.
      const reported = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const seen = [];
            window.addEventListener('error', (event) => seen.push(event.message));
            const box = document.createElement('div');
            document.body.append(box);
            let height = 10;
            new ResizeObserver(() => {
              height += 10;
              box.style.height = `${height}px`;
            }).observe(box);
            setTimeout(() => resolve(seen), 500);
          }),
      );
      assert.ok(reported.some((message) => message.startsWith('ResizeObserver loop')), `the browser reported the loop: ${reported.join(', ')}`);
      assert.deepEqual(errors.filter((text) => /ResizeObserver|Uncaught error/.test(text)), [], 'the app logged nothing for it');

      // An error event with an error in it is still logged (dispatched, so the test's page throws nothing itself).
      await page.evaluate(() => window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') })));
      for (let i = 0; i < 20 && !errors.some((text) => text.startsWith('Uncaught error')); i++) await page.waitForTimeout(50);
      assert.ok(errors.some((text) => text.startsWith('Uncaught error')), `the app logs a real error: ${errors.join(', ')}`);
    }));
});
