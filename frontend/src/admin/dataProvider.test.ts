// @vitest-environment node
/** The data provider against a real local HTTP server: the URLs it builds, and how server errors come back. */
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { createDataProvider, OWN_ICAL_RESOURCE } from './dataProvider';
import { toFieldErrors } from './httpClient';
import { startLocalApi, type Handler, type LocalApi } from '../test/localApi';

let api: LocalApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function providerAnswering(handler: Handler) {
  api = await startLocalApi(handler);
  return { dataProvider: createDataProvider(api.apiUrl), requests: api.requests };
}

const ann = { id: 7, username: 'ann@example.com', name: 'Ann', isAdmin: false, isMiniAdmin: false };

describe('users CRUD over simple-rest', () => {
  it('lists with sort, range and the q filter, and reads the total from Content-Range', async () => {
    const { dataProvider, requests } = await providerAnswering(() => ({
      json: [ann],
      headers: { 'Content-Range': 'users 25-25/26' },
    }));
    const result = await dataProvider.getList('users', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: 'ann' },
    });
    expect(result).toEqual({ data: [ann], total: 26 });
    const [request] = requests;
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/api/admin/users');
    expect(JSON.parse(request.query.get('sort')!)).toEqual(['name', 'DESC']);
    expect(JSON.parse(request.query.get('range')!)).toEqual([25, 49]);
    expect(JSON.parse(request.query.get('filter')!)).toEqual({ q: 'ann' });
    expect(request.headers.range).toBe('users=25-49');
  });

  it('refuses a list answer without Content-Range rather than guessing the total', async () => {
    const { dataProvider } = await providerAnswering(() => ({ json: [ann] }));
    await expect(
      dataProvider.getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).rejects.toThrow(/Content-Range/);
  });

  it('gets, updates, creates and deletes on the user URLs', async () => {
    const { dataProvider, requests } = await providerAnswering((req) => ({ json: { ...ann, ...(req.body as object) } }));
    await dataProvider.getOne('users', { id: 7 });
    await dataProvider.update('users', { id: 7, data: { name: 'Anne' }, previousData: ann });
    await dataProvider.create('users', { data: { username: 'bo@example.com', name: 'Bo', password: 'secret1' } });
    await dataProvider.delete('users', { id: 7, previousData: ann });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/admin/users/7',
      'PUT /api/admin/users/7',
      'POST /api/admin/users',
      'DELETE /api/admin/users/7',
    ]);
    expect(requests[1].body).toEqual({ name: 'Anne' });
    expect(requests[1].headers['content-type']).toBe('application/json');
    expect(requests[2].body).toEqual({ username: 'bo@example.com', name: 'Bo', password: 'secret1' });
  });
});

describe('user actions', () => {
  it('posts to change-password, reset-password, block and unblock', async () => {
    const link = { resetLink: 'http://localhost/reset-password?token=abc', expiresAt: '2030-01-02T03:04:00.000Z' };
    const { dataProvider, requests } = await providerAnswering((req) =>
      req.path.endsWith('/reset-password') ? { json: link } : { json: { message: 'ok' } },
    );
    await dataProvider.changeUserPassword(7, 'hemmelig');
    await expect(dataProvider.createResetLink(7)).resolves.toEqual(link);
    await dataProvider.blockUser(7, 'Ubetalt faktura');
    await dataProvider.unblockUser(7);
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/admin/users/7/change-password', { newPassword: 'hemmelig' }],
      ['POST', '/api/admin/users/7/reset-password', undefined],
      ['POST', '/api/admin/users/7/block', { reason: 'Ubetalt faktura' }],
      ['POST', '/api/admin/users/7/unblock', undefined],
    ]);
  });
});

