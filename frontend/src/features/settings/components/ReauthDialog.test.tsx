/**
 * Settings → a sensitive change the server refuses with 403 reauth_required: the dialog asks for the password (and
 * code), and the refused save is sent again once the server accepted it; Cancel leaves things as they were.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../../api/types';
import i18n from '../../../i18n';
import type { LocalApi, RecordedRequest } from '../../../test/localApi';
import { renderWithApp, startApiForApp } from '../../../test/renderWithApi';
import { ProfileTab } from './ProfileTab';
import { ReauthDialog } from './ReauthDialog';

const owner = { id: 7, username: 'ole@example.com', name: 'Ole Owner', email: 'ole@example.com', phoneNumber: null, accountNumber: null, isAdmin: false, isMiniAdmin: false, twoFactorEnabled: false } as unknown as User;

let api: LocalApi | undefined;
beforeEach(() => i18n.changeLanguage('nb'));
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** A server that refuses the profile save until POST /api/user/reauth got the right password (and code). */
async function serve(expected: { password: string; code?: string }) {
  let proved = false;
  api = await startApiForApp((req: RecordedRequest) => {
    if (req.method === 'POST' && req.path === '/api/user/reauth') {
      const body = req.body as { password?: string; code?: string };
      if (body.password !== expected.password) return { status: 400, json: { code: 'wrong_current_password', message: 'Nåværende passord er feil' } };
      if (expected.code !== undefined && body.code !== expected.code) return { status: 400, json: { code: 'two_factor_code_invalid', message: 'Koden er feil eller utløpt' } };
      proved = true;
      return { json: { message: 'Bekreftet' } };
    }
    if (req.method === 'PUT' && req.path === '/api/user/profile') {
      if (!proved) return { status: 403, json: { code: 'reauth_required', message: 'Bekreft at det er deg: skriv inn passordet på nytt' } };
      return { json: { ...owner, ...(req.body as object) } };
    }
    return undefined;
  });
  return api;
}

const calls = (server: LocalApi, method: string, path: string) => server.requests.filter((r) => r.method === method && r.path === path);

function renderProfile(user: User) {
  return renderWithApp(
    <MemoryRouter>
      <ProfileTab user={user} />
      <ReauthDialog twoFactorEnabled={user.twoFactorEnabled} />
    </MemoryRouter>,
  );
}

async function saveNewEmail(user: ReturnType<typeof userEvent.setup>) {
  const email = screen.getByLabelText('E-post');
  await user.clear(email);
  await user.type(email, 'ny@example.com');
  await user.click(screen.getByRole('button', { name: 'Lagre endringer' }));
}

describe('ReauthDialog', () => {
  it('asks for the password, says when it is wrong, and sends the refused save again once it is right', async () => {
    const server = await serve({ password: 'riktig-passord' });
    const user = userEvent.setup();
    renderProfile(owner);
    await saveNewEmail(user);

    const dialog = await screen.findByRole('dialog', { name: 'Bekreft at det er deg' });
    const password = screen.getByLabelText('Passord');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.queryByLabelText('Kode fra appen eller gjenopprettingskode')).not.toBeInTheDocument();

    await user.type(password, 'feil');
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    expect(await screen.findByText('Nåværende passord er feil')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(calls(server, 'PUT', '/api/user/profile')).toHaveLength(1);

    await user.clear(password);
    await user.type(password, 'riktig-passord');
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    expect(await screen.findByText('Profilen er oppdatert')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const saves = calls(server, 'PUT', '/api/user/profile');
    expect(saves).toHaveLength(2);
    expect(saves[1].body).toMatchObject({ email: 'ny@example.com' });
    expect(calls(server, 'POST', '/api/user/reauth').map((r) => r.body)).toEqual([{ password: 'feil' }, { password: 'riktig-passord' }]);
  });

  it('asks for a code too when two-factor sign-in is on, in a field for one-time codes', async () => {
    const server = await serve({ password: 'riktig-passord', code: '123456' });
    const user = userEvent.setup();
    renderProfile({ ...owner, twoFactorEnabled: true });
    await saveNewEmail(user);

    await screen.findByRole('dialog', { name: 'Bekreft at det er deg' });
    const code = screen.getByLabelText('Kode fra appen eller gjenopprettingskode');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(screen.getByLabelText('Passord'), 'riktig-passord');
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    expect(await screen.findByText('Koden er påkrevd')).toBeInTheDocument();
    expect(calls(server, 'POST', '/api/user/reauth')).toHaveLength(0);

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    expect(await screen.findByText('Profilen er oppdatert')).toBeInTheDocument();
    expect(calls(server, 'POST', '/api/user/reauth').map((r) => r.body)).toEqual([{ password: 'riktig-passord', code: '123456' }]);
  });

  it('leaves things as they were on Cancel: no second save, no error toast', async () => {
    const server = await serve({ password: 'riktig-passord' });
    const user = userEvent.setup();
    renderProfile(owner);
    await saveNewEmail(user);

    await screen.findByRole('dialog', { name: 'Bekreft at det er deg' });
    await user.click(screen.getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Kunne ikke oppdatere profilen')).not.toBeInTheDocument();
    expect(screen.getByLabelText('E-post')).toHaveValue('ny@example.com');
    expect(calls(server, 'PUT', '/api/user/profile')).toHaveLength(1);
    expect(calls(server, 'POST', '/api/user/reauth')).toHaveLength(0);
  });
});
