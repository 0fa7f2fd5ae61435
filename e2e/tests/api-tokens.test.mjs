/**
 * Personal API tokens (docs/product/auth-and-users.md#api-tokens): an owner makes a token in Settings → API tokens,
 * sees it once with its warning, and a program (fetch in Node, on loopback, no cookie and no Origin) calls the API
 * with it: the calendar it was given, not the payouts it was not. Revoked in the settings, it stops working. On
 * desktop and phone, with axe on the tab.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../lib/api.mjs';
import { expectNoAxeViolations } from '../lib/axe.mjs';
import { DESKTOP, PHONE, useApp } from '../lib/browser.mjs';
import { main } from '../lib/texts.mjs';
import { homeHeading, submitLogin, toast } from '../lib/ui.mjs';

const t = main.nb;
const RANGE = 'startDate=2027-01-01&endDate=2027-02-01';

describe('API tokens', () => {
  const app = useApp();
  /** A program's call: the token in the Authorization header, nothing else. */
  const call = (token, path) => fetch(`${app.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });

  for (const [device, options] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    it(`makes a token in the settings that a program then calls the API with, and revokes it (${device})`, () =>
      app.run(`api-tokens-${device}`, options, async ({ page, shot }) => {
        const owner = await createUser(app.url, { email: `tokens-${device}@example.com`, name: 'Tone Nøkkel', password: 'tone-secret-1' });
        await submitLogin(page, owner);
        await homeHeading(page).waitFor();
        await page.goto('/settings?tab=apiTokens');
        await page.getByText(t.apiTokens.empty).waitFor();
        await expectNoAxeViolations(page, `API tokens tab (${device})`);

        await page.getByLabel(t.apiTokens.name, { exact: true }).fill('Kalenderskript');
        await page.getByRole('checkbox', { name: `calendar:read: ${t.apiTokens.scope.calendar_read}` }).check();
        // An owner is offered no staff scope.
        assert.equal(await page.getByRole('checkbox', { name: /admin:/ }).count(), 0);
        await page.getByRole('button', { name: t.apiTokens.create, exact: true }).click();
        const shown = page.getByLabel(t.apiTokens.tokenLabel, { exact: true });
        await shown.waitFor();
        await page.getByText(t.apiTokens.createdWarning).waitFor();
        await expectNoAxeViolations(page, `API token shown once (${device})`);
        await shot('created');
        const token = await shown.inputValue();
        assert.match(token, /^eip_[A-Za-z0-9_-]{43}$/);

        // The program: the calendar it was given answers, the payouts it was not given are refused.
        const calendar = await call(token, `/api/events?${RANGE}`);
        assert.equal(calendar.status, 200);
        assert.ok(Array.isArray(await calendar.json()));
        const payouts = await call(token, '/api/user/payouts/year/2026');
        assert.equal(payouts.status, 403);
        assert.equal((await payouts.json()).code, 'token_scope');

        // Put away, the token is not on the page any more; the list shows its start and its last use.
        await page.getByRole('button', { name: t.apiTokens.done, exact: true }).click();
        await shown.waitFor({ state: 'detached' });
        await page.reload();
        const list = page.getByRole('list', { name: t.apiTokens.listTitle });
        await list.getByText(`Kalenderskript · ${token.slice(0, 8)}…`).waitFor();
        assert.equal(await list.getByText(new RegExp(t.apiTokens.neverUsed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$')).count(), 0);
        assert.ok(!(await page.content()).includes(token));

        // Revoked after the confirmation, it stops working at once.
        await page.getByRole('button', { name: t.apiTokens.revokeNamed.replace('{{name}}', 'Kalenderskript') }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: t.apiTokens.revoke, exact: true }).click();
        await toast(page, t.apiTokens.revoked).waitFor();
        await page.getByText(t.apiTokens.empty).waitFor();
        await shot('revoked');
        const after = await call(token, `/api/events?${RANGE}`);
        assert.equal(after.status, 401);
        assert.match(after.headers.get('www-authenticate') ?? '', /invalid_token/);
      }));
  }
});
