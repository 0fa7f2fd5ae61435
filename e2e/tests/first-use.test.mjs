/**
 * A new owner's empty calendar says what to do next, each step a direct action; closing it is
 * remembered, and it goes by itself once the calendar holds something.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { inOslo } from '../lib/calendar.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn, switchLanguage } from '../lib/ui.mjs';

const panel = (page, lang) => page.getByRole('region', { name: main[lang].calendar.firstUse.title });

describe('First use', () => {
  const app = useApp();

  it('leads a new owner to the feed manager, blocking time and the calendar link, and stays closed once closed (nb desktop)', () =>
    app.run('first-use-nb-desktop', inOslo(DESKTOP), async ({ page, shot }) => {
      const t = main.nb.calendar.firstUse;
      const owner = await createUser(app.url, { email: 'ny@example.com', name: 'Nora Ny', password: 'nora-secret-1' });
      await logIn(page, owner);
      await homeHeading(page).waitFor();
      await panel(page, 'nb').waitFor();
      await shot('panel');

      await page.getByRole('button', { name: t.feedAction, exact: true }).click();
      await page.getByRole('dialog').waitFor();
      await shot('feed-manager');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: t.blockAction, exact: true }).click();
      await page.getByRole('dialog', { name: main.nb.calendar.addEvent.heading }).waitFor();
      await shot('block-time');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      await page.getByRole('link', { name: t.subscribeAction, exact: true }).click();
      await page.waitForURL('**/settings?tab=calendarLink');
      assert.equal(await page.getByRole('tab', { name: main.nb.calendarLink.tab }).getAttribute('aria-selected'), 'true');
      await shot('calendar-link-tab');

      await page.goto('/');
      await page.getByRole('button', { name: t.close, exact: true }).click();
      await panel(page, 'nb').waitFor({ state: 'detached' });
      await page.reload();
      await homeHeading(page).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await panel(page, 'nb').count(), 0, 'a closed panel stays closed');
    }));

  it('speaks English on a phone and goes once a day is marked (en phone)', () =>
    app.run('first-use-en-phone', inOslo(PHONE), async ({ page, shot }) => {
      const t = main.en.calendar.firstUse;
      const owner = await createUser(app.url, { email: 'new@example.com', name: 'Nina New', password: 'nina-secret-1' });
      await page.goto('/auth');
      await switchLanguage(page, 'en');
      await logIn(page, owner, 'en');
      await panel(page, 'en').waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the panel fits the phone (${width} px)`);
      await shot('panel');

      await page.getByRole('button', { name: t.markAction, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: main.en.calendar.markedDay.heading });
      await dialog.waitFor();
      await shot('mark-dialog');
      await dialog.getByRole('button', { name: main.en.calendar.markedDay.save, exact: true }).click();
      await panel(page, 'en').waitFor({ state: 'detached' });
      await shot('marked');
    }));
});
