/**
 * Owners' stays and the rental days the law allows, on screen (docs/product/stays.md#screens): an admin sets a
 * property's rules in the back office (14 owner nights a year, a borettslag, whose 30 rental days the form fills in);
 * a mini admin reads them; the owner, who has a five-night stay in June 2030, opens the calendar at that month on a phone and on a desktop and
 * reads the nights panel's numbers. The year is fixed by the calendar's date (?date=), not by today.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminAddsPrice, adminDecidesStayRequest, adminSetsStayRules, createUser, propertiesOf, reads, userAddsEvent } from '../lib/api.mjs';
import { expectNoAxeViolations } from '../lib/axe.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { calendarDate, chooseDesktopView, eventInDay, fillAddDialog, inOslo, openAddDialog, typeDate } from '../lib/calendar.mjs';
import { ADMIN } from '../lib/server.mjs';
import { main } from '../lib/texts.mjs';
import { logIn, toast } from '../lib/ui.mjs';

const { nb } = main;
const rules = nb.stays.rules;
const nights = nb.stays.nights;
/** Spaces of any width (Intl writes no-break spaces) as plain ones. */
const plain = (text) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, name) => String(values[name]));

/** A day of August 2030, as the calendar helpers take days. */
const AUG = (day) => calendarDate(2030, 7, day);

/** The calendar at June 2030, where the owner's stay is. */
const JUNE_2030 = '/?date=2030-06-10';

