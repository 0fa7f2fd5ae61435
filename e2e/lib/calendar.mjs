/**
 * What a person does on the calendar home, through the visible texts of the chosen language and FullCalendar's
 * accessible grid: each month is a table named 'desember 2026' / 'December 2026', each day a cell whose name
 * starts with '10. desember 2026' / 'December 10, 2026' and goes on with what the day holds; an event is a button
 * named by its title.
 */
import { main } from './texts.mjs';
import { appLoginPage } from './ui.mjs';

/** A Norwegian homeowner's time zone, in which the add dialog's fixed 11:00–15:00 are meant. */
export const TIME_ZONE = 'Europe/Oslo';

/** Contexts for app.run(): the devices, with the browser's clock in Oslo time. */
export const inOslo = (device) => ({ ...device, timezoneId: TIME_ZONE });

/**
 * Picks 'Desktop' in the login page's view switch (the page must be open). Desktop runs need it: on a busy machine
 * Chromium's full-page screenshot (shot()) can report a 1 × 1 window for a moment, and in 'Auto' the app then swaps
 * to its phone layout and back, which remounts the page and loses an open dialog and the chosen calendar.
 */
export async function chooseDesktopView(page, lang = 'nb') {
  const t = main[lang].preferences;
  await appLoginPage(page);
  const views = page.getByRole('group', { name: t.device, exact: true });
  await views.getByRole('button', { name: t.device_desktop, exact: true }).click();
  await views.getByRole('button', { name: t.device_desktop, exact: true, pressed: true }).waitFor();
}

const intlLocale = (lang) => (lang === 'en' ? 'en-US' : 'nb-NO');
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A calendar date, kept at noon UTC so that formatting it anywhere gives the same day. */
export function calendarDate(year, monthIndex, date) {
  return new Date(Date.UTC(year, monthIndex, date, 12));
}
const format = (date, lang, options) => new Intl.DateTimeFormat(intlLocale(lang), { ...options, timeZone: 'UTC' }).format(date);

/** Today in Oslo, as 'YYYY-MM-DD'. */
export const todayInOslo = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());

/** The `date`th day of the month that comes `monthsAhead` months after today's month in Oslo. */
export function dayInMonthsAhead(monthsAhead, date) {
  const [year, month] = todayInOslo().split('-').map(Number);
  return calendarDate(year, month - 1 + monthsAhead, date);
}

export const addDays = (date, days) => calendarDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days);

/** 'YYYY-MM-DD', what a date field holds. */
export const isoDate = (date) => date.toISOString().slice(0, 10);

/** 'dd.MM.yyyy', the app's date format in its dialogs (docs/product/calendar.md#validation-and-limits). */
export const shortDate = (date) => isoDate(date).split('-').reverse().join('.');

/** The month's table in the grid. */
export const monthTable = (page, date, lang = 'nb') =>
  page.getByRole('table', { name: format(date, lang, { month: 'long', year: 'numeric' }), exact: true });

/**
 * The day's cell inside its own month's table: a month grid repeats the neighbouring months' first and last days,
 * so one date can be a cell of two tables.
 */
export function dayCell(page, date, lang = 'nb') {
  const label = format(date, lang, { day: 'numeric', month: 'long', year: 'numeric' });
  return monthTable(page, date, lang).getByRole('cell', { name: new RegExp(`^${escapeRegExp(label)}(\\s|$)`) });
}

/** The event bar that starts on this day, by the title it shows (cut on a phone). */
export const eventInDay = (page, date, shownTitle, lang = 'nb') =>
  dayCell(page, date, lang).getByRole('button', { name: new RegExp(`^${escapeRegExp(shownTitle)}(\\s|$)`) });

/** The open dialog with this heading. */
export const dialog = (page, heading) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

/** Clicks the toolbar's add button ('Legg til hendelse', on a phone 'Ny') and returns the add dialog. */
export async function openAddDialog(page, { lang = 'nb', phone = false } = {}) {
  const t = main[lang].calendar;
  await page.getByRole('button', { name: phone ? t.addShort : t.add, exact: true }).click();
  const form = dialog(page, t.addEvent.heading);
  await form.waitFor();
  return form;
}

/**
 * One of the app's own date fields (MUI X, frontend/src/shared/components/DateField.tsx): a group named by its label,
 * of editable sections (day, month, year) and a hidden input with the whole text. The group appears once the
 * pickers have loaded; until then a read-only stand-in with the same label shows.
 */
export const dateField = (scope, label) => scope.getByRole('group', { name: label, exact: true });

/** The text a date field shows: 'dd.MM.yyyy' (docs/product/calendar.md#validation-and-limits), in both languages. */
export const dateFieldText = (scope, label) => dateField(scope, label).locator('input').inputValue();

/** Types a date into a date field as a person does: the first section, then the digits (24.12.2026 → 24122026). */
export async function typeDate(scope, label, date) {
  const field = dateField(scope, label);
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(shortDate(date).replaceAll('.', ''));
}

/** Fills the add dialog's title and dates; the times are fixed. */
export async function fillAddDialog(form, { title, from, to = from }, lang = 'nb') {
  const t = main[lang].calendar.addEvent;
  await form.getByLabel(t.titleLabel).fill(title);
  await typeDate(form, t.fromDate, from);
  await typeDate(form, t.toDate, to);
}

/** Picks an entry of a MUI select (a combobox that opens a listbox). */
export async function choose(page, combobox, option) {
  await combobox.click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Right-clicks a day, which opens 'Marker dag' / 'Mark day'. */
export async function openMarkDayDialog(page, date, lang = 'nb') {
  await dayCell(page, date, lang).click({ button: 'right' });
  const form = dialog(page, main[lang].calendar.markedDay.heading);
  await form.waitFor();
  return form;
}

/**
 * The marker dot of this type on a day ('Ferie' / 'Vacation'). FullCalendar wraps a cell's top content (day number,
 * our dots) in aria-hidden, so the dot is found among hidden elements too; `waitFor()` still waits for it to be
 * visible on screen.
 */
export const markerInDay = (page, date, markerType, lang = 'nb') =>
  dayCell(page, date, lang).getByRole('button', { name: main[lang].calendar.markerType[markerType], exact: true, includeHidden: true });

/** Answers a confirmation dialog ('Slette hendelsen?') with its confirm button. */
export async function confirm(page, heading, confirmLabel) {
  const question = dialog(page, heading);
  await question.getByRole('button', { name: confirmLabel, exact: true }).click();
  await question.waitFor({ state: 'detached' });
}

/** The colour an element is painted in, as '#rrggbb'. */
export async function backgroundOf(locator) {
  const rgb = await locator.evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = rgb.match(/\d+/g).map(Number);
  return `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Waits until the element is painted in `hex`. A recoloured event bar is redrawn (and may be replaced) once the
 * calendar has refetched, so this asks again rather than holding on to one element.
 */
export async function waitForBackground(locator, hex, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let seen;
  while ((seen = await backgroundOf(locator)) !== hex) {
    if (Date.now() > deadline) throw new Error(`Expected the background ${hex}, still ${seen} after ${timeoutMs} ms`);
    await locator.page().waitForTimeout(100);
  }
}
