/**
 * An admin works on a homeowner's calendar. Picks the user in the toolbar, adds an event for them through
 * the add dialog's user picker, recolours it, and the homeowner then sees it in the new colour.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { DESKTOP, useApp } from '../lib/browser.mjs';
import {
  backgroundOf,
  choose,
  chooseDesktopView,
  dayInMonthsAhead,
  dialog,
  eventInDay,
  fillAddDialog,
  inOslo,
  openAddDialog,
  waitForBackground,
} from '../lib/calendar.mjs';
import { ADMIN } from '../lib/server.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn, logOut, toast } from '../lib/ui.mjs';

const t = main.nb.calendar;
const RED = '#dc2626'; // a new event's colour as drawn, dark enough for white text (docs/development.md#colour-contrast)
const GREEN = '#16a34a'; // one of the admin palette's colours, named 'Grønn' in its menu

describe('Admin on a user calendar', () => {
  const app = useApp();

  it("adds an event to a user's calendar, recolours it, and the user sees it in that colour", () =>
    app.run('calendar-admin-event', inOslo(DESKTOP), async ({ page, shot }) => {
      const ola = await createUser(app.url, { email: 'ola@example.com', name: 'Ola Normann', password: 'ola-secret-1' });
      const date = dayInMonthsAhead(1, 12);
      const title = 'Service på varmepumpe';

      await page.goto('/auth');
      await chooseDesktopView(page);
      await logIn(page, ADMIN);
      await homeHeading(page).waitFor();
      // The desktop picker names each user with their username.
      await choose(page, page.getByRole('combobox', { name: t.admin.pickerLabel }), `${ola.name} (${ola.email})`);
      await page.getByText(t.admin.viewing.replace('{{name}}', ola.name), { exact: true }).waitFor();
      await shot('viewing-user-calendar');

      const form = await openAddDialog(page);
      const userPicker = form.getByRole('combobox', { name: t.addEvent.pickUser });
      // It starts on the calendar being viewed; staff search it by name, and the admin's own entry is marked '(Meg)'.
      assert.equal(await userPicker.inputValue(), `${ola.name} (${ola.email})`);
      await userPicker.fill('Admin');
      await page.getByRole('option', { name: `Administrator ${t.addEvent.me}`, exact: true }).waitFor();
      await shot('user-picker-open');
      await userPicker.fill('Ola');
      await page.getByRole('option', { name: `${ola.name} (${ola.email})`, exact: true }).click();
      await fillAddDialog(form, { title, from: date });
      await shot('add-dialog-filled');
      await form.getByRole('button', { name: t.addEvent.save, exact: true }).click();
      await form.waitFor({ state: 'detached' });
      await toast(page, t.addEvent.created).filter({ hasText: t.addEvent.savedForUser }).waitFor();

      const event = eventInDay(page, date, title);
      await event.waitFor();
      assert.equal(await backgroundOf(event), RED);
      await shot('event-on-user-calendar');

      // The bar is a button that opens the event; its colour is picked in the dialog.
      await event.click();
      const palette = page.getByRole('dialog').getByRole('group', { name: t.admin.changeColor, exact: true });
      await shot('colour-palette');
      await palette.getByRole('button', { name: main.nb.calendar.palette.green, exact: true }).click();
      await waitForBackground(event, GREEN);
      await shot('event-recoloured');

      // The homeowner finds the event on their own calendar, in the admin's colour.
      await logOut(page);
      await logIn(page, ola);
      await homeHeading(page).waitFor();
      const ownEvent = eventInDay(page, date, title);
      await ownEvent.waitFor();
      assert.equal(await backgroundOf(ownEvent), GREEN);
      await ownEvent.click();
      const heading = dialog(page, title).getByRole('heading', { name: title, exact: true });
      await heading.waitFor();
      assert.equal(await backgroundOf(heading.locator('..')), GREEN, "the detail dialog's title bar has the event's colour");
      await shot('user-sees-green-event');
    }));
});
