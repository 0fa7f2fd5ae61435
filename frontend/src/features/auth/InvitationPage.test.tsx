/**
 * The invitation page against a real local HTTP server: a person without an account makes one and is signed in, a
 * signed-in person joins with one press, one with an account is sent to sign in first, and a dead link says so.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/queryKeys';
import type { User } from '../../api/types';
import i18n from '../../i18n';
import type { LocalApi, RecordedRequest } from '../../test/localApi';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { InvitationPage } from './InvitationPage';

const KARI = { id: 9, username: 'kari@example.com', email: 'kari@example.com', name: 'Kari Nordmann', isAdmin: false, isMiniAdmin: false } as unknown as User;
const preview = (fields: object = {}) => ({ propertyName: 'Hytta på Geilo', invitedBy: 'Berit Hytteeier', email: 'kari@example.com', role: 'viewer', expiresAt: '2026-06-08T12:00:00.000Z', hasAccount: false, ...fields });

function renderPage(signedIn: User | null) {
  const rendered = renderWithApp(
    <MemoryRouter initialEntries={['/invitation/abc123']}>
      <Routes>
        <Route path="/invitation/:token" element={<InvitationPage />} />
        <Route path="/auth" element={<p>Innloggingssiden</p>} />
        <Route path="/" element={<p>Kalenderen</p>} />
      </Routes>
    </MemoryRouter>,
  );
  rendered.queryClient.setQueryData(queryKeys.currentUser, signedIn);
  return rendered;
}

describe('the invitation page', () => {
  let api: LocalApi;
  let answer: (request: RecordedRequest) => { status?: number; json?: unknown } | undefined;
  beforeEach(async () => {
    await i18n.changeLanguage('nb');
    api = await startApiForApp((request) => answer(request));
  });
  afterEach(() => api.close());

  it('makes the account of someone without one, signs them in with it and opens the portal', async () => {
    answer = ({ method, path }) => {
      if (method === 'GET' && path === '/api/invitations/abc123') return { json: preview() };
      if (method === 'POST' && path === '/api/invitations/abc123/accept') return { status: 201, json: { propertyId: 4, accountCreated: true } };
      if (method === 'POST' && path === '/api/login') return { json: KARI };
      return undefined;
    };
    const user = userEvent.setup();
    renderPage(null);
    expect(await screen.findByRole('heading', { name: 'Invitasjon til Hytta på Geilo' })).toBeInTheDocument();
    expect(screen.getByText('Berit Hytteeier har invitert deg som leser.')).toBeInTheDocument();
    expect(screen.getByText('Lag en konto for kari@example.com for å godta invitasjonen.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Navn'), 'Kari Nordmann');
    await user.type(screen.getByLabelText('Passord'), 'kort');
    await user.click(screen.getByRole('button', { name: 'Lag konto og godta' }));
    expect(await screen.findByText('Passordet må være minst 12 tegn')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Passord'), '-fjellet-om-vinteren');
    await user.click(screen.getByRole('button', { name: 'Lag konto og godta' }));
    expect(await screen.findByText('Kalenderen')).toBeInTheDocument();
    const posts = api.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body]);
    expect(posts).toEqual([
      ['/api/invitations/abc123/accept', { name: 'Kari Nordmann', password: 'kort-fjellet-om-vinteren' }],
      ['/api/login', { username: 'kari@example.com', password: 'kort-fjellet-om-vinteren' }],
    ]);
  });

  it('lets a signed-in person join with one press, and shows why when the server refuses', async () => {
    let accepts = 0;
    answer = ({ method, path }) => {
      if (method === 'GET' && path === '/api/invitations/abc123') return { json: preview({ role: 'co-owner', hasAccount: true }) };
      if (method === 'POST' && path === '/api/invitations/abc123/accept') {
        accepts++;
        return accepts === 1
          ? { status: 409, json: { code: 'invitation_already_member', message: 'Personen er allerede medlem av eiendommen' } }
          : { status: 201, json: { propertyId: 4, accountCreated: false } };
      }
      return undefined;
    };
    const user = userEvent.setup();
    renderPage(KARI);
    expect(await screen.findByText('Berit Hytteeier har invitert deg som medeier.')).toBeInTheDocument();
    expect(screen.getByText('Du er logget inn som Kari Nordmann.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Godta invitasjonen' }));
    expect(await screen.findByText('Personen er allerede medlem av eiendommen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Godta invitasjonen' }));
    expect(await screen.findByText('Kalenderen')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({});
  });

  it('sends a person with an account to sign in first, in English too', async () => {
    answer = ({ path }) => (path === '/api/invitations/abc123' ? { json: preview({ hasAccount: true }) } : undefined);
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    renderPage(null);
    expect(await screen.findByText('There is an account for kari@example.com. Sign in to accept the invitation.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByText('Innloggingssiden')).toBeInTheDocument();
  });

  it('says a used or expired link does not work, with the server’s reason', async () => {
    answer = () => ({ status: 410, json: { code: 'invitation_invalid', message: 'Invitasjonen er ugyldig, utløpt eller allerede brukt' } });
    renderPage(null);
    expect(await screen.findByRole('heading', { name: 'Invitasjonen virker ikke' })).toBeInTheDocument();
    expect(screen.getByText('Invitasjonen er ugyldig, utløpt eller allerede brukt')).toBeInTheDocument();
    await waitFor(() => expect(api.requests).toHaveLength(1));
  });
});
