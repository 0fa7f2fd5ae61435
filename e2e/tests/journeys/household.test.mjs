/**
 * Journeys of a shared property (docs/product/properties.md): the people of one household each with a login.
 * (a) An owner on a desktop invites their partner as co-owner in Settings → Husstand and passes the link on; the
 *     partner, who has no account, accepts on a phone, makes an account there and sees the cabin's calendar with the
 *     owner's stay.
 * (b) An owner who already has a calendar of their own accepts an invitation to look at another's property; the
 *     calendar then offers the choice of property, and the other's calendar is read-only to them.
 * Axe checks the household tab, the invitation page and the calendar with its choice.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminAddsEvent, createUser, ownerInvites } from '../../lib/api.mjs';
import { expectNoAxeViolations } from '../../lib/axe.mjs';
import { DESKTOP, PHONE, useApp } from '../../lib/browser.mjs';
import { chooseDesktopView, dayInMonthsAhead, inOslo, isoDate } from '../../lib/calendar.mjs';
import { main } from '../../lib/texts.mjs';
import { homeHeading, logIn } from '../../lib/ui.mjs';

const nb = main.nb;
const household = nb.properties.household;
const invitation = nb.invitation;

/** A stay of the owner's in the month after next, put in their calendar (which makes their property). */
async function ownersStay(app, owner, title) {
  const day = dayInMonthsAhead(2, 10);
  await adminAddsEvent(app.url, owner.id, { title, startTime: `${isoDate(day)}T10:00:00.000Z`, endTime: `${isoDate(day)}T14:00:00.000Z` });
  return day;
}

/**
 * The calendar (of `propertyId`, else the first property) at the stay's day shows its bar (a phone shortens a title to
 * its first six characters).
 */
async function seesStay(page, day, title, { phone = false, propertyId = null } = {}) {
  await page.goto(`/?date=${isoDate(day)}${propertyId === null ? '' : `&property=${propertyId}`}`);
  const cell = page.locator(`[role="cell"][data-date="${isoDate(day)}"]`);
  await cell.getByRole('button', { name: phone ? `${title.slice(0, 6)}…` : title, exact: true }).waitFor();
}

describe('Journeys: a shared property', () => {
  const app = useApp();

  it('(a) an owner on a desktop invites their partner, who makes an account on a phone and sees the cabin', () =>
    app.run('journey-household-invite', inOslo(DESKTOP), async ({ page, shot, openPerson }) => {
      const owner = await createUser(app.url, { email: 'siri.eier@example.com', name: 'Siri Eier', password: 'owner-secret-1' });
      const day = await ownersStay(app, owner, 'Hyttetur');

      await page.goto('/auth');
      await chooseDesktopView(page);
      await logIn(page, owner);
      await homeHeading(page).waitFor();
      await page.goto('/settings?tab=household');
      await page.getByRole('heading', { name: household.invite }).waitFor();
      // The tab's last read (the pending invitations) moves the form down when it comes in: a click on the role
      // before it can land where the field was, and leave the choice closed.
      await page.getByText(household.noPending).waitFor();
      await page.getByLabel(household.email).fill('per.partner@example.com');
      await page.getByRole('combobox', { name: household.role }).click();
      await page.getByRole('option', { name: nb.properties.roles['co-owner'], exact: true }).click();
      await page.getByRole('button', { name: household.send, exact: true }).click();
      const linkField = page.getByRole('textbox', { name: household.link });
      await linkField.waitFor();
      const link = await linkField.inputValue();
      assert.match(link, /\/invitation\/[\w-]+$/, 'the link to pass on');
      await expectNoAxeViolations(page, 'household tab with an invitation');
      await shot('invited');

      // The partner opens the link on a phone, with no account yet.
      const partner = await openPerson(inOslo(PHONE), 'partner');
      await partner.page.goto(new URL(link).pathname);
      await partner.page.getByRole('heading', { name: new RegExp(`^${invitation.title.split('{{')[0]}`) }).waitFor();
      await partner.page.getByLabel(invitation.name, { exact: true }).fill('Per Partner');
      await partner.page.getByLabel(invitation.password, { exact: true }).fill('partner-secret-1');
      await expectNoAxeViolations(partner.page, 'invitation page on a phone');
      await partner.shot('invitation');
      await partner.page.getByRole('button', { name: invitation.acceptAndCreate, exact: true }).click();

      // Signed in, on the cabin's calendar: the owner's stay is there.
      await homeHeading(partner.page).waitFor();
      await seesStay(partner.page, day, 'Hyttetur', { phone: true });
      await partner.shot('partner-sees-the-cabin');

      // The owner sees the new co-owner among the members.
      await page.reload();
      await page.getByText('Per Partner').waitFor();
      await shot('members');
    }));

  it('(b) an owner with a calendar of their own looks at another property, read-only, by choosing it', () =>
    app.run('journey-household-viewer', inOslo(DESKTOP), async ({ page, shot }) => {
      const owner = await createUser(app.url, { email: 'nils.eier@example.com', name: 'Nils Eier', password: 'owner-secret-1' });
      const day = await ownersStay(app, owner, 'Sommeropphold');
      const neighbour = await createUser(app.url, { email: 'kari.nabo@example.com', name: 'Kari Nabo', password: 'neighbour-secret-1' });
      await ownersStay(app, neighbour, 'Egen tur');
      const invited = await ownerInvites(app.url, owner, { email: neighbour.email, role: 'viewer' });

      await page.goto('/auth');
      await chooseDesktopView(page);
      await logIn(page, neighbour);
      await homeHeading(page).waitFor();
      // One property: no choice on the calendar yet.
      assert.equal(await page.getByRole('combobox', { name: household.property }).count(), 0);

      await page.goto(new URL(invited.link).pathname);
      await page.getByRole('button', { name: invitation.accept, exact: true }).click();
      await homeHeading(page).waitFor();
      const choice = page.getByRole('combobox', { name: household.property });
      await choice.click();
      await page.getByRole('option', { name: `${invited.propertyName} (${nb.properties.roles.viewer})` }).click();
      await page.waitForURL((url) => url.searchParams.get('property') === String(invited.propertyId));
      await seesStay(page, day, 'Sommeropphold', { propertyId: invited.propertyId });
      assert.equal(await page.getByRole('button', { name: nb.calendar.add, exact: true }).count(), 0, 'a viewer adds nothing');
      await expectNoAxeViolations(page, 'calendar with the choice of property');
      await shot('viewing-the-neighbours-property');
    }));
});
