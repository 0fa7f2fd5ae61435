/**
 * The hand-over choice in the back office (docs/roles.md#removing-a-person), against a local HTTP server playing the
 * API: deleting a staff member who holds work is refused with 409 `staff_has_work`; the dialog says what they hold,
 * the admin picks a successor (an administrator, as there are cases) and the delete goes again with ?handOverTo=.
 * Blocking asks the same, and cancelling sends `cancelWork` with the reason.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../authProvider';
import { startApiForApp } from '../../test/renderWithApi';
import type { LocalApi, RecordedRequest } from '../../test/localApi';
import { renderAdmin } from '../testing/renderAdmin';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const person = (id: number, name: string) => ({
  id, name, username: `${name.split(' ')[0].toLowerCase()}@example.com`, email: `${name.split(' ')[0].toLowerCase()}@example.com`, isAdmin: true, isMiniAdmin: false,
  isBlocked: false, blockReason: null, blockedAt: null, lastLoginAt: null, phoneNumber: null, accountNumber: null, adminInfo: null, adminInfoUpdatedAt: null,
  createdAt: '2026-01-01T10:00:00.000Z', twoFactorEnabled: true,
});
const kari = person(5, 'Kari Slutter');
const per = person(6, 'Per Etterfølger');
const HELD = { appointments: 1, meetings: 0, cases: 1 };
const refusal = { status: 409, json: { code: 'staff_has_work', message: 'Personen har arbeid', params: HELD } };

const FIRST_PAINT = { timeout: 20_000 };
/** The hand-over dialog loads its own chunk when the 409 comes: on a loaded machine that is a first transform too. */
const HAND_OVER = { timeout: 30_000 };

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

async function openEdit() {
  api = await startApiForApp((req: RecordedRequest) => {
    if (req.path === '/api/user') return { json: ada };
    if (req.method === 'GET' && req.path === '/api/admin/users/5') return { json: kari };
    if (req.method === 'GET' && req.path === '/api/admin/users/6') return { json: per };
    if (req.method === 'GET' && req.path === '/api/admin/users') return { json: [ada, kari, per].map((u) => ({ ...kari, ...u })), headers: { 'Content-Range': 'users 0-2/3' } };
    if (req.method === 'DELETE' && req.path === '/api/admin/users/5') return req.query.get('handOverTo') === '6' ? { json: kari } : refusal;
    if (req.method === 'POST' && req.path === '/api/admin/users/5/block') return (req.body as { cancelWork?: boolean }).cancelWork ? { json: { ...kari, isBlocked: true } } : refusal;
    if (req.path.endsWith('/activity') || req.path.endsWith('/account-number-history')) return { json: [], headers: { 'Content-Range': 'activity 0-0/0' } };
    return undefined;
  });
  renderAdmin(api.apiUrl, '/admin/users/5');
  return api;
}

describe('handing a staff member’s work over', { timeout: 90_000 }, () => {
  it('asks who takes over when the delete is refused, and deletes with the successor', async () => {
    const server = await openEdit();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Slett' }, FIRST_PAINT));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Slett' }));

    const dialog = await screen.findByRole('dialog', { name: 'Hvem overtar for Kari Slutter?' }, HAND_OVER);
    expect(within(dialog).getByText('1 kommende time')).toBeInTheDocument();
    expect(within(dialog).getByText('1 åpen sak')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Slett bruker' });
    expect(confirm).toBeDisabled();

    await user.type(within(dialog).getByRole('combobox', { name: 'Etterfølger (administrator)' }), 'Per');
    await user.click(await screen.findByRole('option', { name: /^Per Etterfølger/ }));
    await user.click(confirm);

    expect(await screen.findByText('Bruker slettet')).toBeInTheDocument();
    const deletes = server.requests.filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => r.query.toString())).toEqual(['', 'handOverTo=6']);
    // The picker asked for administrators only, as there are cases.
    const search = server.requests.find((r) => r.path === '/api/admin/users' && r.query.get('filter')?.includes('isAdmin'));
    expect(JSON.parse(search!.query.get('filter')!)).toMatchObject({ isAdmin: true });
  }, 60_000);

  it('asks the same when blocking, and cancelling sends the reason with cancelWork', async () => {
    const server = await openEdit();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Blokker' }, FIRST_PAINT));
    const blockDialog = await screen.findByRole('dialog');
    await user.type(within(blockDialog).getByRole('textbox', { name: /Årsak/ }), 'Sluttet');
    await user.click(within(blockDialog).getByRole('button', { name: 'Blokker' }));

    const dialog = await screen.findByRole('dialog', { name: 'Hvem overtar for Kari Slutter?' }, HAND_OVER);
    await user.click(within(dialog).getByRole('radio', { name: /^Avlys og gi eierne beskjed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Blokker' }));

    expect(await screen.findByText('Brukeren er blokkert')).toBeInTheDocument();
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/block')).map((r) => r.body)).toEqual([{ reason: 'Sluttet' }, { reason: 'Sluttet', cancelWork: true }]));
  }, 60_000);
});
