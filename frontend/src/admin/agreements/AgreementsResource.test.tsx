/**
 * The agreements resource as the main app mounts the back office, against a real local HTTP server playing the
 * API: the cards, the user filter's count text, the empty state with 'Vis alle', what a mini admin may not do,
 * and creating one ('Avtale opprettet' says the user was told only when the server says the mail was queued).
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { afterEach, describe, expect, it } from 'vitest';
import type { Agreement } from '../../api/types';
import type { CurrentUser } from '../authProvider';
import { findDateGroup, findDateInput, typeDate } from '../../test/dateFields';
import { startApiForApp } from '../../test/renderWithApi';
import type { LocalApi, RecordedRequest } from '../../test/localApi';
import { renderAdmin } from '../testing/renderAdmin';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };
const users = [
  { id: 3, name: 'Ole Eier', username: 'ole@example.com', isAdmin: false, isMiniAdmin: false },
  { id: 4, name: 'Kari Vert', username: 'kari@example.com', isAdmin: false, isMiniAdmin: false },
  { id: 2, name: 'Mia Mini', username: 'mia@example.com', isAdmin: false, isMiniAdmin: true },
  // Owners past the first page the server answers (it answers 3 at a time here, as it answers 1,000 at most).
  ...Array.from({ length: 1500 }, (_, i) => ({ id: 100 + i, name: `Eier ${String(i).padStart(4, '0')}`, username: `eier${i}@example.com`, isAdmin: false, isMiniAdmin: false })),
  { id: 9999, name: 'Zelda Sist', username: 'zelda@example.com', isAdmin: false, isMiniAdmin: false },
];

function agreement(id: number, userId: number, fields: Partial<Agreement> = {}): Agreement {
  const owner = users.find((u) => u.id === userId)!;
  return {
    id, adminId: 1, userId, userName: owner.name, adminName: 'Ada Admin', propertyId: null, propertyName: null, title: `Møte ${id}`, description: 'Gjennomgang av året', meetingDate: '2026-06-10T10:00:00.000Z', endDate: null,
    meetingLocation: 'Kontoret', location: 'Kontoret', meetingType: 'general', status: 'scheduled', completedAt: null, cancelledAt: null, reminderSent: false,
    createdAt: '2026-05-01T10:00:00.000Z', updatedAt: '2026-05-01T10:00:00.000Z', ...fields,
  };
}

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

const properties = [
  { id: 30, name: 'Hytta på fjellet', owners: [4] },
  { id: 31, name: 'Leiligheten', owners: [4] },
  { id: 32, name: 'Sjøhuset', owners: [3] },
];

async function openAdmin(me: CurrentUser, posted: RecordedRequest[] = [], path = '/admin/agreements') {
  const all = [agreement(10, 3), agreement(11, 3, { status: 'cancelled', title: 'Avlyst møte' })];
  // The detail page shares the owner's components, which call relative /api addresses: those go to this server too.
  api = await startApiForApp((req) => {
    if (req.path === '/api/user') return { json: me };
    if (req.path === '/api/admin/users') {
      // The server's search, as GET /api/admin/users answers it: owners only when asked, by the words typed, one page.
      const filter = JSON.parse(req.query.get('filter') ?? '{}') as { q?: string; isStaff?: boolean; id?: number[] };
      const words = (filter.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const rows = users
        .filter((u) => filter.isStaff === undefined || Boolean(u.isAdmin || u.isMiniAdmin) === filter.isStaff)
        .filter((u) => !filter.id || [filter.id].flat().map(Number).includes(u.id))
        .filter((u) => words.every((w) => `${u.name} ${u.username}`.toLowerCase().split(/[\s@.]+/).some((part) => part.startsWith(w))))
        .slice(0, 3);
      return { json: rows, headers: { 'Content-Range': `users 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } };
    }
    const one = /^\/api\/admin\/users\/(\d+)$/.exec(req.path);
    if (one) return { json: users.find((u) => u.id === Number(one[1])) };
    if (req.method === 'GET' && req.path === '/api/admin/properties') {
      // The server's property search: a member's properties when a user is named (?userId=).
      const userId = req.query.get('userId');
      const rows = properties.filter((p) => userId === null || p.owners.includes(Number(userId)));
      return { json: rows, headers: { 'Content-Range': `properties 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } };
    }
    if (req.method === 'GET' && req.path === '/api/admin-agreements') {
      const filter = JSON.parse(req.query.get('filter') ?? '{}');
      const rows = filter.userId ? all.filter((a) => a.userId === Number(filter.userId)) : all;
      return { json: rows, headers: { 'Content-Range': `admin-agreements 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } };
    }
    if (req.method === 'POST' && req.path === '/api/admin-agreements') {
      posted.push(req);
      return { status: 201, json: { ...agreement(12, 4, req.body as Partial<Agreement>), notified: true } };
    }
    if (req.method === 'GET' && req.path === '/api/admin-agreements/12') return { json: agreement(12, 4) };
    if (req.method === 'GET' && req.path === '/api/admin-agreements/10') return { json: all[0] };
    if (req.method === 'PUT' && req.path === '/api/admin-agreements/10') {
      posted.push(req);
      return { json: { ...all[0], ...(req.body as Partial<Agreement>) } };
    }
    if (req.method === 'DELETE' && req.path === '/api/admin-agreements/10') return { json: { message: 'Avtale slettet' } };
    if (req.method === 'GET' && /^\/api\/admin-agreements\/1[02]\/notes$/.test(req.path)) return { json: [] };
    return undefined;
  });
  renderAdmin(api.apiUrl, path);
}

describe('agreements in the back office', () => {
  it('shows cards with title, user, time, place, status and description, with the count and the user-filter empty state', async () => {
    await openAdmin(ada);
    expect(await screen.findByText('Møte 10', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Avlyst møte')).toBeInTheDocument();
    expect(screen.getAllByText('Ole Eier').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Gjennomgang av året').length).toBe(2);
    expect(screen.getByText('Kansellert')).toBeInTheDocument();
    expect(await screen.findByText('2 avtaler')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Rediger' }).length).toBe(2);
    expect(screen.getAllByRole('button', { name: 'Slett' }).length).toBe(2);

    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Bruker' }), 'mia');
    // Mini admins are not in the picker: an agreement is with an owner; the server is asked for owners only.
    await waitFor(() => expect(api!.requests.some((r) => r.path === '/api/admin/users' && JSON.parse(r.query.get('filter') ?? '{}').q === 'mia')).toBe(true));
    expect(screen.queryByRole('option', { name: /Mia Mini/ })).toBeNull();
    await user.clear(screen.getByRole('combobox', { name: 'Bruker' }));
    await user.type(screen.getByRole('combobox', { name: 'Bruker' }), 'kari');
    await user.click(await screen.findByRole('option', { name: /Kari Vert/ }));
    expect(await screen.findByText('Ingen avtaler for denne brukeren.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Vis alle' }));
    expect(await screen.findByText('Møte 10')).toBeInTheDocument();
  });

  it('asks before deleting with the question, then says Avtale slettet', async () => {
    await openAdmin(ada);
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Slett' }, { timeout: 15_000 }))[0]);
    expect(await screen.findByText('Er du sikker på at du vil slette denne avtalen?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bekreft' }));
    expect(await screen.findByText('Avtale slettet')).toBeInTheDocument();
    expect(api!.requests.some((r) => r.method === 'DELETE' && r.path === '/api/admin-agreements/10')).toBe(true);
  });

  it('gives a mini admin details only', async () => {
    await openAdmin(mia);
    expect(await screen.findByText('Møte 10', {}, { timeout: 15_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Detaljer' })).toHaveLength(2));
    expect(screen.queryByRole('link', { name: 'Rediger' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Slett' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ny avtale' })).toBeNull();
  });

  it('creates one and says the user was notified when the mail was queued', async () => {
    const posted: RecordedRequest[] = [];
    await openAdmin(ada, posted);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Ny avtale' }, { timeout: 15_000 }));
    await user.type(await screen.findByLabelText(/Tittel/), 'Oppstart');
    // The app's own date-time field: dd.MM.yyyy HH:mm, typed from the keyboard.
    await typeDate(user, 'Dato og tid', '24.12.2026 18:30');
    expect(await findDateInput('Dato og tid')).toHaveValue('24.12.2026 18:30');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Bruker må velges')).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: /Bruker/ }), 'kari');
    await user.click(await screen.findByRole('option', { name: /Kari Vert/ }));
    // The property picker offers the chosen owner's properties only.
    await user.click(screen.getByRole('combobox', { name: 'Eiendom' }));
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Hytta på fjellet', 'Leiligheten']));
    await user.click(screen.getByRole('option', { name: 'Leiligheten' }));
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Avtale opprettet. Brukeren har fått beskjed.')).toBeInTheDocument();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].body).toMatchObject({
      userId: 4, propertyId: 31, title: 'Oppstart', meetingType: 'general', status: 'scheduled', meetingLocation: null,
      meetingDate: new Date(2026, 11, 24, 18, 30).toISOString(),
    });
    // Then its detail page, with the notes section.
    expect(await screen.findByText('Ingen notater ennå.', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('edits the date and time as dd.MM.yyyy HH:mm and sends it as an instant', async () => {
    const sent: RecordedRequest[] = [];
    await openAdmin(ada, sent, '/admin/agreements/10/edit');
    const input = await findDateInput('Dato og tid', undefined, { timeout: 15_000 });
    expect(input).toHaveValue(format(new Date('2026-06-10T10:00:00.000Z'), 'dd.MM.yyyy HH:mm'));
    const user = userEvent.setup();
    // A cleared section is not a date: the form says so and sends nothing.
    const group = await findDateGroup('Dato og tid');
    await user.click(within(group).getByRole('spinbutton', { name: 'Timer' }));
    await user.keyboard('{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Ugyldig dato')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await typeDate(user, 'Dato og tid', '11.06.2026 09:15');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({ title: 'Møte 10', meetingDate: new Date(2026, 5, 11, 9, 15).toISOString(), endDate: null });
  });

  it('sets the end time, refused before the start, and sends it as an instant', async () => {
    const sent: RecordedRequest[] = [];
    await openAdmin(ada, sent, '/admin/agreements/10/edit');
    const user = userEvent.setup();
    await typeDate(user, 'Dato og tid', '11.06.2026 09:15');
    await typeDate(user, 'Slutt', '11.06.2026 09:00');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Sluttid må være etter starttid')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await typeDate(user, 'Slutt', '11.06.2026 10:45');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({ meetingDate: new Date(2026, 5, 11, 9, 15).toISOString(), endDate: new Date(2026, 5, 11, 10, 45).toISOString() });
  });

  it('opens /admin/agreements/{id} as the detail page for a mini admin, and for an admin with the way to the edit form', async () => {
    await openAdmin(mia, [], '/admin/agreements/10');
    expect(await screen.findByText('Ingen notater ennå.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Møte 10')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rediger' })).toBeNull();
    expect(screen.queryByLabelText('Dato og tid')).toBeNull();
    cleanup();
    await api?.close();

    await openAdmin(ada, [], '/admin/agreements/10');
    expect(await screen.findByText('Ingen notater ennå.', {}, { timeout: 15_000 })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Rediger' }));
    expect(await findDateInput('Dato og tid', undefined, { timeout: 15_000 })).toHaveValue(format(new Date('2026-06-10T10:00:00.000Z'), 'dd.MM.yyyy HH:mm'));
  });

  it('finds an owner the first page of users does not hold, by searching the server', async () => {
    await openAdmin(ada);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Ny avtale' }, { timeout: 8000 }));
    const picker = await screen.findByRole('combobox', { name: /Bruker/ });
    await user.click(picker);
    expect(screen.queryByRole('option', { name: /Zelda Sist/ })).toBeNull();
    await user.type(picker, 'zel');
    await user.click(await screen.findByRole('option', { name: 'Zelda Sist (zelda@example.com)' }));
    expect(picker).toHaveValue('Zelda Sist (zelda@example.com)');
    const searches = api!.requests.filter((r) => r.path === '/api/admin/users').map((r) => JSON.parse(r.query.get('filter') ?? '{}'));
    expect(searches).toContainEqual({ q: 'zel', isStaff: false });
  }, 20_000);
});
