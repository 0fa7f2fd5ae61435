// @vitest-environment node
/** The properties' calls (propertiesDataProvider.ts), against a real local HTTP server. */
import { describe, expect, it } from 'vitest';
import { localDataProviders } from '../testing/dataProviderAgainst';

const providerAnswering = localDataProviders();

const hytta = { id: 7, name: 'Hytta', address: 'Fjellveien 1', timezone: 'Europe/Oslo' };

describe('the properties resource', () => {
  it("lists with react-admin's parameters, the person as ?userId= beside the filter, and reads the total", async () => {
    const { dataProvider, requests } = await providerAnswering(() => ({ json: [{ ...hytta, owners: ['Ole'], members: 2 }], headers: { 'Content-Range': 'properties 25-25/26' } }));
    const page = await dataProvider.getList('properties', { pagination: { page: 2, perPage: 25 }, sort: { field: 'name', order: 'DESC' }, filter: { q: 'fjell', userId: 3 } });
    expect(page).toEqual({ data: [{ ...hytta, owners: ['Ole'], members: 2 }], total: 26 });
    const [asked] = requests;
    expect([asked.path, asked.query.get('userId'), asked.query.get('sort'), asked.query.get('range'), asked.query.get('filter')]).toEqual([
      '/api/admin/properties', '3', '["name","DESC"]', '[25,49]', '{"q":"fjell"}',
    ]);
  });

  it('reads one where members read it, changes it with PATCH and reads its members', async () => {
    const { dataProvider, requests } = await providerAnswering((req) => (req.path.endsWith('/members') ? { json: [] } : { json: { ...hytta, role: 'staff' } }));
    await expect(dataProvider.getOne('properties', { id: 7 })).resolves.toEqual({ data: { ...hytta, role: 'staff' } });
    await dataProvider.update('properties', { id: 7, data: { name: 'Hytta', address: null }, previousData: { ...hytta, owners: ['Ole'] } });
    await expect(dataProvider.propertyMembers(7)).resolves.toEqual([]);
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['GET', '/api/properties/7', undefined],
      ['PATCH', '/api/admin/properties/7', { name: 'Hytta', address: null }],
      ['GET', '/api/properties/7/members', undefined],
    ]);
  });

  it("reads the stay rules and the year's nights where members read them, and replaces the rules with PUT under /admin", async () => {
    const { dataProvider, requests } = await providerAnswering(() => ({ json: {} }));
    await dataProvider.stayRules(7);
    await dataProvider.setStayRules(7, { maxOwnerNightsPerYear: 14, housingType: 'borettslag', blackouts: [] });
    await dataProvider.propertyNights(7, 2026);
    expect(requests.map((r) => [r.method, r.path, r.query.get('year'), r.body])).toEqual([
      ['GET', '/api/properties/7/stay-rules', null, undefined],
      ['PUT', '/api/admin/properties/7/stay-rules', null, { maxOwnerNightsPerYear: 14, housingType: 'borettslag', blackouts: [] }],
      ['GET', '/api/properties/7/nights', '2026', undefined],
    ]);
  });
});