describe('Owner stays and rental days', () => {
  const app = useApp();

  it('an admin sets the rules in the back office and the owner reads the nights on a phone and on a desktop', async () => {
    const owner = await createUser(app.url, { email: 'eier@example.com', name: 'Eva Eier', password: 'eva-secret-1' });
    const [property] = await propertiesOf(app.url, owner);
    // Five nights (10–14 June), made by the owner before the property has rules.
    await userAddsEvent(app.url, owner, { title: 'Sommerferie', startTime: '2030-06-10T13:00:00.000Z', endTime: '2030-06-15T09:00:00.000Z' });
    // 1 000–1 500 kr a night: the estimate is 1 250 kr × 5.
    await adminAddsPrice(app.url, { userId: owner.id, name: 'Sommer', priceFrom: '1000', priceTo: '1500', discountPercent: '0' });

    await app.run('stays-admin-sets-rules', inOslo(DESKTOP), async ({ page, shot }) => {
      await page.goto('/auth');
      await chooseDesktopView(page);
      await logIn(page, ADMIN);
      await page.goto(`/admin/properties/${property.id}/show`);
      const section = page.getByRole('region', { name: rules.title });
      await section.getByRole('spinbutton', { name: rules.maxOwnerNightsPerYear }).fill('14');
      await section.getByRole('combobox', { name: rules.housingType }).click();
      await page.getByRole('option', { name: nb.stays.housingTypes.borettslag }).click();
      // The law's number for a borettslag, filled in.
      const limit = section.getByRole('spinbutton', { name: rules.rentalDayLimit });
      await page.waitForFunction((input) => input.value === '30', await limit.elementHandle());
      await shot('rules-filled');
      await section.getByRole('button', { name: nb.ra.action.save }).click();
      await toast(page, rules.saved).waitFor();
      await section.getByText(new RegExp(`^${fill(rules.updated, { date: '' }).trim()} `)).waitFor();
      await shot('rules-saved');
      await expectNoAxeViolations(page, 'the property page with its owner stays and rental (admin)');
    });

    await app.run('stays-mini-admin-reads-rules', inOslo(DESKTOP), async ({ page, shot }) => {
      const mini = await createUser(app.url, { email: 'mini@example.com', name: 'Mia Mini', password: 'mia-secret-1', isMiniAdmin: true });
      await page.goto('/auth');
      await chooseDesktopView(page);
      await logIn(page, mini);
      await page.goto(`/admin/properties/${property.id}/show`);
      const section = page.getByRole('region', { name: rules.title });
      const row = section.getByRole('row').filter({ has: page.getByRole('rowheader', { name: rules.maxOwnerNightsPerYear, exact: true }) });
      assert.equal(plain(await row.innerText()), `${rules.maxOwnerNightsPerYear} 14`);
      assert.equal(await section.getByRole('spinbutton').count(), 0, 'no field to change');
      await shot('rules-read-only');
      await expectNoAxeViolations(page, 'the property page with its owner stays and rental (mini admin)');
    });

    await app.run('stays-owner-phone', inOslo(PHONE), async ({ page, shot }) => {
      await logIn(page, owner);
      // The panel reads after the calendar's window is in, never ahead of it (the first paint comes first).
      const reads = [];
      page.on('requestfinished', (request) => request.url().includes('/api/calendar-window') && reads.push('window'));
      page.on('request', (request) => request.url().includes('/nights?') && reads.push('nights'));
      await page.goto(JUNE_2030);
      const strip = page.getByRole('button', { name: new RegExp(`^${fill(nights.title, { year: 2030 })}`) });
      await strip.waitFor();
      assert.equal(
        plain(await strip.innerText()),
        `${fill(nights.title, { year: 2030 })} ${nights.owner} ${fill(nights.left, { left: 9 })} · ${nights.rental} ${fill(nights.left, { left: 30 })}`,
      );
      assert.equal(await strip.getAttribute('aria-expanded'), 'false');
      assert.ok(reads.includes('window') && reads.indexOf('window') < reads.indexOf('nights'), `the window first: ${reads.join(', ')}`);
      await shot('strip');
      await strip.click();
      assert.equal(await strip.getAttribute('aria-expanded'), 'true');
      const ownerBar = page.getByRole('progressbar', { name: nights.owner });
      assert.deepEqual([await ownerBar.getAttribute('aria-valuenow'), await ownerBar.getAttribute('aria-valuemax')], ['5', '14']);
      await page.getByText(fill(nights.typeLimit, { type: nb.stays.housingTypes.borettslag, limit: 30 })).waitFor();
      assert.equal(plain(await page.getByText(new RegExp(`^${fill(nights.forgone, { amount: '' }).trim()}`)).innerText()), fill(nights.forgone, { amount: '6 250 kr' }));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the page fits the phone's width (${width} px)`);
      await shot('strip-open');
      await expectNoAxeViolations(page, 'the calendar with the nights open (phone)');
    });

    await app.run('stays-owner-desktop', inOslo(DESKTOP), async ({ page, shot }) => {
      await page.goto('/auth');
      await chooseDesktopView(page);
      await logIn(page, owner);
      await page.goto(JUNE_2030);
      const panel = page.getByRole('region', { name: fill(nights.title, { year: 2030 }) });
      await panel.getByText(`${fill(nights.usedOf, { used: 5, limit: 14 })} · ${fill(nights.left, { left: 9 })}`).waitFor();
      await panel.getByText(`${fill(nights.usedOf, { used: 0, limit: 30 })} · ${fill(nights.left, { left: 30 })}`).waitFor();
      await panel.getByText(fill(nights.typeLimit, { type: nb.stays.housingTypes.borettslag, limit: 30 })).waitFor();
      assert.equal(await panel.getByRole('progressbar').count(), 2);
      await shot('panel');
      await expectNoAxeViolations(page, 'the calendar with the nights panel (desktop)');

      // A year without the stay: the owner nights start again from the year's limit.
      await page.goto('/?date=2031-06-10');
      await page.getByRole('region', { name: fill(nights.title, { year: 2031 }) }).getByText(`${fill(nights.usedOf, { used: 0, limit: 14 })} · ${fill(nights.left, { left: 14 })}`).waitFor();
    });
  });

  it('an owner sees what a stay would break before sending it, sends it for approval on a phone, and hears when it is approved', async () => {
    const owner = await createUser(app.url, { email: 'ola@example.com', name: 'Ola Eier', password: 'ola-secret-1' });
    const [property] = await propertiesOf(app.url, owner);
    await adminSetsStayRules(app.url, property.id, { minNights: 2, approval: 'request', blackouts: [] });
    const preview = nb.stays.preview;

    await app.run('stays-owner-sends-request-phone', inOslo(PHONE), async ({ page, shot }) => {
      await logIn(page, owner);
      await page.goto('/?date=2030-08-01');
      const form = await openAddDialog(page, { phone: true });
      // One night breaks the rule of two, before anything is sent.
      await fillAddDialog(form, { title: 'Sommerferie', from: AUG(3), to: AUG(4) });
      await form.getByText(nb.errors.stay_min_nights.replace('{{min}}', '2')).waitFor();
      await shot('preview-broken');
      // Three nights keep the rules, and will wait for approval.
      await typeDate(form, nb.calendar.addEvent.toDate, AUG(6));
      await form.getByText(preview.request).waitFor();
      await expectNoAxeViolations(page, 'the add dialog with the stay preview (phone)');
      await form.getByRole('button', { name: nb.calendar.addEvent.save }).click();
      await toast(page, preview.requestedTitle).waitFor();
      // Drawn as waiting.
      await eventInDay(page, AUG(3), 'Sommer…').waitFor();
      assert.ok(await page.locator('.cal-event-waiting').count() > 0, 'the waiting stay is drawn as such');
      await shot('waiting');
    });

    const [request] = await reads(app.url, `/admin/stay-requests?propertyId=${property.id}&status=pending`);
    assert.equal(request.nights, 3);
    await adminDecidesStayRequest(app.url, request.id, 'approve', 'God tur!');

    await app.run('stays-owner-hears-approval-desktop', inOslo(DESKTOP), async ({ page, shot }) => {
      await page.goto('/auth');
      await chooseDesktopView(page);
      await logIn(page, owner);
      await page.getByRole('button', { name: nb.notifications.bellLabel.replace('{{count}}', '1'), exact: true }).click();
      await page.getByRole('button').filter({ hasText: 'God tur!' }).click();
      // The notification opens the calendar at the stay, no longer waiting.
      await page.waitForURL('**/?date=2030-08-03*');
      // The desktop's three months name their tables by the month alone: the bar is found by its title.
      await page.getByRole('button', { name: /^Sommerferie(\s|$)/ }).first().waitFor();
      assert.equal(await page.locator('.cal-event-waiting').count(), 0, 'approved: not waiting any more');
      await shot('approved');
    });
  });
});
