/**
 * Settings → Password: no current-password field; the proof is the re-authentication dialog's, which the server's
 * 403 reauth_required opens (docs/security.md#re-authentication). New passwords are 12 characters or more.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import type { LocalApi, RecordedRequest } from '../../../test/localApi';
import { renderWithApp, startApiForApp } from '../../../test/renderWithApi';
import { PasswordTab } from './PasswordTab';
import { ReauthDialog } from './ReauthDialog';

let api: LocalApi | undefined;
beforeEach(() => i18n.changeLanguage('nb'));
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('PasswordTab', () => {
  it('asks for the password in the dialog, not in the form, and sends only the new password', async () => {
    let proved = false;
    api = await startApiForApp((req: RecordedRequest) => {
      if (req.method === 'POST' && req.path === '/api/user/reauth') {
        proved = (req.body as { password?: string }).password === 'gammelt-passord';
        return proved ? { json: { message: 'Bekreftet' } } : { status: 400, json: { code: 'wrong_current_password', message: 'Nåværende passord er feil' } };
      }
      if (req.method === 'PUT' && req.path === '/api/user/password') {
        if (!proved) return { status: 403, json: { code: 'reauth_required', message: 'Bekreft at det er deg' } };
        return { json: { message: 'Passordet er endret' } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(
      <MemoryRouter>
        <PasswordTab />
        <ReauthDialog twoFactorEnabled={false} />
      </MemoryRouter>,
    );
    expect(screen.queryByLabelText('Nåværende passord')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Nytt passord'), 'kort-pass');
    await user.type(screen.getByLabelText('Bekreft nytt passord'), 'kort-pass');
    await user.click(screen.getByRole('button', { name: 'Endre passord' }));
    expect(await screen.findByText('Passordet må være minst 12 tegn')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path === '/api/user/password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Nytt passord'));
    await user.clear(screen.getByLabelText('Bekreft nytt passord'));
    await user.type(screen.getByLabelText('Nytt passord'), 'et-langt-nytt-passord');
    await user.type(screen.getByLabelText('Bekreft nytt passord'), 'et-langt-nytt-passord');
    await user.click(screen.getByRole('button', { name: 'Endre passord' }));
    await screen.findByRole('dialog', { name: 'Bekreft at det er deg' });
    await user.type(screen.getByLabelText('Passord'), 'gammelt-passord');
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    await waitFor(() => expect(api!.requests.filter((r) => r.method === 'PUT' && r.path === '/api/user/password')).toHaveLength(2));
    expect(api.requests.filter((r) => r.path === '/api/user/password').map((r) => r.body)).toEqual([{ newPassword: 'et-langt-nytt-passord' }, { newPassword: 'et-langt-nytt-passord' }]);
  });
});
