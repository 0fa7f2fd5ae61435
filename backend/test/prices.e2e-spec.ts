import { TestApp } from './helpers/test-app';

type Agent = Awaited<ReturnType<TestApp['loginAs']>>['agent'];

describe('price intervals', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await TestApp.start();
    admin = (await t.loginAs('admin')).agent;
  });
  afterAll(() => t.close());

  it('admins create, edit and delete any owner\'s intervals; money stays exact strings', async () => {
    const owner = await t.createUser('user');
    const created = (await admin.post('/api/prices').send({ userId: owner.id, name: 'Høysesong', priceFrom: 1500.5, priceTo: '2500', discountPercent: 12.5 }).expect(201)).body;
    expect(created).toMatchObject({ userId: owner.id, name: 'Høysesong', priceFrom: '1500.50', priceTo: '2500.00', discountPercent: '12.50', isActive: true });
    const edited = (await admin.put(`/api/prices/${created.id}`).send({ ...created, userId: 12345, priceFrom: '99999999.99', priceTo: '99999999.99', discountPercent: '100', isActive: false }).expect(200)).body;
    expect(edited).toMatchObject({ userId: owner.id, priceFrom: '99999999.99', priceTo: '99999999.99', discountPercent: '100.00', isActive: false });
    expect((await admin.get(`/api/prices?userId=${owner.id}`).expect(200)).body.map((p: { id: number }) => p.id)).toEqual([created.id]);
    expect((await admin.delete(`/api/prices/${created.id}`).expect(200)).body).toEqual({ message: 'Prisintervallet er slettet', id: created.id });
    expect((await admin.get(`/api/prices?userId=${owner.id}`).expect(200)).body).toEqual([]);
    await admin.put(`/api/prices/${created.id}`).send({ name: 'X', priceFrom: '1', priceTo: '2', discountPercent: '0' }).expect(404);
    await admin.delete(`/api/prices/${created.id}`).expect(404);
  });

  it('refuses bad input with the documented texts', async () => {
    const owner = await t.createUser('user');
    const base = { userId: owner.id, name: 'Lavsesong', priceFrom: '900', priceTo: '1200', discountPercent: '0' };
    const message = async (body: object) => (await admin.post('/api/prices').send(body).expect(400)).body.message;
    expect(await message({ ...base, name: '' })).toBe('Navn er påkrevd');
    expect(await message({ ...base, name: 'x'.repeat(256) })).toBe('Navnet kan ikke være lengre enn 255 tegn');
    expect(await message({ ...base, priceFrom: undefined })).toBe('Pris fra er påkrevd');
    expect(await message({ ...base, priceTo: undefined })).toBe('Pris til er påkrevd');
    expect(await message({ ...base, discountPercent: undefined })).toBe('Rabatt er påkrevd');
    expect(await message({ ...base, discountPercent: '100.01' })).toBe('Rabatt må være mellom 0 og 100');
    expect(await message({ ...base, discountPercent: '-1' })).toBe('Rabatt må være mellom 0 og 100');
    expect(await message({ ...base, discountPercent: '1000' })).toBe('Rabatt må være mellom 0 og 100');
    expect(await message({ ...base, priceFrom: '10.005' })).toBe('Pris fra må være et tall med høyst to desimaler');
    expect(await message({ ...base, priceFrom: '-1' })).toBe('Prisen kan ikke være negativ');
    expect(await message({ ...base, priceFrom: '1200.01', priceTo: '1200' })).toBe('Pris til kan ikke være lavere enn pris fra');
    expect(await message({ ...base, userId: undefined })).toBe('Bruker må velges');
    // Price to equal to price from is allowed; 0.10 and 0.20 stay exact.
    expect((await admin.post('/api/prices').send({ ...base, priceFrom: 0.1, priceTo: '0.10', discountPercent: 0.2 }).expect(201)).body).toMatchObject({ priceFrom: '0.10', priceTo: '0.10', discountPercent: '0.20' });
  });

  it('owners read only their own, never write; staff read any owner\'s', async () => {
    const { agent: owner, user } = await t.loginAs('user');
    const other = await t.createUser('user');
    const mine = (await admin.post('/api/prices').send({ userId: user.id, name: 'Sommer', priceFrom: '2000', priceTo: '3000', discountPercent: '0' }).expect(201)).body;
    await admin.post('/api/prices').send({ userId: other.id, name: 'Vinter', priceFrom: '1000', priceTo: '1500', discountPercent: '5' }).expect(201);
    expect((await owner.get('/api/prices').expect(200)).body.map((p: { id: number }) => p.id)).toEqual([mine.id]);
    // An owner naming another owner still reads their own rows.
    expect((await owner.get(`/api/prices?userId=${other.id}`).expect(200)).body.map((p: { id: number }) => p.id)).toEqual([mine.id]);
    await owner.post('/api/prices').send({ userId: user.id, name: 'X', priceFrom: '1', priceTo: '2', discountPercent: '0' }).expect(403);
    await owner.put(`/api/prices/${mine.id}`).send({ name: 'X', priceFrom: '1', priceTo: '2', discountPercent: '0' }).expect(403);
    await owner.delete(`/api/prices/${mine.id}`).expect(403);
    const { agent: mini } = await t.loginAs('miniAdmin');
    expect((await mini.get(`/api/prices?userId=${other.id}`).expect(200)).body.map((p: { name: string }) => p.name)).toEqual(['Vinter']);
    await mini.delete(`/api/prices/${mine.id}`).expect(403);
    await admin.get('/api/prices?userId=999999').expect(404);
  });
});
