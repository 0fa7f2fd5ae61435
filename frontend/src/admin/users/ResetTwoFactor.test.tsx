/**
 * 'Nullstill tofaktor' in the users table against a real local HTTP server: offered only for another user who has
 * two-factor sign-in on, it asks for a confirmation and, when the server wants the admin's password again (403
 * reauth_required), the re-authentication dialog, and then sends the reset once more (docs/security.md).
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../test/localApi';
import { startApiForApp } from '../../test/renderWithApi';
import { openRowMenu, renderAdmin } from '../testing/renderAdmin';
import type { User } from './types';

const base = {
  email: '', isBlocked: false, blockReason: null, blockedAt: null, adminInfo: null, adminInfoUpdatedAt: null, phoneNumber: null, accountNumber: null,
  lastLoginAt: null, createdAt: '2025-01-01T10:00:00.000Z', isMiniAdmin: false,
};
const ada: User = { ...base, id: 1, username: 'ada@example.com', name: 'Ada Admin', isAdmin: true, twoFactorEnabled: true };
const ole: User = { ...base, id: 3, username: 'ole@example.com', name: 'Ole Owner', isAdmin: false, twoFactorEnabled: true };
const kari: User = { ...base, id: 4, username: 'kari@example.com', name: 'Kari Kode', isAdmin: false, twoFactorEnabled: false };

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

describe('resetting a user’s two-factor sign-in', { timeout: 60_000 }, () => {
  it('is offered where there is one to reset, and asks for the password again when the server wants it', async () => {
    let reauthenticated = false;
    api = await startApiForApp((req) => {
      if (req.path === '/api/user') return { json: { ...ada, email: 'ada@example.com' } };
      if (req.path === '/api/system-settings') return { json: [] };
      if (req.method === 'GET' && req.path === '/api/admin/users') return { json: [ada, ole, kari], headers: { 'Content-Range': 'users 0-2/3' } };
      if (req.path === '/api/user/reauth') {
        reauthenticated = (req.body as { password?: string; code?: string }).code === '123456';
        return { json: { message: 'OK' } };
      }
      if (req.path === '/api/admin/users/3/2fa/reset') {
        return reauthenticated ? { json: { message: 'Tofaktorinnlogging er slått av' } } : { status: 403, json: { message: 'Bekreft passordet ditt', code: 'reauth_required' } };
      }
      return undefined;
    });
    renderAdmin(api.apiUrl);
    const user = userEvent.setup();

    // Not on the admin's own row, nor for a user without it.
    for (const name of ['Ada Admin', 'Kari Kode']) {
      const { menu, close } = await openRowMenu(name, user);
      expect(within(menu).queryByRole('menuitem', { name: 'Nullstill tofaktor' })).toBeNull();
      await close();
    }

    const { menu } = await openRowMenu('Ole Owner', user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Nullstill tofaktor' }));
    const confirm = await screen.findByRole('dialog', { name: 'Nullstill tofaktorinnlogging for Ole Owner?' });
    await user.click(within(confirm).getByRole('button', { name: 'Nullstill' }));

    const reauth = await screen.findByRole('dialog', { name: 'Bekreft at det er deg' }, { timeout: 10_000 });
    await user.type(within(reauth).getByLabelText('Passord'), 'riktig-passord-123');
    await user.type(within(reauth).getByLabelText('Kode fra appen eller gjenopprettingskode'), '123456');
    await user.click(within(reauth).getByRole('button', { name: 'Bekreft' }));

    expect(await screen.findByText('Tofaktorinnloggingen er slått av', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(api!.requests.filter((r) => r.method === 'POST' && r.path === '/api/admin/users/3/2fa/reset')).toHaveLength(2));
  });
});
