/**
 * The design tab as staff use it. An admin picks the front page's colours and the calendar's event
 * colour, sees them in the live preview, saves; a visitor's login page and an owner's calendar then wear them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { DESKTOP, useApp } from '../lib/browser.mjs';
import { inOslo } from '../lib/calendar.mjs';
import { ADMIN } from '../lib/server.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, logIn } from '../lib/ui.mjs';

const t = main.nb;

/** Waits until the element's computed style has the value (the design arrives with the public settings read). */
async function styleBecomes(locator, property, value, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  let seen;
  while ((seen = await locator.evaluate((el, p) => getComputedStyle(el)[p], property)) !== value) {
    if (Date.now() > until) assert.fail(`${property} stayed ${seen}, expected ${value}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const d = t.resources.system.design;

describe('Design settings', () => {
  const app = useApp();

  it("an admin's colours show in the preview, then on the login page and in an owner's calendar (nb desktop)", () =>
    app.run('design', inOslo(DESKTOP), async ({ page, shot }) => {
      await logIn(page, ADMIN);
      await homeHeading(page).waitFor();
      await page.goto('/admin/system');
      const form = page.getByRole('form', { name: d.title });
      const preview = form.getByTestId('design-preview');
      await form.getByLabel(d.fields.frontPage.backgroundColor, { exact: true }).fill('#fef3c7');
      await form.getByLabel(d.fields.frontPage.textColor, { exact: true }).fill('#7c2d12');
      await form.getByLabel(d.fields.calendar.eventColor, { exact: true }).fill('#0f766e');
      assert.equal(await preview.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(254, 243, 199)');
      assert.equal(await preview.evaluate((el) => getComputedStyle(el).color), 'rgb(124, 45, 18)');
      await shot('preview');
      await form.getByRole('button', { name: d.save }).click();
      await page.getByText(d.saved).waitFor();

      // A visitor's login page: the hero in the saved colours.
      const visitor = await page.context().browser().newContext({ ...DESKTOP, baseURL: app.url });
      try {
        const login = await visitor.newPage();
        await login.goto('/auth');
        const productName = login.getByText(t.app.name, { exact: true }).first();
        await productName.waitFor();
        await styleBecomes(productName, 'color', 'rgb(124, 45, 18)');
        const hero = productName.locator('xpath=ancestor::div[contains(@class, "MuiBox-root")][1]');
        await styleBecomes(hero, 'backgroundColor', 'rgb(254, 243, 199)');

        // An owner's own event, which has no colour of its own, in the design's event colour.
        const owner = await createUser(app.url, { email: 'farge@example.com', name: 'Frida Farge', password: 'frida-secret-1' });
        await logIn(login, owner);
        await homeHeading(login).waitFor();
        const created = await login.request.post('/api/events', {
          headers: { Origin: app.url },
          data: { title: 'Eiersperre tid', startTime: new Date(Date.now() + 86_400_000).toISOString(), endTime: new Date(Date.now() + 90_000_000).toISOString() },
        });
        assert.equal(created.status(), 201);
        await login.reload();
        // The owner's event bar (named by its title), drawn in its own or an enclosing element's colour.
        const event = login.getByRole('button', { name: /^Eiersperre tid/ }).first();
        await event.waitFor();
        // The bar may be drawn before the design's settings are read (from the calendar kept for the reload): its
        // colour follows them, so it is waited for.
        const coloursOf = () =>
          event.evaluate((el) => {
            const seen = [];
            for (let node = el; node && seen.length < 8; node = node.parentElement) seen.push(getComputedStyle(node).backgroundColor, getComputedStyle(node).borderColor);
            return seen;
          });
        const until = Date.now() + 10_000;
        let colours = await coloursOf();
        while (!colours.includes('rgb(15, 118, 110)') && Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          colours = await coloursOf();
        }
        assert.ok(colours.includes('rgb(15, 118, 110)'), `the event wears the design's colour (${colours.join(', ')})`);
      } finally {
        await visitor.close();
      }
    }));
});
