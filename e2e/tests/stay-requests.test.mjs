/**
 * Stays held as requests, decided in the back office (docs/product/stays.md#stays-as-requests, #screens): an admin
 * holds a property's owner stays for approval (its rules' `approval: 'request'`, through the API), the owner sends two
 * stays in 2030 (202, waiting), and the admin opens the first from the bell's notification on a desktop and approves it
 * with a note, then declines the other on a phone from the list. The decisions are read back on screen and through
 * the API (the approved stay in the calendar, no longer waiting; the declined one gone from it), with axe on the list,
 * a request's page and the property's page with its requests. The years are fixed (2030), not today's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminSetsStayRules, createUser, propertiesOf, reads, userAddsEvent } from '../lib/api.mjs';
import { expectNoAxeViolations } from '../lib/axe.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { chooseDesktopView, inOslo } from '../lib/calendar.mjs';
import { ADMIN } from '../lib/server.mjs';
import { main } from '../lib/texts.mjs';
import { logIn, toast } from '../lib/ui.mjs';

const { nb } = main;
const texts = nb.stays.requests;
const NOTE = 'God tur! Husk å låse boden.';

/** The request's page: its title as the page's heading of the facts, and its status chip. */
const requestPage = (page, title) => page.getByRole('main').getByRole('heading', { name: title, exact: true });

describe('Owner stay requests in the back office', () => {
  const app = useApp();

  it('the owner sends two stays for approval; an admin approves one from the notification on a desktop and declines the other on a phone', async () => {
    const owner = await createUser(app.url, { email: 'eier@example.com', name: 'Eva Eier', password: 'eva-secret-1' });
    const [property] = await propertiesOf(app.url, owner);
    await adminSetsStayRules(app.url, property.id, { approval: 'request', blackouts: [] });
    const summer = await userAddsEvent(app.url, owner, { propertyId: property.id, title: 'Sommerferie', startTime: '2030-06-10T13:00:00.000Z', endTime: '2030-06-15T09:00:00.000Z' });
    const autumn = await userAddsEvent(app.url, owner, { propertyId: property.id, title: 'Høstferie', startTime: '2030-10-07T12:00:00.000Z', endTime: '2030-10-11T09:00:00.000Z' });
    assert.equal(summer.status, 'requested');
    assert.equal(autumn.status, 'requested');
    const waiting = await reads(app.url, `/admin/stay-requests?propertyId=${property.id}&status=pending`);
    const idOf = (title) => waiting.find((r) => r.title === title).id;
    assert.deepEqual(waiting.map((r) => r.title).sort(), ['Høstferie', 'Sommerferie']);
    const admin = await reads(app.url, '/user');

    await app.run('stay-requests-approve-desktop', inOslo(DESKTOP), async ({ page, shot }) => {
      await page.goto('/auth');
      await chooseDesktopView(page);
      await logIn(page, ADMIN);
      await page.goto('/admin');
      // The bell's notification opens the request in the back office.
      await page.getByRole('button', { name: nb.notifications.bellLabel.replace('{{count}}', '2'), exact: true }).click();
      await page.getByRole('button').filter({ hasText: '«Sommerferie»' }).click();
      await page.waitForURL(`**/admin/stay-requests/${idOf('Sommerferie')}/show`);
      await requestPage(page, 'Sommerferie').waitFor();
      await page.getByText(`10.06.2030 – 15.06.2030 · ${texts.nights_other.replace('{{count}}', '5')}`).waitFor();
      // The property (named after its owner here) and the owner, each a link to their page.
      await page.getByRole('link', { name: property.name, exact: true }).and(page.locator(`[href="/admin/properties/${property.id}/show"]`)).waitFor();
      await page.getByRole('link', { name: owner.name, exact: true }).and(page.locator(`[href="/admin/users/${owner.id}/show"]`)).waitFor();
      await shot('request-pending');
      await expectNoAxeViolations(page, "a waiting request's page (admin, desktop)");

      await page.getByRole('button', { name: texts.approve, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: texts.approveTitle });
      await dialog.getByRole('textbox', { name: texts.note }).fill(NOTE);
      await shot('approve-dialog');
      await expectNoAxeViolations(page, 'the approve dialog');
      await dialog.getByRole('button', { name: texts.approve, exact: true }).click();
      await toast(page, texts.approved).waitFor();
      const decision = page.getByRole('region', { name: texts.decision });
      await decision.getByText(NOTE).waitFor();
      await decision.getByRole('link', { name: admin.name }).waitFor();
      assert.equal(await page.getByRole('button', { name: texts.approve, exact: true }).count(), 0, 'decided: no more decisions');
      await shot('request-approved');

      // The list, from the menu: the waiting one left.
      await page.getByRole('menuitem', { name: nb.resources['stay-requests'].name_other }).click();
      const list = page.getByRole('main');
      await list.getByRole('row').filter({ hasText: 'Høstferie' }).waitFor();
      assert.equal(await list.getByRole('row').filter({ hasText: 'Sommerferie' }).count(), 0, 'the approved one is no longer waiting');
      await shot('list-pending');
      await expectNoAxeViolations(page, 'the stay requests list (desktop)');

      // The property's page: its requests, the waiting one first, each a link to it.
      await page.goto(`/admin/properties/${property.id}/show`);
      const section = page.getByRole('region', { name: texts.title });
      await section.getByRole('link', { name: 'Sommerferie' }).waitFor();
      assert.deepEqual(await section.getByRole('link').allInnerTexts(), ['Høstferie', 'Sommerferie', texts.showAll]);
      await shot('property-requests');
      await expectNoAxeViolations(page, "the property's page with its stay requests");
    });

    await app.run('stay-requests-decline-phone', inOslo(PHONE), async ({ page, shot }) => {
      await logIn(page, ADMIN);
      await page.goto('/admin/stay-requests');
      const item = page.getByRole('main').getByRole('link').filter({ hasText: 'Høstferie' });
      await item.waitFor();
      await shot('list-phone');
      await expectNoAxeViolations(page, 'the stay requests list (phone)');
      await item.click();
      await requestPage(page, 'Høstferie').waitFor();
      await page.getByRole('button', { name: texts.decline, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: texts.declineTitle });
      await dialog.getByRole('button', { name: texts.decline, exact: true }).click();
      await toast(page, texts.declined).waitFor();
      const decision = page.getByRole('region', { name: texts.decision });
      await decision.getByText(texts.noNote).waitFor();
      await page.getByRole('main').getByText(texts.status.declined, { exact: true }).first().waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the page fits the phone's width (${width} px)`);
      await shot('request-declined-phone');
      await expectNoAxeViolations(page, "a declined request's page (phone)");
    });

    // Through the API: both decided, by this admin; the approved stay is in the calendar and no longer waits, the
    // declined one left it.
    const approved = await reads(app.url, `/admin/stay-requests/${idOf('Sommerferie')}`);
    assert.deepEqual([approved.status, approved.note, approved.decidedById], ['approved', NOTE, admin.id]);
    const declined = await reads(app.url, `/admin/stay-requests/${idOf('Høstferie')}`);
    assert.deepEqual([declined.status, declined.note, declined.decidedById, declined.eventId], ['declined', null, admin.id, null]);
    const events = await reads(app.url, `/events?propertyId=${property.id}&startDate=2030-01-01&endDate=2031-01-01`, owner);
    assert.deepEqual(events.map((e) => [e.title, Boolean(e.awaitingApproval)]), [['Sommerferie', false]]);
  });
});
