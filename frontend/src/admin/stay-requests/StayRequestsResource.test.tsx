/**
 * Stay requests in the back office, against a real local HTTP server playing the API: the list (the waiting ones by
 * default), a request's page with 'Godkjenn' and 'Avslå' for a full admin, the note sent with the decision and the
 * decision shown after, a request decided meanwhile (409), none of it for a mini admin, and a property's requests on
 * its page.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../authProvider';
import { startLocalApi, type LocalApi, type RecordedRequest } from '../../test/localApi';
import { renderAdmin, rowOf } from '../testing/renderAdmin';
import type { StayRequest } from './stayRequestsDataProvider';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };
const users = [
  { id: 1, name: 'Ada Admin', username: 'ada@example.com', isAdmin: true, isMiniAdmin: false },
  { id: 3, name: 'Ole Eier', username: 'ole@example.com', isAdmin: false, isMiniAdmin: false },
];

const request = (fields: Partial<StayRequest> & Pick<StayRequest, 'id'>): StayRequest => ({
  propertyId: 7, propertyName: 'Hytta', eventId: 40 + fields.id, requestedById: 3, requestedByName: 'Ole Eier', title: 'Sommerferie',
  // Noon UTC, the same day wherever the test runs.
  startTime: '2030-06-10T12:00:00.000Z', endTime: '2030-06-15T12:00:00.000Z', nights: 5, status: 'pending', note: null,
  decidedById: null, decidedByName: null, decidedAt: null, createdAt: '2030-01-05T12:00:00.000Z', ...fields,
});

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

const filterOf = (r: RecordedRequest) => JSON.parse(r.query.get('filter') ?? '{}') as Record<string, unknown>;
const listReads = () => api!.requests.filter((r) => r.method === 'GET' && r.path === '/api/admin/stay-requests');
const decisions = () => api!.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/admin/stay-requests/'));

/** The API with these requests; `decide` answers a decision (by default, the request as decided by Ada). */
async function openAdmin(me: CurrentUser, path: string, requests: StayRequest[], decide?: (id: number, decision: string, body: { note: string | null }) => { status: number; json: object }) {
  // The same rows the test holds, so a test may change one behind the page (a decision made elsewhere).
  const rows = requests;
  api = await startLocalApi((req) => {
    if (req.path === '/api/user') return { json: me };
    if (req.path === '/api/system-settings') return { json: [] };
    if (req.path === '/api/admin/users') {
      const ids = [filterOf(req).id ?? []].flat().map(Number);
      const found = users.filter((u) => !ids.length || ids.includes(u.id));
      return { json: found, headers: { 'Content-Range': `users 0-${found.length - 1}/${found.length}` } };
    }
    const user = /^\/api\/admin\/users\/(\d+)$/.exec(req.path);
    if (user) return { json: users.find((u) => u.id === Number(user[1])) };
    if (req.path === '/api/admin/properties') return { json: [{ id: 7, name: 'Hytta' }], headers: { 'Content-Range': 'properties 0-0/1' } };
    if (req.path === '/api/properties/7') return { json: { id: 7, name: 'Hytta', address: 'Fjellveien 1', timezone: 'Europe/Oslo', role: 'staff' } };
    if (req.path === '/api/properties/7/members') return { json: [] };
    if (req.method === 'GET' && req.path === '/api/admin/stay-requests') {
      // As the API answers: the filter's status and property, newest first.
      const filter = filterOf(req);
      const found = rows
        .filter((r) => (!filter.status || r.status === filter.status) && (!filter.propertyId || r.propertyId === Number(filter.propertyId)))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return { json: found, headers: { 'Content-Range': `stay-requests 0-${Math.max(found.length - 1, 0)}/${found.length}` } };
    }
    const one = /^\/api\/admin\/stay-requests\/(\d+)$/.exec(req.path);
    if (one) return { json: rows.find((r) => r.id === Number(one[1])) };
    const decision = /^\/api\/admin\/stay-requests\/(\d+)\/(approve|decline)$/.exec(req.path);
    if (req.method === 'POST' && decision) {
      const id = Number(decision[1]);
      const body = req.body as { note: string | null };
      const answer = decide?.(id, decision[2], body);
      if (answer) return answer;
      const index = rows.findIndex((r) => r.id === id);
      rows[index] = {
        ...rows[index], status: decision[2] === 'approve' ? 'approved' : 'declined', note: body.note, decidedById: 1, decidedByName: 'Ada Admin', decidedAt: '2030-01-06T09:30:00.000Z',
        eventId: decision[2] === 'approve' ? rows[index].eventId : null,
      };
      return { json: rows[index] };
    }
    return undefined;
  });
  renderAdmin(api.apiUrl, path);
}

