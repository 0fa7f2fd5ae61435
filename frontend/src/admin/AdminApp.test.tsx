/**
 * The back office as the main app mounts it (route '/admin/*' in a router), against a real local HTTP server
 * playing the API: what each role sees, and the admin's own-row protection.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from './authProvider';
import { startLocalApi, type LocalApi } from '../test/localApi';
import { openRowMenu, renderAdmin, rowOf } from './testing/renderAdmin';
import type { User } from './users/types';

const base = {
  email: '',
  isBlocked: false,
  blockReason: null,
  blockedAt: null,
  adminInfo: null,
  adminInfoUpdatedAt: null,
  phoneNumber: null,
  accountNumber: null,
  twoFactorEnabled: false,
  createdAt: '2025-01-01T10:00:00.000Z',
};
const ada: User = { ...base, id: 1, username: 'ada@example.com', name: 'Ada Admin', isAdmin: true, isMiniAdmin: false, lastLoginAt: '2025-03-04T05:06:00' };
const mia: User = { ...base, id: 2, username: 'mia@example.com', name: 'Mia Mini', isAdmin: false, isMiniAdmin: true, lastLoginAt: null };
const ole: User = { ...base, id: 3, username: 'ole@example.com', name: 'Ole Owner', isAdmin: false, isMiniAdmin: false, lastLoginAt: null, isBlocked: true, blockReason: 'Ubetalt' };
const users = [ada, mia, ole];

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup(); // unmount first: react-admin may still be fetching from the server we are about to close
  await api?.close();
  api = undefined;
});

async function openAdmin(me: CurrentUser) {
  api = await startLocalApi((req) => {
    if (req.path === '/api/user') return { json: me };
    if (req.method === 'GET' && req.path === '/api/admin/users') {
      return { json: users, headers: { 'Content-Range': `users 0-${users.length - 1}/${users.length}` } };
    }
    if (req.method === 'POST' && req.path === '/api/admin/users/2/block') {
      return { status: 400, json: { message: 'Årsak er påkrevd' } };
    }
    return undefined;
  });
  renderAdmin(api.apiUrl);
  return api;
}


// Generous time: every test mounts the whole react-admin app in jsdom.
describe('AdminApp', { timeout: 30_000 }, () => {
  it('shows the users table to an admin, with no password, reset link, block or delete on their own row', async () => {
    await openAdmin(ada);
    const own = await rowOf('Ada Admin');
    expect(within(own).getByText('Admin')).toBeInTheDocument();
    expect(within(own).getByText('04.03.2025 05:06')).toBeInTheDocument();
    const ownMenu = await openRowMenu('Ada Admin');
    // Their own password and reset link are their settings' (docs/security.md#re-authentication).
    expect(within(ownMenu.menu).getByRole('menuitem', { name: 'Opprett hendelse for bruker' })).toBeInTheDocument();
    expect(within(ownMenu.menu).queryByRole('menuitem', { name: 'Endre passord' })).toBeNull();
    expect(within(ownMenu.menu).queryByRole('menuitem', { name: /tilbakestilling/i })).toBeNull();
    expect(within(ownMenu.menu).queryByRole('menuitem', { name: 'Blokker' })).toBeNull();
    expect(within(ownMenu.menu).queryByRole('menuitem', { name: 'Slett' })).toBeNull();
    await ownMenu.close();

    const blocked = await rowOf('Ole Owner');
    expect(within(blocked).getByText('Blokkert')).toBeInTheDocument();
    const blockedMenu = await openRowMenu('Ole Owner');
    expect(within(blockedMenu.menu).getByRole('menuitem', { name: 'Endre passord' })).toBeInTheDocument();
    expect(within(blockedMenu.menu).getByRole('menuitem', { name: 'Opphev blokkering' })).toBeInTheDocument();
    expect(within(blockedMenu.menu).getByRole('menuitem', { name: 'Slett' })).toBeInTheDocument();
    await blockedMenu.close();
    expect(within(await rowOf('Mia Mini')).getByText('Mini admin')).toBeInTheDocument();
    expect(screen.queryByText('Kun lesing')).toBeNull();
    // The app bar leads back to the owner's app.
    expect(screen.getByRole('link', { name: 'Tilbake til kalenderen' })).toHaveAttribute('href', '/');
  });

  it('searches with the q filter', async () => {
    const server = await openAdmin(ada);
    await rowOf('Ada Admin');
    await userEvent.setup().type(screen.getByPlaceholderText('Søk'), 'ole');
    await waitFor(
      () => {
        const filters = server.requests.filter((r) => r.path === '/api/admin/users').map((r) => r.query.get('filter'));
        expect(filters).toContain(JSON.stringify({ q: 'ole' }));
      },
      { timeout: 15_000 },
    );
  });

  it('requires a non-blank block reason and shows a refused block as Blokkeringsfeil', async () => {
    const server = await openAdmin(ada);
    const user = userEvent.setup();
    await user.click(within((await openRowMenu('Mia Mini', user)).menu).getByRole('menuitem', { name: 'Blokker' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Årsak/ }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Blokker' }));
    expect(within(dialog).getByText('Årsak er påkrevd')).toBeInTheDocument();
    expect(server.requests.some((r) => r.path.endsWith('/block'))).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /Årsak/ }), 'Mislighold');
    await user.click(within(dialog).getByRole('button', { name: 'Blokker' }));
    expect(await screen.findByText('Blokkeringsfeil')).toBeInTheDocument();
    expect(screen.getByText('Kunne ikke blokkere bruker: Årsak er påkrevd')).toBeInTheDocument();
    expect(server.requests.find((r) => r.path.endsWith('/block'))?.body).toEqual({ reason: 'Mislighold' });
  });

  it('shows mini admins the list read-only', async () => {
    await openAdmin(mia);
    await rowOf('Ole Owner');
    expect(await screen.findByText('Kun lesing')).toBeInTheDocument();
    expect(screen.queryByText('Handlinger')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Handlinger for Ole Owner' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Endre passord' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Opprett/ })).toBeNull();
  });

  it("tells a regular user 'Tilgang nektet' with a link home", async () => {
    await openAdmin({ ...ole, isBlocked: false } as CurrentUser);
    expect(await screen.findByText('Tilgang nektet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gå til forsiden' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(api!.requests.some((r) => r.path === '/api/admin/users')).toBe(false));
  });

  it('names itself on a page it does not have, never by the raw key', async () => {
    api = await startLocalApi((req) => (req.path === '/api/user' ? { json: ada } : undefined));
    renderAdmin(api.apiUrl, '/admin/no-such-page');
    expect(await screen.findByText('Administrasjon', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText(/admin\.title/)).toBeNull();
  });

  it("speaks English when localStorage 'language' is 'en'", async () => {
    localStorage.setItem('language', 'en');
    await openAdmin(mia);
    expect(await screen.findByText('Read only')).toBeInTheDocument();
    expect(await screen.findByText('Last login', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Mini admin')).toBeInTheDocument();
  });
});
