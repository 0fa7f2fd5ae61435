/**
 * The account-number history on a user's page in the back office, against a real local HTTP server playing the API:
 * who changed the number and when, old and new masked as the server sends them, for a mini admin on the read-only
 * page and for an admin on the edit page; a user whose number never changed says so.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../authProvider';
import { formatDateTime } from '../formatDate';
import { startLocalApi, type LocalApi, type RecordedRequest } from '../../test/localApi';
import { renderAdmin } from '../testing/renderAdmin';
import type { AccountNumberChange } from './types';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };
const owner = (id: number, name: string) => ({
  id, username: `${name.toLowerCase()}@example.com`, name, email: `${name.toLowerCase()}@example.com`, isAdmin: false, isMiniAdmin: false, isBlocked: false,
  blockReason: null, blockedAt: null, adminInfo: null, adminInfoUpdatedAt: null, lastLoginAt: null, phoneNumber: null, accountNumber: '9876.54.32109', createdAt: '2026-01-01T10:00:00.000Z',
});
const history: AccountNumberChange[] = [
  { id: 2, changedAt: '2026-03-02T09:30:00.000Z', changedById: 1, changedByName: 'Ada Admin', oldAccountNumber: '••••.••.•8901', newAccountNumber: '••••.••.•2109', changeReason: 'Endret av administrator' },
  { id: 1, changedAt: '2026-03-01T20:15:00.000Z', changedById: null, changedByName: null, oldAccountNumber: null, newAccountNumber: '••••.••.•8901', changeReason: 'Endret av bruker' },
];

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

async function openAdmin(me: CurrentUser, path: string) {
  api = await startLocalApi((req: RecordedRequest) => {
    if (req.path === '/api/user') return { json: me };
    if (req.method === 'GET' && req.path === '/api/admin/users/3') return { json: owner(3, 'Ole') };
    if (req.method === 'GET' && req.path === '/api/admin/users/4') return { json: owner(4, 'Kari') };
    if (req.method === 'GET' && req.path === '/api/admin/users/3/account-number-history') return { json: history };
    if (req.method === 'GET' && req.path === '/api/admin/users/4/account-number-history') return { json: [] };
    return undefined;
  });
  renderAdmin(api.apiUrl, path);
}

describe('account-number history', { timeout: 30_000 }, () => {
  it('shows a mini admin who changed the number and when, old and new masked', async () => {
    await openAdmin(mia, '/admin/users/3/show');
    const table = await screen.findByRole('table', { name: 'Endringer av kontonummer' }, { timeout: 15_000 });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Tidspunkt', 'Endret av', 'Gammelt nummer', 'Nytt nummer']);
    await within(table).findByText('Ada Admin');
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      [formatDateTime('2026-03-02T09:30:00.000Z'), 'Ada Admin', '••••.••.•8901', '••••.••.•2109'],
      [formatDateTime('2026-03-01T20:15:00.000Z'), 'Slettet bruker', '–', '••••.••.•8901'],
    ]);
  });

  it('shows an admin the same panel under the edit form, and says when the number never changed', async () => {
    await openAdmin(ada, '/admin/users/3');
    const table = await screen.findByRole('table', { name: 'Endringer av kontonummer' }, { timeout: 15_000 });
    expect(await within(table).findByText('••••.••.•2109')).toBeInTheDocument();
    cleanup();
    await api?.close();
    await openAdmin(ada, '/admin/users/4');
    expect(await screen.findByText('Kontonummeret er ikke endret.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(api!.requests.some((r) => r.path === '/api/admin/users/4/account-number-history')).toBe(true);
  });
});
