/**
 * The properties on a user's page in the back office, against a real local HTTP server playing the API: the
 * person's properties asked as ?userId=, each a link to the property's page, for a mini admin on the read-only page
 * and for an admin on the edit page; a person without any says so.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../authProvider';
import { startLocalApi, type LocalApi } from '../../test/localApi';
import { renderAdmin } from '../testing/renderAdmin';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };
const owner = (id: number, name: string) => ({
  id, username: `${name.toLowerCase()}@example.com`, name, email: `${name.toLowerCase()}@example.com`, isAdmin: false, isMiniAdmin: false, isBlocked: false,
  blockReason: null, blockedAt: null, adminInfo: null, adminInfoUpdatedAt: null, lastLoginAt: null, phoneNumber: null, accountNumber: null, createdAt: '2026-01-01T10:00:00.000Z',
});
const oles = [
  { id: 7, name: 'Hytta', address: 'Fjellveien 1', timezone: 'Europe/Oslo', owners: ['Ole'], members: 2 },
  { id: 8, name: 'Sjøbua', address: null, timezone: 'Europe/Oslo', owners: ['Kari'], members: 2 },
];

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

async function openAdmin(me: CurrentUser, path: string) {
  api = await startLocalApi((req) => {
    if (req.path === '/api/user') return { json: me };
    const user = /^\/api\/admin\/users\/(\d+)$/.exec(req.path);
    if (req.method === 'GET' && user) return { json: owner(Number(user[1]), user[1] === '3' ? 'Ole' : 'Kari') };
    if (req.method === 'GET' && /^\/api\/admin\/users\/\d+\/account-number-history$/.test(req.path)) return { json: [] };
    if (req.method === 'GET' && req.path === '/api/admin/properties') {
      const rows = req.query.get('userId') === '3' ? oles : [];
      return { json: rows, headers: { 'Content-Range': `properties 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } };
    }
    return undefined;
  });
  renderAdmin(api.apiUrl, path);
}

const section = () => screen.findByRole('region', { name: 'Eiendommer' }, { timeout: 15_000 });

describe("the properties on a user's page", { timeout: 30_000 }, () => {
  it("lists a mini admin the person's properties, each linking to its page", async () => {
    await openAdmin(mia, '/admin/users/3/show');
    const properties = await section();
    expect(await within(properties).findByRole('link', { name: 'Hytta' })).toHaveAttribute('href', '/admin/properties/7/show');
    expect(within(properties).getByRole('link', { name: 'Sjøbua' })).toHaveAttribute('href', '/admin/properties/8/show');
    expect(within(properties).getByText('Fjellveien 1')).toBeInTheDocument();
    const asked = api!.requests.find((r) => r.path === '/api/admin/properties')!;
    expect(asked.query.get('userId')).toBe('3');
    expect(JSON.parse(asked.query.get('filter') ?? '{}')).toEqual({});
  });

  it('shows an admin the same under the edit form, and says when the person has none', async () => {
    await openAdmin(ada, '/admin/users/4');
    const properties = await section();
    expect(await within(properties).findByText('Ingen eiendommer.')).toBeInTheDocument();
    await waitFor(() => expect(api!.requests.some((r) => r.path === '/api/admin/properties' && r.query.get('userId') === '4')).toBe(true));
  });
});