describe('stay requests in the back office', { timeout: 30_000 }, () => {
  it('lists the waiting requests by default, with property, owner, title, dates, nights and status', async () => {
    await openAdmin(ada, '/admin/stay-requests', [
      request({ id: 1 }),
      request({ id: 2, title: 'Påske', startTime: '2030-04-12T12:00:00.000Z', endTime: '2030-04-14T12:00:00.000Z', nights: 2, status: 'approved' }),
    ]);
    const row = within(await rowOf('Sommerferie'));
    expect(row.getByText('Hytta')).toBeInTheDocument();
    expect(row.getByText('Ole Eier')).toBeInTheDocument();
    expect(row.getByText('10.06.2030 – 15.06.2030')).toBeInTheDocument();
    expect(row.getByText('5')).toBeInTheDocument();
    expect(row.getByText('Venter')).toBeInTheDocument();
    expect(screen.queryByText('Påske')).toBeNull();
    expect(filterOf(listReads()[0])).toEqual({ status: 'pending' });
    expect(screen.getByRole('heading', { name: 'Forespørsler om eieropphold' })).toBeInTheDocument();
  });

  it('approves a waiting request with a note, and shows the decision: who, when and the note', async () => {
    await openAdmin(ada, '/admin/stay-requests/1/show', [request({ id: 1 })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Godkjenn' }, { timeout: 8000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Godkjenn oppholdet' }));
    const note = dialog.getByRole('textbox', { name: 'Notat til eierne (valgfritt)' });
    // Over the server's 2000 characters, the decision cannot be sent.
    await user.click(note);
    await user.paste('x'.repeat(2001));
    expect(dialog.getByRole('button', { name: 'Godkjenn' })).toBeDisabled();
    expect(dialog.getByText('Notatet kan ikke være lengre enn 2000 tegn')).toBeInTheDocument();
    await user.clear(note);
    await user.type(note, 'God tur!');
    await user.click(dialog.getByRole('button', { name: 'Godkjenn' }));

    await waitFor(() => expect(decisions()).toHaveLength(1));
    expect(decisions()[0]).toMatchObject({ path: '/api/admin/stay-requests/1/approve', body: { note: 'God tur!' } });
    expect(await screen.findByText('Oppholdet er godkjent')).toBeInTheDocument();
    const decision = within(await screen.findByRole('region', { name: 'Avgjørelse' }));
    expect(await decision.findByText('Ada Admin')).toBeInTheDocument();
    expect(decision.getByText('God tur!')).toBeInTheDocument();
    expect(decision.getByText(/^06\.01\.2030 \d\d:30$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Godkjenn' })).toBeNull();
    expect(screen.getAllByText('Godkjent').length).toBeGreaterThan(0);
  });

  it('declines without a note (sent as null)', async () => {
    await openAdmin(ada, '/admin/stay-requests/1/show', [request({ id: 1 })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Avslå' }, { timeout: 8000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Avslå oppholdet' }));
    await user.click(dialog.getByRole('button', { name: 'Avslå' }));
    await waitFor(() => expect(decisions()).toHaveLength(1));
    expect(decisions()[0]).toMatchObject({ path: '/api/admin/stay-requests/1/decline', body: { note: null } });
    const decision = within(await screen.findByRole('region', { name: 'Avgjørelse' }));
    expect(decision.getByText('Uten notat')).toBeInTheDocument();
    expect(screen.getAllByText('Avslått').length).toBeGreaterThan(0);
  });

  it("says a request decided meanwhile is decided (409 stay_request_decided), and shows what it became", async () => {
    const rows = [request({ id: 1 })];
    await openAdmin(ada, '/admin/stay-requests/1/show', rows, () => {
      // Another admin approved it a moment ago.
      rows[0] = { ...rows[0], status: 'approved', decidedById: 1, decidedByName: 'Ada Admin', decidedAt: '2030-01-06T09:00:00.000Z' };
      return { status: 409, json: { message: 'Forespørselen er allerede avgjort', code: 'stay_request_decided', params: { status: 'approved' } } };
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Avslå' }, { timeout: 8000 }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Avslå' }));
    expect(await screen.findByText('Kunne ikke avgjøre forespørselen: Forespørselen er allerede avgjort')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('region', { name: 'Avgjørelse' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Avslå' })).toBeNull();
  });

  it('gives a mini admin the request to read, without the decisions', async () => {
    await openAdmin(mia, '/admin/stay-requests/1/show', [request({ id: 1 })]);
    expect(await screen.findByText('Kun lesing', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('10.06.2030 – 15.06.2030 · 5 netter')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hytta' })).toHaveAttribute('href', '/admin/properties/7/show');
    expect(screen.queryByRole('button', { name: 'Godkjenn' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Avslå' })).toBeNull();
  });

  it("lists a property's requests on its page, the waiting ones first, each a link", async () => {
    await openAdmin(ada, '/admin/properties/7/show', [
      request({ id: 1, title: 'Vinterferie', status: 'declined', createdAt: '2030-01-09T12:00:00.000Z' }),
      request({ id: 2, title: 'Sommerferie', createdAt: '2030-01-01T12:00:00.000Z' }),
      request({ id: 3, title: 'Annen eiendom', propertyId: 8 }),
    ]);
    const section = within(await screen.findByRole('region', { name: 'Forespørsler om eieropphold' }, { timeout: 15_000 }));
    const links = await section.findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Sommerferie', 'Vinterferie', 'Alle forespørsler for eiendommen']);
    expect(links[0]).toHaveAttribute('href', '/admin/stay-requests/2/show');
    expect(decodeURIComponent(links[2].getAttribute('href')!)).toBe('/admin/stay-requests?filter={"propertyId":7}');
    expect(listReads().every((r) => filterOf(r).propertyId === 7)).toBe(true);
  });
});