describe('calendar calls', () => {
  const window = { startDate: '2025-06-01', endDate: '2025-09-01' };

  it('asks for fresh feeds on the first user-calendar read per user only (docs/product/feeds.md#routes)', async () => {
    const { dataProvider, requests } = await providerAnswering(() => ({ json: { user: ann, events: [], icalEvents: [] } }));
    await dataProvider.userCalendar(7, window);
    await dataProvider.userCalendar(7, { startDate: '2025-09-01', endDate: '2025-12-01' });
    await dataProvider.userCalendar(8, window);
    expect(requests.map((r) => [r.path, r.query.get('startDate'), r.query.get('endDate'), r.query.get('force_refresh')])).toEqual([
      ['/api/admin/user-calendar/7', '2025-06-01', '2025-09-01', 'true'],
      ['/api/admin/user-calendar/7', '2025-09-01', '2025-12-01', null],
      ['/api/admin/user-calendar/8', '2025-06-01', '2025-09-01', 'true'],
    ]);
  });

  it('creates an event for a user, renews their iCal link, and reads the own link and feeds', async () => {
    const feeds = [
      { id: 2, name: 'Booking', url: 'https://booking.com/2.ics' },
      { id: 1, name: 'Airbnb', url: 'https://airbnb.no/1.ics' },
    ];
    const { dataProvider, requests } = await providerAnswering((req) => {
      if (req.path === '/api/ical-feeds') return { json: feeds };
      if (req.path.endsWith('/renew')) return { json: { url: 'http://localhost/api/ical/7?token=new' } };
      if (req.path === '/api/user/calendar-link') return { json: { url: 'http://localhost/api/ical/1?token=own' } };
      return { status: 201, json: { id: 99, ...(req.body as object) } };
    });
    const payload = { title: 'Eiersperre tid', description: '', startTime: '2025-07-01T09:00:00.000Z', endTime: '2025-07-02T13:00:00.000Z', allDay: false as const, color: '#ef4444', routes: [] };
    await expect(dataProvider.createUserEvent(7, payload)).resolves.toMatchObject({ id: 99, title: 'Eiersperre tid' });
    await expect(dataProvider.renewUserCalendarLink(7)).resolves.toEqual({ url: 'http://localhost/api/ical/7?token=new' });
    await expect(dataProvider.ownCalendarLink()).resolves.toEqual({ url: 'http://localhost/api/ical/1?token=own' });
    // The own feeds arrive as a plain array, sorted and paged here (ical/localList.ts).
    const own = await dataProvider.getList(OWN_ICAL_RESOURCE, { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(own).toEqual({ data: [feeds[1], feeds[0]], total: 2 });
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/admin/user-events/7', payload],
      ['POST', '/api/admin/users/7/calendar-link/renew', undefined],
      ['GET', '/api/user/calendar-link', undefined],
      ['GET', '/api/ical-feeds', undefined],
    ]);
  });
});

describe('server errors', () => {
  it("carry the server's message and status", async () => {
    const { dataProvider } = await providerAnswering(() => ({
      status: 409,
      json: { message: 'En bruker med denne e-postadressen finnes allerede' },
    }));
    const error = await dataProvider.create('users', { data: { username: 'ann@example.com' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'En bruker med denne e-postadressen finnes allerede', status: 409 });
  });

  it('turn field errors into { field: message } so the form marks the fields', async () => {
    const { dataProvider } = await providerAnswering(() => ({
      status: 400,
      json: {
        message: 'Passord må være minst 6 tegn',
        errors: [
          { field: 'password', message: 'Passord må være minst 6 tegn' },
          { field: 'phoneNumber', message: 'Telefonnummer kan ikke være lengre enn 20 tegn' },
        ],
      },
    }));
    const error = (await dataProvider.create('users', { data: {} }).catch((e: unknown) => e)) as HttpError;
    expect(error.message).toBe('Passord må være minst 6 tegn');
    expect(error.body.errors).toEqual({
      password: 'Passord må være minst 6 tegn',
      phoneNumber: 'Telefonnummer kan ikke være lengre enn 20 tegn',
    });
  });

  it('fall back to the status text when the body says nothing', async () => {
    const { dataProvider } = await providerAnswering(() => ({ status: 503, text: '' }));
    const error = (await dataProvider.unblockUser(7).catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(503);
    expect(error.message).toBe('Service Unavailable');
  });

  it('keep the first message when a field is reported twice', () => {
    expect(
      toFieldErrors([
        { field: 'username', message: 'E-post er påkrevd' },
        { field: 'username', message: 'E-postadresse må være gyldig' },
      ]),
    ).toEqual({ username: 'E-post er påkrevd' });
    expect(toFieldErrors([])).toBeUndefined();
  });
});
