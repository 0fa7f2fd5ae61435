// @vitest-environment node
/**
 * The 'ical-feeds' branch of the data provider against a real local HTTP server that answers all-ical-feeds as
 * the API does: lists, getOne, getMany and getManyReference send react-admin's simple-rest query there and read
 * Content-Range; create and update go to /api/ical-feeds with only the fields that API accepts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../dataProvider';
import { FEEDS_RESOURCE } from './feedsDataProvider';
import { answerAllFeeds } from '../testing/allFeedsApi';
import { startLocalApi, type LocalApi, type RecordedRequest } from '../../test/localApi';

let api: LocalApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const rows = [
  { id: 1, userId: 7, name: 'Airbnb', url: 'https://airbnb.no/1.ics', userName: 'Ole', userEmail: 'ole@example.com', username: 'ole@example.com', enabled: true, stale: false, lastSynced: '2025-06-01T10:00:00Z' },
  { id: 2, userId: 8, name: 'Booking', url: 'https://booking.com/2.ics', userName: 'Kari', userEmail: 'kari@example.com', username: 'kari@example.com', enabled: false, stale: false, lastSynced: null },
  { id: 3, userId: 7, name: 'Vrbo', url: 'https://vrbo.com/3.ics', userName: 'Ole', userEmail: 'ole@example.com', username: 'ole@example.com', enabled: true, stale: true, lastSynced: '2025-05-01T10:00:00Z' },
];

async function provider() {
  api = await startLocalApi((req) => {
    if (req.method === 'GET' && req.path === '/api/admin/all-ical-feeds') return answerAllFeeds(rows, req.query);
    if (req.method === 'POST' && req.path === '/api/ical-feeds') return { status: 201, json: { id: 9, ...(req.body as object) } };
    if (req.method === 'PUT' && req.path === '/api/ical-feeds/3') return { json: { id: 3, name: 'Vrbo 2', enabled: false } };
    return undefined;
  });
  return { dataProvider: createDataProvider(api.apiUrl), requests: api.requests };
}

/** The simple-rest parameters of a request, decoded. */
const listQuery = (request: RecordedRequest) => ({
  sort: JSON.parse(request.query.get('sort') ?? 'null'),
  range: JSON.parse(request.query.get('range') ?? 'null'),
  filter: JSON.parse(request.query.get('filter') ?? 'null'),
});

describe('ical-feeds data provider', () => {
  it('lets the server sort, page and filter the list, and reads the total from Content-Range', async () => {
    const { dataProvider, requests } = await provider();
    const firstPage = await dataProvider.getList(FEEDS_RESOURCE, { pagination: { page: 1, perPage: 2 }, sort: { field: 'lastSynced', order: 'DESC' }, filter: {} });
    expect(firstPage).toEqual({ data: [rows[1], rows[0]], total: 3 });
    const filtered = await dataProvider.getList(FEEDS_RESOURCE, {
      pagination: { page: 2, perPage: 1 },
      sort: { field: 'userName', order: 'ASC' },
      filter: { q: 'ole@', enabled: true, stale: null },
    });
    expect(filtered).toEqual({ data: [rows[2]], total: 2 });
    expect(requests.map((r) => [r.path, listQuery(r), r.headers.range])).toEqual([
      ['/api/admin/all-ical-feeds', { sort: ['lastSynced', 'DESC'], range: [0, 1], filter: {} }, 'all-ical-feeds=0-1'],
      ['/api/admin/all-ical-feeds', { sort: ['userName', 'ASC'], range: [1, 1], filter: { q: 'ole@', enabled: true, stale: null } }, 'all-ical-feeds=1-1'],
    ]);
  });

  it("reads one feed, several feeds and a user's feeds through the id and userId filters", async () => {
    const { dataProvider, requests } = await provider();
    expect((await dataProvider.getOne(FEEDS_RESOURCE, { id: 2 })).data).toEqual(rows[1]);
    await expect(dataProvider.getOne(FEEDS_RESOURCE, { id: 404 })).rejects.toThrow('Kalenderfeeden finnes ikke'); // errors.feed_not_found, as the server would say it
    expect((await dataProvider.getMany(FEEDS_RESOURCE, { ids: [3, 1] })).data).toEqual([rows[0], rows[2]]);
    const owned = await dataProvider.getManyReference(FEEDS_RESOURCE, {
      target: 'userId',
      id: 7,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'DESC' },
      filter: {},
    });
    expect(owned).toEqual({ data: [rows[2], rows[0]], total: 2 });
    expect(requests.map((r) => [r.path, listQuery(r)])).toEqual([
      ['/api/admin/all-ical-feeds', { sort: null, range: null, filter: { id: [2] } }],
      ['/api/admin/all-ical-feeds', { sort: null, range: null, filter: { id: [404] } }],
      ['/api/admin/all-ical-feeds', { sort: null, range: null, filter: { id: [3, 1] } }],
      ['/api/admin/all-ical-feeds', { sort: ['name', 'DESC'], range: [0, 24], filter: { userId: 7 } }],
    ]);
  });

  it('reports a sort field the server refuses', async () => {
    const { dataProvider } = await provider();
    await expect(
      dataProvider.getList(FEEDS_RESOURCE, { pagination: { page: 1, perPage: 25 }, sort: { field: 'color', order: 'ASC' }, filter: {} }),
    ).rejects.toMatchObject({ status: 400, message: 'Kan ikke sortere på color' });
  });

  it('reads every feed unpaged for the sync-all progress', async () => {
    const { dataProvider, requests } = await provider();
    expect(await dataProvider.allFeeds()).toEqual(rows);
    expect([...requests[0].query.keys()]).toEqual([]);
  });

  it('writes through /api/ical-feeds', async () => {
    const { dataProvider, requests } = await provider();
    await dataProvider.create(FEEDS_RESOURCE, { data: { userId: '7', name: ' Airbnb ', url: ' webcal://airbnb.no/x.ics ', color: '#e11d48', enabled: true } });
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ userId: 7, name: 'Airbnb', url: 'webcal://airbnb.no/x.ics', color: '#e11d48', enabled: true });

    const updated = await dataProvider.update(FEEDS_RESOURCE, { id: 3, data: { ...rows[2], name: 'Vrbo 2', enabled: false }, previousData: rows[2] });
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ name: 'Vrbo 2', url: rows[2].url, enabled: false });
    expect(updated.data).toMatchObject({ id: 3, name: 'Vrbo 2', userName: 'Ole' });
  });
});
