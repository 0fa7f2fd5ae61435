// @vitest-environment node
/**
 * The 'ical-feeds' branch of the data provider against a real local HTTP server: the plain-array list is
 * searched, filtered, sorted and paged on the client; create and update go to /api/ical-feeds with only the
 * fields that API accepts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createDataProvider, FEEDS_RESOURCE } from '../dataProvider';
import { startLocalApi, type LocalApi } from '../testing/localApi';
import { listLocally } from './localList';

let api: LocalApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const rows = [
  { id: 1, name: 'Airbnb', url: 'https://airbnb.no/1.ics', userName: 'Ole', userEmail: 'ole@example.com', username: 'ole@example.com', enabled: true, stale: false, lastSynced: '2025-06-01T10:00:00Z' },
  { id: 2, name: 'Booking', url: 'https://booking.com/2.ics', userName: 'Kari', userEmail: 'kari@example.com', username: 'kari@example.com', enabled: false, stale: false, lastSynced: null },
  { id: 3, name: 'Vrbo', url: 'https://vrbo.com/3.ics', userName: 'Ole', userEmail: 'ole@example.com', username: 'ole@example.com', enabled: true, stale: true, lastSynced: '2025-05-01T10:00:00Z' },
];

describe('listLocally', () => {
  it('searches name, URL and owner, and matches other filters exactly', () => {
    expect(listLocally(rows, { filter: { q: 'OLE@' } }).data.map((r) => r.id)).toEqual([1, 3]);
    expect(listLocally(rows, { filter: { q: 'booking.com' } }).data.map((r) => r.id)).toEqual([2]);
    expect(listLocally(rows, { filter: { enabled: true, stale: true } }).data.map((r) => r.id)).toEqual([3]);
    expect(listLocally(rows, { filter: { enabled: null, q: '' } }).total).toBe(3);
  });

  it('sorts with missing values last in both directions, and pages', () => {
    const byLastSync = (order: 'ASC' | 'DESC') => listLocally(rows, { sort: { field: 'lastSynced', order } }).data.map((r) => r.id);
    expect(byLastSync('ASC')).toEqual([3, 1, 2]);
    expect(byLastSync('DESC')).toEqual([1, 3, 2]);
    const page = listLocally(rows, { sort: { field: 'name', order: 'DESC' }, pagination: { page: 2, perPage: 2 } });
    expect(page).toEqual({ data: [rows[0]], total: 3 });
  });
});

describe('ical-feeds data provider', () => {
  it('lists from all-ical-feeds without Content-Range, and writes through /api/ical-feeds', async () => {
    api = await startLocalApi((req) => {
      if (req.method === 'GET' && req.path === '/api/admin/all-ical-feeds') return { json: rows };
      if (req.method === 'POST' && req.path === '/api/ical-feeds') return { status: 201, json: { id: 9, ...(req.body as object) } };
      if (req.method === 'PUT' && req.path === '/api/ical-feeds/3') return { json: { id: 3, name: 'Vrbo 2', enabled: false } };
      return undefined;
    });
    const dataProvider = createDataProvider(api.apiUrl);
    const list = await dataProvider.getList(FEEDS_RESOURCE, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    expect(list).toEqual({ data: [rows[2]], total: 3 });
    expect((await dataProvider.getOne(FEEDS_RESOURCE, { id: 2 })).data).toEqual(rows[1]);

    await dataProvider.create(FEEDS_RESOURCE, { data: { userId: '7', name: ' Airbnb ', url: ' webcal://airbnb.no/x.ics ', color: '#e11d48', enabled: true } });
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ userId: 7, name: 'Airbnb', url: 'webcal://airbnb.no/x.ics', color: '#e11d48', enabled: true });

    const updated = await dataProvider.update(FEEDS_RESOURCE, { id: 3, data: { ...rows[2], name: 'Vrbo 2', enabled: false }, previousData: rows[2] });
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({ name: 'Vrbo 2', url: rows[2].url, enabled: false });
    expect(updated.data).toMatchObject({ id: 3, name: 'Vrbo 2', userName: 'Ole' });
  });
});
