/**
 * A journey across users and appointments (docs/roles.md#removing-a-person), on a phone and on a desktop: a staff
 * member takes appointments and an owner books one; the admin deletes the staff member in the back office, is told
 * what they hold and asked who takes it over, picks a successor, and the appointment then shows the successor.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminPublishesHours, createAdmin, createUser, ownerBooksFirstSlot } from '../../lib/api.mjs';
import { DESKTOP, PHONE, useApp } from '../../lib/browser.mjs';
import { inOslo } from '../../lib/calendar.mjs';
import { ADMIN } from '../../lib/server.mjs';
import { admin, main } from '../../lib/texts.mjs';
import { homeHeading, logIn, toast } from '../../lib/ui.mjs';

const users = admin.nb.resources.users;
const handOver = users.handOver;
const appointmentTexts = admin.nb.resources.appointments;
const WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startTime: '07:00', endTime: '21:00' }));

/** A catalogue text with its {{placeholders}} filled. */
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, name) => String(values[name]));

async function journey({ app, page, shot, who }) {
  const leaving = await createAdmin(app.url, { email: `${who}.slutter@example.com`, name: `${who} Slutter`, password: `${who}-leaving-secret-1` });
  const successor = await createAdmin(app.url, { email: `${who}.etter@example.com`, name: `${who} Etterfølger`, password: `${who}-successor-secret-1` });
  const owner = await createUser(app.url, { email: `${who}.eier@example.com`, name: `${who} Eier`, password: `${who}-owner-secret-1` });
  await adminPublishesHours(app.url, WEEK, [leaving.id]);
  const booked = await ownerBooksFirstSlot(app.url, owner, { subject: `Gjennomgang med ${who}` });
  assert.equal(booked.staffName, leaving.name);

  // The admin opens the staff member in the back office and deletes them.
  await logIn(page, ADMIN);
  await homeHeading(page).waitFor();
  await page.goto(`/admin/users/${leaving.id}`);
  await page.getByRole('button', { name: users.actions.delete, exact: true }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: users.dialogs.delete.title });
  await confirm.getByRole('button', { name: users.actions.delete, exact: true }).click();

  // Refused: the dialog says what they hold and asks who takes it over.
  const dialog = page.getByRole('dialog', { name: fill(handOver.title, { name: leaving.name }) });
  await dialog.waitFor();
  await dialog.getByText(fill(handOver.held.appointments_one, { smart_count: 1 }), { exact: true }).waitFor();
  await shot('asked-to-hand-over');
  const picker = dialog.getByRole('combobox', { name: handOver.successor });
  await picker.fill(successor.name);
  await page.getByRole('option', { name: new RegExp(`^${successor.name}`) }).click();
  await shot('successor-picked');
  await dialog.getByRole('button', { name: handOver.confirm.delete, exact: true }).click();

  await toast(page, users.notifications.deleted).waitFor();
  await page.waitForURL('**/admin/users');

  // The appointment is the successor's now.
  await page.goto(`/admin/appointments/${booked.id}/show`);
  const staffLabel = appointmentTexts.fields.staffName;
  await page.getByText(staffLabel, { exact: true }).first().waitFor();
  await page.getByText(successor.name, { exact: true }).waitFor();
  assert.equal(await page.getByText(leaving.name, { exact: true }).count(), 0, 'the departed staff member is gone from the appointment');
  await shot('appointment-with-successor');
}

describe('Journey: a staff member leaves and hands their appointments over', () => {
  const app = useApp();

  it('on a desktop', () => app.run('journey-staff-removal-desktop', inOslo(DESKTOP), (ctx) => journey({ ...ctx, app, who: 'Dag' })));

  it('on a phone', () => app.run('journey-staff-removal-phone', inOslo(PHONE), (ctx) => journey({ ...ctx, app, who: 'Tor' })));
});

void main;
