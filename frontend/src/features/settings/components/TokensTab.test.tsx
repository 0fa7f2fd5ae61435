/**
 * Settings → API tokens against a real loopback server: the list, making a token behind the re-authentication
 * dialog (the refused call sent again once the password was right), the token shown once with its warning,
 * revoking only after the confirmation, and the staff scopes offered to staff only.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiToken } from '../../../api/types';
import i18n from '../../../i18n';
import type { LocalApi, RecordedRequest } from '../../../test/localApi';
import { renderWithApp, startApiForApp } from '../../../test/renderWithApi';
import { scopesFor, TOKEN_SCOPES } from '../tokensApi';
import { ReauthDialog } from './ReauthDialog';
import { TokensTab } from './TokensTab';

const OWNER = { isAdmin: false, isMiniAdmin: false };
const TOKEN = `eip_${'a'.repeat(43)}`;
const listed: ApiToken = {
  id: 3,
  name: 'Regnskap',
  scopes: ['payouts:read'],
  tokenStart: 'eip_Zx9k',
  createdAt: '2026-05-01T10:00:00.000Z',
  expiresAt: '2027-05-01T10:00:00.000Z',
  lastUsedAt: null,
};

let api: LocalApi | undefined;
beforeEach(() => i18n.changeLanguage('nb'));
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** A server holding `tokens`, that refuses POST /api/user/tokens until POST /api/user/reauth got 'riktig-passord'. */
async function serve(tokens: ApiToken[]) {
  let proved = false;
  api = await startApiForApp((req: RecordedRequest) => {
    if (req.method === 'GET' && req.path === '/api/user/tokens') return { json: tokens };
    if (req.method === 'POST' && req.path === '/api/user/reauth') {
      if ((req.body as { password?: string }).password !== 'riktig-passord') return { status: 400, json: { code: 'wrong_current_password', message: 'Nåværende passord er feil' } };
      proved = true;
      return { json: { message: 'Bekreftet' } };
    }
    if (req.method === 'POST' && req.path === '/api/user/tokens') {
      if (!proved) return { status: 403, json: { code: 'reauth_required', message: 'Bekreft at det er deg: skriv inn passordet på nytt' } };
      const body = req.body as { name: string; scopes: ApiToken['scopes']; expiresInDays: number };
      const made = { ...listed, id: 4, name: body.name, scopes: body.scopes, tokenStart: TOKEN.slice(0, 8) };
      tokens.unshift(made);
      return { status: 201, json: { ...made, token: TOKEN } };
    }
    if (req.method === 'DELETE' && req.path.startsWith('/api/user/tokens/')) {
      tokens.splice(tokens.findIndex((x) => `/api/user/tokens/${x.id}` === req.path), 1);
      return { json: { message: 'API-nøkkelen er trukket tilbake' } };
    }
    return undefined;
  });
  return api;
}

const calls = (server: LocalApi, method: string, path: string) => server.requests.filter((r) => r.method === method && r.path === path);

function renderTab(user = OWNER) {
  return renderWithApp(
    <>
      <TokensTab user={user} />
      <ReauthDialog twoFactorEnabled={false} />
    </>,
  );
}

describe('TokensTab', () => {
  it('lists the tokens, makes one after the password is confirmed, and shows it once with a warning', async () => {
    const server = await serve([listed]);
    const user = userEvent.setup();
    renderTab();
    const list = await screen.findByRole('list', { name: 'Dine API-nøkler' });
    expect(within(list).getByText('Regnskap · eip_Zx9k…')).toBeInTheDocument();
    expect(within(list).getByText(/sist brukt aldri/)).toBeInTheDocument();
    expect(within(list).getByText('payouts:read')).toBeInTheDocument();
    // An owner is offered no staff scope.
    expect(screen.queryByRole('checkbox', { name: /admin:read/ })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Navn'), 'Kalenderskript');
    await user.click(screen.getByRole('checkbox', { name: /calendar:read/ }));
    await user.click(screen.getByRole('checkbox', { name: /calendar:write/ }));
    const days = screen.getByLabelText('Gyldig i antall dager');
    await user.clear(days);
    await user.type(days, '90');
    await user.click(screen.getByRole('button', { name: 'Lag API-nøkkel' }));

    await screen.findByRole('dialog', { name: 'Bekreft at det er deg' });
    await user.type(screen.getByLabelText('Passord'), 'riktig-passord');
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));

    const shown = await screen.findByLabelText('Din nye API-nøkkel');
    expect(shown).toHaveValue(TOKEN);
    expect(screen.getByText(/Den vises bare denne ene gangen/)).toBeInTheDocument();
    // The confirmation's dialog leaves with a transition, and the page behind it is hidden from the roles until then.
    expect(await screen.findByRole('button', { name: 'Kopier API-nøkkelen' }, { timeout: 5_000 })).toBeInTheDocument();
    const posts = calls(server, 'POST', '/api/user/tokens');
    expect(posts).toHaveLength(2);
    expect(posts[1].body).toEqual({ name: 'Kalenderskript', scopes: ['calendar:read', 'calendar:write'], expiresInDays: 90 });
    expect(await within(list).findByText('Kalenderskript · eip_aaaa…')).toBeInTheDocument();
    // Once put away, the token is gone from the screen for good.
    await user.click(screen.getByRole('button', { name: 'Jeg har lagret nøkkelen' }));
    expect(screen.queryByLabelText('Din nye API-nøkkel')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(TOKEN);
  });

  it('says what is missing and sends nothing: a name, a scope, and days from 1 to 365', async () => {
    const server = await serve([]);
    const user = userEvent.setup();
    renderTab();
    expect(await screen.findByText('Du har ingen API-nøkler.')).toBeInTheDocument();
    const days = screen.getByLabelText('Gyldig i antall dager');
    await user.clear(days);
    await user.type(days, '400');
    await user.click(screen.getByRole('button', { name: 'Lag API-nøkkel' }));
    expect(screen.getByText('Navn er påkrevd')).toBeInTheDocument();
    expect(screen.getByText('Velg minst én tilgang')).toBeInTheDocument();
    expect(screen.getByText('Velg et helt antall dager fra 1 til 365')).toBeInTheDocument();
    expect(calls(server, 'POST', '/api/user/tokens')).toEqual([]);
  });

  it('revokes a token only once the confirmation is accepted', async () => {
    const server = await serve([{ ...listed }]);
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Trekk tilbake Regnskap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trekke tilbake «Regnskap»?' });
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(server, 'DELETE', '/api/user/tokens/3')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Trekk tilbake Regnskap' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Trekk tilbake' }));
    await waitFor(() => expect(calls(server, 'DELETE', '/api/user/tokens/3')).toHaveLength(1));
    expect(await screen.findByText('Du har ingen API-nøkler.')).toBeInTheDocument();
  });

  it('offers admin:read to mini admins and admins, admin:write to admins only', async () => {
    expect(scopesFor(OWNER)).toEqual(TOKEN_SCOPES.filter((s) => !s.startsWith('admin:')));
    expect(scopesFor({ isAdmin: false, isMiniAdmin: true })).toEqual(TOKEN_SCOPES.filter((s) => s !== 'admin:write'));
    expect(scopesFor({ isAdmin: true, isMiniAdmin: false })).toEqual(TOKEN_SCOPES);
    await serve([]);
    renderTab({ isAdmin: true, isMiniAdmin: false });
    expect(await screen.findByRole('checkbox', { name: /admin:write/ })).toBeInTheDocument();
  });
});
