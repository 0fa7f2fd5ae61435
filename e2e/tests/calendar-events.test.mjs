/**
 * A homeowner's own calendar. Creating, opening and deleting an event on a desktop in Norwegian and on a
 * 390 × 844 phone in English, and marking a day by right-click.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import {
  addDays,
  backgroundOf,
  choose,
  chooseDesktopView,
  confirm,
  dateFieldText,
  dayInMonthsAhead,
  dialog,
  eventInDay,
  fillAddDialog,
  inOslo,
  markerInDay,
  monthTable,
  openAddDialog,
  openMarkDayDialog,
  shortDate,
} from '../lib/calendar.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn, switchLanguage, toast } from '../lib/ui.mjs';

/** The add dialog's fixed 11:00–15:00 as the detail dialog writes them: 24-hour in both languages (docs/product/calendar.md#validation-and-limits). */
const FIXED_TIME_RANGE = '11:00 – 15:00';

describe('Calendar events and marked days', () => {
  const app = useApp();

  it('creates an event on a desktop in Norwegian, sees it in the 3-month view, opens and deletes it', () =>
    app.run('calendar-event-desktop-nb', inOslo(DESKTOP), async ({ page, shot }) => {
      const t = main.nb.calendar;
      const kari = await createUser(app.url, { email: 'kari@example.com', name: 'Kari Nordmann', password: 'kari-secret-1' });
      // Next month's 10th and 11th: always inside the 3-month view that opens on the current month.
      const from = dayInMonthsAhead(1, 10);
      const to = addDays(from, 1);
      const title = 'Hyttetur med familien';

      await page.goto('/auth');
      await chooseDesktopView(page);
      await logIn(page, kari);
      await homeHeading(page).waitFor();
      // The desktop month view shows this month and the next two, no more.
      for (const month of [0, 1, 2]) await monthTable(page, dayInMonthsAhead(month, 1)).waitFor();
      assert.equal(await monthTable(page, dayInMonthsAhead(3, 1)).count(), 0, 'a fourth month is not shown');
      await shot('three-months');

      const form = await openAddDialog(page);
      assert.equal(await form.getByLabel(t.addEvent.titleLabel).inputValue(), t.addEvent.defaultTitle);
      assert.equal(await form.getByLabel(t.addEvent.startTime).inputValue(), '11:00');
      assert.equal(await form.getByLabel(t.addEvent.endTime).inputValue(), '15:00');
      await fillAddDialog(form, { title, from, to });
      await shot('add-dialog-filled');
      await form.getByRole('button', { name: t.addEvent.save, exact: true }).click();
      await form.waitFor({ state: 'detached' });
      await toast(page, t.addEvent.created).filter({ hasText: t.addEvent.saved }).waitFor();

      const event = eventInDay(page, from, title);
      await event.waitFor();
      await shot('event-in-grid');

      await event.click();
      const detail = dialog(page, title);
      await detail.waitFor();
      await detail.getByText(`${shortDate(from)} – ${shortDate(to)} · ${FIXED_TIME_RANGE}`, { exact: true }).waitFor();
      await shot('event-detail');

      await detail.getByRole('button', { name: t.detail.delete, exact: true }).click();
      await dialog(page, t.detail.confirmDeleteTitle).getByText(t.detail.confirmDeleteText).waitFor();
      await shot('confirm-delete');
      await confirm(page, t.detail.confirmDeleteTitle, t.detail.delete);
      await detail.waitFor({ state: 'detached' });
      await toast(page, t.detail.deleted).waitFor();
      await event.waitFor({ state: 'detached' });
      await shot('event-deleted');
    }));

  it('does the same on a 390 px phone in English, with the one-month view and the cut title', () =>
    app.run('calendar-event-phone-en', inOslo(PHONE), async ({ page, shot }) => {
      const t = main.en.calendar;
      const per = await createUser(app.url, { email: 'per@example.com', name: 'Per Hansen', password: 'per-secret-1' });
      const date = dayInMonthsAhead(1, 10);
      // 8 characters: a phone cuts titles longer than 7 to 6 plus an ellipsis (docs/product/calendar.md#validation-and-limits).
      const title = 'Hyttetur';
      const shownTitle = 'Hyttet…';

      await page.goto('/auth');
      await switchLanguage(page, 'en');
      await logIn(page, per, 'en');
      await homeHeading(page, 'en').waitFor();
      // One month only: this one, not the next.
      await monthTable(page, dayInMonthsAhead(0, 1), 'en').waitFor();
      assert.equal(await monthTable(page, date, 'en').count(), 0, 'the phone shows a single month');
      await shot('one-month');

      const form = await openAddDialog(page, { lang: 'en', phone: true });
      await fillAddDialog(form, { title, from: date }, 'en');
      await shot('add-dialog-filled');
      await form.getByRole('button', { name: t.addEvent.save, exact: true }).click();
      await form.waitFor({ state: 'detached' });
      await toast(page, t.addEvent.created).filter({ hasText: t.addEvent.saved }).waitFor();

      await page.getByRole('button', { name: t.next.replace('{{unit}}', t.step.month), exact: true }).click();
      const event = eventInDay(page, date, shownTitle, 'en');
      await event.waitFor();
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(pageWidth <= 390, `the month fits the phone's width without sideways scrolling (${pageWidth} px)`);
      await shot('event-next-month');

      await event.click();
      const detail = dialog(page, title);
      await detail.waitFor();
      await detail.getByText(`${shortDate(date)} · ${FIXED_TIME_RANGE}`, { exact: true }).waitFor();
      await shot('event-detail');

      await detail.getByRole('button', { name: t.detail.delete, exact: true }).click();
      await confirm(page, t.detail.confirmDeleteTitle, t.detail.delete);
      await detail.waitFor({ state: 'detached' });
      await toast(page, t.detail.deleted).waitFor();
      await event.waitFor({ state: 'detached' });
      await shot('event-deleted');
    }));

  it('marks a day by right-click, shows its dot, opens it and deletes it (desktop, English)', () =>
    app.run('calendar-marked-day', inOslo(DESKTOP), async ({ page, shot }) => {
      const t = main.en.calendar;
      const liv = await createUser(app.url, { email: 'liv@example.com', name: 'Liv Berg', password: 'liv-secret-1' });
      const date = dayInMonthsAhead(1, 15);
      const blue = '#3b82f6'; // 'Blue' among the marker colours (docs/product/calendar.md#screens)

      await page.goto('/auth');
      await switchLanguage(page, 'en');
      await chooseDesktopView(page, 'en');
      await logIn(page, liv, 'en');
      await homeHeading(page, 'en').waitFor();

      const form = await openMarkDayDialog(page, date, 'en');
      assert.equal(await dateFieldText(form, t.markedDay.date), shortDate(date));
      await choose(page, form.getByRole('combobox', { name: t.markedDay.type }), t.markerType.vacation);
      await form.getByRole('radio', { name: t.colors.blue, exact: true }).check();
      await form.getByLabel(t.markedDay.notes).fill('At the cabin');
      await shot('mark-day-filled');
      await form.getByRole('button', { name: t.markedDay.save, exact: true }).click();
      await form.waitFor({ state: 'detached' });

      const marker = markerInDay(page, date, 'vacation', 'en');
      await marker.waitFor();
      assert.equal(await backgroundOf(marker), blue);
      // Hovering the dot names the marker and its notes.
      await marker.hover();
      await page.getByRole('tooltip', { name: `${t.markerType.vacation}: At the cabin` }).waitFor();
      await shot('day-marked');

      await marker.click();
      const detail = dialog(page, t.markerType.vacation);
      await detail.getByText(shortDate(date), { exact: true }).waitFor();
      await detail.getByText('At the cabin', { exact: true }).waitFor();
      await shot('marked-day-detail');

      await detail.getByRole('button', { name: t.detail.delete, exact: true }).click();
      await dialog(page, t.markedDay.confirmDeleteTitle).getByText(t.markedDay.confirmDeleteText).waitFor();
      await confirm(page, t.markedDay.confirmDeleteTitle, t.detail.delete);
      await detail.waitFor({ state: 'detached' });
      await marker.waitFor({ state: 'detached' });
      await shot('marked-day-deleted');
    }));
});
