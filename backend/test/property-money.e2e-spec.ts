import { DataSource } from 'typeorm';
import type { User } from '../src/users/user.entity';
import { joinProperty } from './helpers/household';
import { TestApp } from './helpers/test-app';

type Agent = Awaited<ReturnType<TestApp['loginAs']>>['agent'];

/**
 * Payouts and price intervals belong to the property (docs/product/payouts-and-prices.md#who-may-do-what): its
 * owners, co-owners and viewers allowed to see money read its payouts and statements, every member its prices; a
 * viewer without money is told so (403), anyone else that the property does not exist (404); staff read any
 * property's, admins write. Two properties of one owner keep their own.
 */
describe('the money of a property', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: Agent;
  beforeAll(async () => {
    t = await TestApp.start();
    db = t.app.get(DataSource);
    admin = (await t.loginAs('admin')).agent;
  });
  afterAll(() => t.close());

  const join = (propertyId: number, user: User, role: 'co-owner' | 'viewer', canSeeMoney = false) => joinProperty(t, propertyId, user, role, { canSeeMoney });

  async function household() {
    const owner = await t.loginAs('user');
    const property = (await t.propertyOf(owner.user)).id;
    const [coOwner, moneyViewer, viewer, outsider, miniAdmin] = [await t.loginAs('user'), await t.loginAs('user'), await t.loginAs('user'), await t.loginAs('user'), await t.loginAs('miniAdmin')];
    // Each has a property of their own first, as every owner account has.
    for (const member of [coOwner, moneyViewer, viewer]) await t.propertyOf(member.user);
    await join(property, coOwner.user, 'co-owner', true);
    await join(property, moneyViewer.user, 'viewer', true);
    await join(property, viewer.user, 'viewer', false);
    return { property, owner, coOwner, moneyViewer, viewer, outsider, miniAdmin };
  }

  it('lets the owner, a co-owner, a viewer who sees money and staff read the payouts and statements; a viewer without money 403, anyone else 404', async () => {
    const { property, owner, coOwner, moneyViewer, viewer, outsider, miniAdmin } = await household();
    const { id } = (await admin.post('/api/admin/payouts').send({ propertyId: property, month: 2, year: 2027, amount: '4000' }).expect(201)).body;

    const paths = ['/api/user/payouts/year/2027', '/api/user/payouts/year/2027/statement.csv', '/api/user/payouts/year/2027/statement.pdf'];
    for (const reader of [owner, coOwner, moneyViewer, miniAdmin, { agent: admin }]) {
      expect((await reader.agent.get(paths[0]).query({ propertyId: property }).expect(200)).body.map((p: { id: number }) => p.id)).toEqual([id]);
      for (const path of paths.slice(1)) await reader.agent.get(path).query({ propertyId: property }).expect(200);
    }
    for (const path of paths) {
      expect((await viewer.agent.get(path).query({ propertyId: property }).expect(403)).body.code).toBe('property_money_hidden');
      expect((await outsider.agent.get(path).query({ propertyId: property }).expect(404)).body.code).toBe('property_not_found');
      expect((await owner.agent.get(path).query({ propertyId: 'abc' }).expect(400)).body.code).toBe('invalid_property_id');
    }
    // Without ?propertyId=, each reads their first property: the owner this one, the co-owner and viewers the one made for them.
    expect((await owner.agent.get(paths[0]).expect(200)).body.map((p: { id: number }) => p.id)).toEqual([id]);
    expect((await coOwner.agent.get(paths[0]).expect(200)).body).toEqual([]);
    // Staff who hold no property read an empty year of their own.
    expect((await miniAdmin.agent.get(paths[0]).expect(200)).body).toEqual([]);
  });

  it("keeps two properties of one owner apart: each its own payouts, totals and statement", async () => {
    const owner = await t.loginAs('user');
    const home = (await t.propertyOf(owner.user)).id;
    const cabin = (await admin.post('/api/admin/properties').send({ name: 'Fjellhytta', ownerUserId: owner.user.id }).expect(201)).body.id as number;
    await admin.post('/api/admin/payouts').send({ userId: owner.user.id, month: 1, year: 2027, amount: '100' }).expect(201);
    const atCabin = (await admin.post('/api/admin/payouts').send({ propertyId: cabin, month: 1, year: 2027, amount: '2500.50', status: 'paid' }).expect(201)).body;
    expect(atCabin).toMatchObject({ propertyId: cabin, userId: owner.user.id });

    const amounts = async (propertyId?: number) =>
      (await owner.agent.get('/api/user/payouts/year/2027').query(propertyId === undefined ? {} : { propertyId }).expect(200)).body.map((p: { amount: string; propertyId: number }) => [p.propertyId, p.amount]);
    expect(await amounts()).toEqual([[home, '100.00']]);
    expect(await amounts(home)).toEqual([[home, '100.00']]);
    expect(await amounts(cabin)).toEqual([[cabin, '2500.50']]);

    const csv = (await owner.agent.get('/api/user/payouts/year/2027/statement.csv').query({ propertyId: cabin }).expect(200)).text;
    expect(csv).toContain('Eiendom;Fjellhytta');
    expect(csv).toContain('2 500,50');
    expect(csv).not.toContain('100,00');

    // Rental days and the staff year follow the property too.
    expect((await admin.get(`/api/admin/payouts/user/${owner.user.id}/year/2027`).query({ propertyId: cabin }).expect(200)).body.map((p: { id: number }) => p.id)).toEqual([atCabin.id]);
    expect((await admin.post('/api/admin/payouts/calculate-rental-days').send({ propertyId: cabin, month: 1, year: 2027 }).expect(200)).body.rentalDays).toBe(0);
  });

  it('lists payouts for the back office by property or by a member, each row with its property, in one read', async () => {
    const { property, owner, coOwner } = await household();
    const own = (await t.propertyOf(coOwner.user)).id;
    const shared = (await admin.post('/api/admin/payouts').send({ propertyId: property, userId: coOwner.user.id, month: 3, year: 2027, amount: '10' }).expect(201)).body;
    expect(shared).toMatchObject({ propertyId: property, userId: coOwner.user.id });
    const coOwnersOwn = (await admin.post('/api/admin/payouts').send({ userId: coOwner.user.id, month: 3, year: 2027, amount: '20' }).expect(201)).body;
    expect(coOwnersOwn.propertyId).toBe(own);
    // Someone who is no member of the property named is not whom it is registered for: its owner is.
    const stranger = await t.createUser('user');
    expect((await admin.post('/api/admin/payouts').send({ propertyId: property, userId: stranger.id, month: 4, year: 2027, amount: '5' }).expect(201)).body.userId).toBe(owner.user.id);

    const list = async (query: object) => (await admin.get('/api/admin/payouts').query({ ...query, year: 2027 }).expect(200)).body as { id: number; propertyId: number; propertyName: string }[];
    expect((await list({ propertyId: own })).map((p) => p.id)).toEqual([coOwnersOwn.id]);
    const byMember = await list({ userId: coOwner.user.id });
    expect(byMember.map((p) => p.propertyId).sort()).toEqual([property, property, own].sort());
    const [{ name }] = await db.query('SELECT name FROM properties WHERE id = $1', [property]);
    expect(byMember.find((p) => p.id === shared.id)).toMatchObject({ propertyName: name, userName: coOwner.user.name });
    await admin.get('/api/admin/payouts').query({ propertyId: 'x' }).expect(400);
  });

  it('lets every member and staff read the prices, a viewer without money too; anyone else 404; admins write by property', async () => {
    const { property, owner, coOwner, moneyViewer, viewer, outsider, miniAdmin } = await household();
    const price = (await admin.post('/api/prices').send({ propertyId: property, name: 'Høysesong', priceFrom: '1500', priceTo: '2500', discountPercent: '0' }).expect(201)).body;
    expect(price).toMatchObject({ propertyId: property, userId: owner.user.id });
    for (const reader of [owner, coOwner, moneyViewer, viewer, miniAdmin, { agent: admin }]) {
      expect((await reader.agent.get('/api/prices').query({ propertyId: property }).expect(200)).body.map((p: { id: number }) => p.id)).toEqual([price.id]);
    }
    expect((await owner.agent.get('/api/prices').expect(200)).body.map((p: { id: number }) => p.id)).toEqual([price.id]);
    expect((await admin.get('/api/prices').query({ userId: owner.user.id }).expect(200)).body.map((p: { id: number }) => p.id)).toEqual([price.id]);
    expect((await outsider.agent.get('/api/prices').query({ propertyId: property }).expect(404)).body.code).toBe('property_not_found');
    expect((await owner.agent.get('/api/prices').query({ propertyId: '0' }).expect(400)).body.code).toBe('invalid_property_id');
    for (const writer of [owner, coOwner, miniAdmin]) await writer.agent.post('/api/prices').send({ propertyId: property, name: 'Nei', priceFrom: '1', priceTo: '2', discountPercent: '0' }).expect(403);
    expect((await admin.post('/api/prices').send({ propertyId: 999999, name: 'Nei', priceFrom: '1', priceTo: '2', discountPercent: '0' }).expect(404)).body.code).toBe('property_not_found');
    expect((await admin.post('/api/prices').send({ name: 'Nei', priceFrom: '1', priceTo: '2', discountPercent: '0' }).expect(400)).body.message).toBe('Bruker må velges');
  });

  it("leaves the payouts and prices registered for a co-owner in the property when they delete their account", async () => {
    const { property, owner, coOwner } = await household();
    const payout = (await admin.post('/api/admin/payouts').send({ propertyId: property, userId: coOwner.user.id, month: 8, year: 2027, amount: '300' }).expect(201)).body;
    const price = (await admin.post('/api/prices').send({ propertyId: property, userId: coOwner.user.id, name: 'Lavsesong', priceFrom: '900', priceTo: '1200', discountPercent: '5' }).expect(201)).body;
    expect([payout.userId, price.userId]).toEqual([coOwner.user.id, coOwner.user.id]);
    await admin.delete(`/api/admin/users/${coOwner.user.id}`).expect(200);

    expect((await owner.agent.get('/api/user/payouts/year/2027').expect(200)).body).toEqual([expect.objectContaining({ id: payout.id, userId: owner.user.id })]);
    expect((await owner.agent.get('/api/prices').expect(200)).body).toEqual([expect.objectContaining({ id: price.id, userId: owner.user.id })]);
  });
});
