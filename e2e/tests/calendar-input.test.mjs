/**
 * Every action on every input. On a phone a long press marks a day (a right-click's job with a
 * mouse); from the keyboard a focused day opens with Enter and is marked with 'm'; a long press, right-click or
 * 'm' on a marked day offers its details and removal instead of a second mark; a marked day's cell says so to
 * screen readers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { chooseDesktopView, confirm, dayCell, dayInMonthsAhead, dialog, inOslo, markerInDay } from '../lib/calendar.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn, switchLanguage } from '../lib/ui.mjs';

/** Holds a finger on the element's centre for `ms`, through Chromium's own touch input (scrolled into view first). */
async function longPress(page, locator, ms = 800) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await page.waitForTimeout(ms);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('Calendar from touch and keyboard', () => {
  const app = useApp();

  it('marks a day with a long press on a phone, names it for screen readers, and a second press offers its removal', () =>
    app.run('calendar-long-press', inOslo(PHONE), async ({ page, shot }) => {
      const t = main.en.calendar;
      const ada = await createUser(app.url, { email: 'ada@example.com', name: 'Ada Trykk', password: 'ada-secret-1' });
      // The phone shows this month only.
      const date = dayInMonthsAhead(0, 15);

      await page.goto('/auth');
      await switchLanguage(page, 'en');
      await logIn(page, ada, 'en');
      await homeHeading(page, 'en').waitFor();
      // The press goes to a point on the screen: wait until the page above the grid is complete (an empty
      // calendar's first-use panel), so the grid is where it was measured when the finger lands.
      await page.getByRole('region', { name: t.firstUse.title, exact: true }).waitFor();

      await longPress(page, dayCell(page, date, 'en'));
      const form = dialog(page, t.markedDay.heading);
      await form.waitFor();
      await shot('long-press-mark-dialog');
      // The finger that lifted did not also tap: no add dialog behind it.
      assert.equal(await dialog(page, t.addEvent.heading).count(), 0, 'the long press did not also open the add dialog');
      await form.getByRole('button', { name: t.markedDay.save, exact: true }).click();
      await form.waitFor({ state: 'detached' });

      await markerInDay(page, date, 'busy', 'en').waitFor();
      const cellName = await dayCell(page, date, 'en').getAttribute('aria-label');
      assert.equal(cellName, t.markedDay.cellLabel.replace('{{types}}', t.markerType.busy).replace(/^/, `${cellName.split(' (')[0]} `));
      await shot('day-marked');

      // A second long press on the marked day: its details, with removal, not a mark the server would refuse.
      await longPress(page, dayCell(page, date, 'en'));
      const detail = dialog(page, t.markerType.busy);
      await detail.waitFor();
      assert.equal(await dialog(page, t.markedDay.heading).count(), 0, 'no second mark is offered');
      await shot('long-press-marked-detail');
      await detail.getByRole('button', { name: t.detail.delete, exact: true }).click();
      await confirm(page, t.markedDay.confirmDeleteTitle, t.detail.delete);
      await detail.waitFor({ state: 'detached' });
      await markerInDay(page, date, 'busy', 'en').waitFor({ state: 'detached' });
      assert.equal(await dayCell(page, date, 'en').getAttribute('aria-label'), null, 'the unmarked day has its plain name again');
    }));

  it('reaches days from the keyboard on a desktop: Tab, arrows, m to mark, Enter to add; right-click on a mark shows it', () =>
    app.run('calendar-keyboard', inOslo(DESKTOP), async ({ page, shot }) => {
      const t = main.nb.calendar;
      const kai = await createUser(app.url, { email: 'kai@example.com', name: 'Kai Taster', password: 'kai-secret-1' });
      const date = dayInMonthsAhead(1, 10);

      await page.goto('/auth');
      await chooseDesktopView(page);
      await logIn(page, kai);
      await homeHeading(page).waitFor();

      // One tab stop for the whole grid: today's cell, which says how to use it.
      const today = page.locator('[data-date][tabindex="0"]');
      assert.equal(await today.count(), 1, 'exactly one day is in the tab order');
      assert.equal(await today.getAttribute('aria-current'), 'date', "the tab stop is today's cell");
      const hint = await page.locator(`[id="${await today.getAttribute('aria-describedby')}"]`).textContent();
      assert.equal(hint, t.dayKeyboardHint);

      const cell = dayCell(page, date);
      await cell.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-date')), date.toISOString().slice(0, 10));
      await shot('day-focused');

      await page.keyboard.press('m');
      const form = dialog(page, t.markedDay.heading);
      await form.waitFor();
      await form.getByRole('button', { name: t.markedDay.save, exact: true }).click();
      await form.waitFor({ state: 'detached' });
      await markerInDay(page, date, 'busy').waitFor();
      assert.match(await cell.getAttribute('aria-label'), new RegExp(`${t.markerType.busy}\\)$`));

      // The marked day's right-click and 'm' show the mark.
      await cell.click({ button: 'right' });
      const detail = dialog(page, t.markerType.busy);
      await detail.getByRole('button', { name: t.detail.delete, exact: true }).waitFor();
      await shot('right-click-marked-detail');
      await detail.getByRole('button', { name: t.detail.close, exact: true }).click();
      await detail.waitFor({ state: 'detached' });
      await cell.focus();
      await page.keyboard.press('m');
      await detail.waitFor();
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });

      await cell.focus();
      await page.keyboard.press('Enter');
      await dialog(page, t.addEvent.heading).waitFor();
      await shot('enter-add-dialog');
    }));
});
