/**
 * The properties resource as the main app mounts the back office, against a real local HTTP server playing the API:
 * the list and its search and owner filter (the person as ?userId=, which the API takes beside the list's filter),
 * creating one, a property's page with its members, changing it, deleting after a question, and what a mini admin
 * may not do.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../authProvider';
import { startLocalApi, type LocalApi, type RecordedRequest } from '../../test/localApi';
import { renderAdmin, rowOf } from '../testing/renderAdmin';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };
const users = [
  { id: 3, name: 'Ole Eier', username: 'ole@example.com', isAdmin: false, isMiniAdmin: false },
  { id: 4, name: 'Kari Vert', username: 'kari@example.com', isAdmin: false, isMiniAdmin: false },
];
const properties = [
  { id: 7, name: 'Hytta', address: 'Fjellveien 1', timezone: 'Europe/Oslo', owners: ['Ole Eier'], members: 3 },
  { id: 8, name: 'Sjøbua', address: null, timezone: 'Europe/Oslo', owners: ['Kari Vert', 'Ole Eier'], members: 2 },
];
const members = [
  { userId: 3, name: 'Ole Eier', email: 'ole@example.com', role: 'owner', share: '60', canSeeMoney: true },
  { userId: 4, name: 'Kari Vert', email: 'kari@example.com', role: 'co-owner', share: '40', canSeeMoney: true },
  { userId: 5, name: 'Lise Leser', email: 'lise@example.com', role: 'viewer', share: null, canSeeMoney: false },
];

const listRequests = (api: LocalApi) => api.requests.filter((r) => r.method === 'GET' && r.path === '/api/admin/properties');
const filterOf = (r: RecordedRequest) => JSON.parse(r.query.get('filter') ?? '{}') as Record<string, unknown>;

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

async function openAdmin(me: CurrentUser, path: string) {
  api = await startLocalApi((req) => {
    if (req.path === '/api/user') return { json: me };
    if (req.path === '/api/system-settings') return { json: [] };
    if (req.path === '/api/admin/users') {
      const filter = JSON.parse(req.query.get('filter') ?? '{}') as { q?: string; id?: number[] };
      const rows = users.filter((u) => (!filter.q || u.name.toLowerCase().includes(filter.q.toLowerCase())) && (!filter.id || [filter.id].flat().map(Number).includes(u.id)));
      return { json: rows, headers: { 'Content-Range': `users 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } };
    }
    const user = /^\/api\/admin\/users\/(\d+)$/.exec(req.path);
    if (user) return { json: users.find((u) => u.id === Number(user[1])) };
    if (req.method === 'GET' && req.path === '/api/admin/properties') {
      // As the API answers: ?userId= a member's properties, filter.q the name or address.
      const q = String(filterOf(req).q ?? '').toLowerCase();
      const userId = req.query.get('userId');
      const rows = properties
        .filter((p) => !q || `${p.name} ${p.address ?? ''}`.toLowerCase().includes(q))
        .filter((p) => !userId || (userId === '4' ? p.id === 8 : true));
      return { json: rows, headers: { 'Content-Range': `properties 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } };
    }
    if (req.method === 'POST' && req.path === '/api/admin/properties') return { status: 201, json: { id: 9, timezone: 'Europe/Oslo', address: null, ...(req.body as object) } };
    const one = /^\/api\/properties\/(\d+)$/.exec(req.path);
    if (req.method === 'GET' && one) {
      const found = properties.find((p) => p.id === Number(one[1])) ?? { id: 9, name: 'Nytt tun', address: 'Tunveien 2', timezone: 'Europe/Oslo' };
      return { json: { id: found.id, name: found.name, address: found.address, timezone: found.timezone, role: 'staff' } };
    }
    if (req.method === 'GET' && /^\/api\/properties\/\d+\/members$/.test(req.path)) return { json: req.path.includes('/7/') ? members : [members[0]] };
    if (req.method === 'PATCH' && req.path === '/api/admin/properties/7') return { json: { ...properties[0], ...(req.body as object) } };
    if (req.method === 'DELETE' && req.path === '/api/admin/properties/7') return { json: { id: 7, name: 'Hytta', address: 'Fjellveien 1', timezone: 'Europe/Oslo' } };
    return undefined;
  });
  renderAdmin(api.apiUrl, path);
}

describe('properties in the back office', { timeout: 30_000 }, () => {
  it('lists each property with address, owners and members, searches, and narrows to one owner through ?userId=', async () => {
    await openAdmin(ada, '/admin/properties');
    const hytta = await rowOf('Hytta');
    expect(within(hytta).getByText('Fjellveien 1')).toBeInTheDocument();
    expect(within(hytta).getByText('3')).toBeInTheDocument();
    expect(within(await rowOf('Sjøbua')).getByText('Kari Vert, Ole Eier')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Søk'), 'fjell');
    await waitFor(() => expect(screen.queryByText('Sjøbua')).toBeNull());
    expect(screen.getByText('Hytta')).toBeInTheDocument();
    expect(filterOf(listRequests(api!).at(-1)!)).toEqual({ q: 'fjell' });
    await user.clear(screen.getByPlaceholderText('Søk'));
    await screen.findByText('Sjøbua');

    await user.type(screen.getByRole('combobox', { name: 'Eier' }), 'kari');
    await user.click(await screen.findByRole('option', { name: /Kari Vert/ }));
    await waitFor(() => expect(screen.queryByText('Hytta')).toBeNull());
    const narrowed = listRequests(api!).at(-1)!;
    expect(narrowed.query.get('userId')).toBe('4');
    expect(filterOf(narrowed)).not.toHaveProperty('userId');
  });

  it('creates one for the owner picked, sending name, owner and address', async () => {
    await openAdmin(ada, '/admin/properties');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Opprett' }, { timeout: 15_000 }));
    await user.type(await screen.findByRole('textbox', { name: /Navn/ }), 'Nytt tun');
    await user.type(screen.getByRole('textbox', { name: /Adresse/ }), 'Tunveien 2');
    await user.type(screen.getByRole('combobox', { name: /Eier/ }), 'kari');
    await user.click(await screen.findByRole('option', { name: /Kari Vert/ }));
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(api!.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(api!.requests.find((r) => r.method === 'POST')!.body).toEqual({ name: 'Nytt tun', address: 'Tunveien 2', ownerUserId: 4 });
    // Then the new property's page.
    expect(await screen.findByText('Tunveien 2', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it("shows a property's page with its time zone and members: role, share and whether they see the money", async () => {
    await openAdmin(ada, '/admin/properties/7/show');
    const lise = (await screen.findByText('Lise Leser', {}, { timeout: 15_000 })).closest('tr')!;
    expect(within(lise).getByText('lise@example.com')).toBeInTheDocument();
    expect(within(lise).getByText('Leser')).toBeInTheDocument();
    expect(within(lise).getByText('–')).toBeInTheDocument();
    expect(within(lise).getByText('Nei')).toBeInTheDocument();
    const kari = screen.getByText('Kari Vert').closest('tr')!;
    expect(within(kari).getByText('Medeier')).toBeInTheDocument();
    expect(within(kari).getByText('40 %')).toBeInTheDocument();
    expect(within(kari).getByText('Ja')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ole Eier' })).toHaveAttribute('href', '/admin/users/3/show');
    expect(screen.getByText('Europe/Oslo')).toBeInTheDocument();
    expect(screen.getByText('Fjellveien 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rediger' })).toBeInTheDocument();
  });

  it('changes the name and address, sending those two only', async () => {
    await openAdmin(ada, '/admin/properties/7');
    const user = userEvent.setup();
    const name = await screen.findByDisplayValue('Hytta', {}, { timeout: 15_000 });
    await user.type(name, ' ved sjøen');
    await user.clear(screen.getByRole('textbox', { name: /Adresse/ }));
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(api!.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(api!.requests.find((r) => r.method === 'PATCH')!.body).toEqual({ name: 'Hytta ved sjøen', address: null });
  });

  it('asks before deleting, and deletes only once confirmed', async () => {
    await openAdmin(ada, '/admin/properties/7');
    const user = userEvent.setup();
    await screen.findByDisplayValue('Hytta', {}, { timeout: 15_000 });
    await user.click(await screen.findByRole('button', { name: /Slett/ }));
    expect(await screen.findByText('Slette eiendommen Hytta?')).toBeInTheDocument();
    expect(screen.getByText('Eiendommen blir borte for alle medlemmene. Dette kan ikke angres.')).toBeInTheDocument();
    expect(api!.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    await waitFor(() => expect(api!.requests.some((r) => r.method === 'DELETE' && r.path === '/api/admin/properties/7')).toBe(true));
  });

  it('gives a mini admin the list and the page read-only', async () => {
    await openAdmin(mia, '/admin/properties');
    await rowOf('Hytta');
    expect(screen.getByText('Kun lesing')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Opprett' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByText('Hytta'));
    expect(await screen.findByText('Lise Leser', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rediger' })).toBeNull();
  });
});
