/**
 * The activity panel on a user's page in the back office, against a real local HTTP server playing the API: an admin
 * reads the user's timeline in words with the staff member's name, and sees the row of a block or unblock made on
 * the same page at once; a mini admin gets no panel and asks for nothing.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../api/types';
import type { CurrentUser } from '../authProvider';
import { startLocalApi, type LocalApi, type RecordedRequest } from '../../test/localApi';
import { renderAdmin } from '../testing/renderAdmin';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };
const ole = {
  id: 3, username: 'ole@example.com', name: 'Ole', email: 'ole@example.com', isAdmin: false, isMiniAdmin: false, isBlocked: false,
  blockReason: null, blockedAt: null, adminInfo: null, adminInfoUpdatedAt: null, lastLoginAt: null, phoneNumber: null, accountNumber: null, createdAt: '2026-01-01T10:00:00.000Z',
};
const timeline: ActivityEntry[] = [
  { id: 2, action: 'account.blocked', createdAt: '2026-03-02T09:30:00.000Z', actorId: 1, actorName: 'Ada Admin', details: { reason: 'Ubetalt leie' }, browser: 'Firefox 128', os: 'Windows 10', ipPrefix: null },
  { id: 1, action: 'login', createdAt: '2026-03-01T20:15:00.000Z', actorId: 3, actorName: 'Ole', details: { method: 'password' }, browser: null, os: null, ipPrefix: null },
];

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

async function openAdmin(me: CurrentUser) {
  api = await startLocalApi((req: RecordedRequest) => {
    if (req.path === '/api/user') return { json: me };
    if (req.method === 'GET' && req.path === '/api/admin/users/3') return { json: ole };
    if (req.method === 'GET' && req.path === '/api/admin/users/3/account-number-history') return { json: [] };
    if (req.method === 'GET' && req.path === '/api/admin/users/3/activity') return { json: timeline, headers: { 'Content-Range': 'activity 0-1/2' } };
    return undefined;
  });
  renderAdmin(api.apiUrl, '/admin/users/3/show');
  return api;
}

describe('the activity panel', { timeout: 30_000 }, () => {
  it("shows an admin the user's timeline, newest first, who did what", async () => {
    await openAdmin(ada);
    const list = await screen.findByRole('list', { name: 'Aktivitet' }, { timeout: 15_000 });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]).getByRole('heading', { name: 'Kontoen ble blokkert' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Begrunnelse: Ubetalt leie');
    expect(items[0]).toHaveTextContent('02.03.2026 10:30 · Utført av Ada Admin · Firefox 128 på Windows 10');
    expect(within(items[1]).getByRole('heading', { name: 'Logget inn' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Utført av brukeren selv');
  });

  it('shows the row of a block and of an unblock made on the same page, without a reload', { timeout: 90_000 }, async () => {
    let rows = [...timeline];
    let blocked = false;
    const row = (id: number, action: string, details: Record<string, unknown>): ActivityEntry => ({ id, action, createdAt: `2026-03-0${id}T09:00:00.000Z`, actorId: 1, actorName: 'Ada Admin', details, browser: null, os: null, ipPrefix: null });
    api = await startLocalApi((req: RecordedRequest) => {
      if (req.path === '/api/user') return { json: ada };
      const current = { ...ole, isBlocked: blocked, blockReason: blocked ? 'Mislighold' : null };
      if (req.method === 'GET' && req.path === '/api/admin/users/3') return { json: current };
      if (req.method === 'GET' && req.path === '/api/admin/users/3/account-number-history') return { json: [] };
      if (req.method === 'GET' && req.path === '/api/admin/users/3/activity') return { json: rows, headers: { 'Content-Range': `activity 0-${rows.length - 1}/${rows.length}` } };
      if (req.method === 'POST' && req.path === '/api/admin/users/3/block') {
        blocked = true;
        rows = [row(3, 'account.blocked', { reason: 'Mislighold' }), ...rows];
        return { json: { ...current, isBlocked: true } };
      }
      if (req.method === 'POST' && req.path === '/api/admin/users/3/unblock') {
        blocked = false;
        rows = [row(4, 'account.unblocked', {}), ...rows];
        return { json: { ...current, isBlocked: false } };
      }
      return undefined;
    });
    renderAdmin(api.apiUrl, '/admin/users/3');
    const user = userEvent.setup();
    // The edit page, with its form and actions, takes longer to come up in jsdom than the show page.
    const list = await screen.findByRole('list', { name: 'Aktivitet' }, { timeout: 20_000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await user.click(await screen.findByRole('button', { name: 'Blokker' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Årsak/ }), 'Mislighold');
    await user.click(within(dialog).getByRole('button', { name: 'Blokker' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Aktivitet' })).getAllByRole('listitem')).toHaveLength(3), { timeout: 15_000 });
    const afterBlock = within(screen.getByRole('list', { name: 'Aktivitet' })).getAllByRole('listitem');
    expect(within(afterBlock[0]).getByRole('heading', { name: 'Kontoen ble blokkert' })).toBeInTheDocument();
    expect(afterBlock[0]).toHaveTextContent('Begrunnelse: Mislighold');

    await user.click(await screen.findByRole('button', { name: 'Opphev blokkering' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Opphev blokkering' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Aktivitet' })).getAllByRole('listitem')).toHaveLength(4), { timeout: 15_000 });
    expect(within(within(screen.getByRole('list', { name: 'Aktivitet' })).getAllByRole('listitem')[0]).getByRole('heading', { name: 'Blokkeringen av kontoen ble opphevet' })).toBeInTheDocument();
  });

  it('gives a mini admin no panel, and never asks for the timeline', async () => {
    const local = await openAdmin(mia);
    await screen.findByText('Endringer av kontonummer', {}, { timeout: 15_000 });
    expect(screen.queryByRole('list', { name: 'Aktivitet' })).not.toBeInTheDocument();
    expect(local.requests.some((r) => r.path.endsWith('/activity'))).toBe(false);
  });
});
