import { DataSource } from 'typeorm';
import type { User } from '../src/users/user.entity';
import { TestApp } from './helpers/test-app';

type Agent = Awaited<ReturnType<TestApp['loginAs']>>['agent'];

/**
 * Properties and members (docs/product/properties.md): every role at each route of a property, the shares rule, the
 * last owner, and the back office's list. Members join here through the table (invitations come with their own test).
 */
describe('properties', () => {
  let t: TestApp;
  let admin: Agent;
  let db: DataSource;
  beforeAll(async () => {
    t = await TestApp.start();
    ({ agent: admin } = await t.loginAs('admin'));
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const join = (propertyId: number, user: User, role: 'owner' | 'co-owner' | 'viewer', fields: { share?: string | null; canSeeMoney?: boolean } = {}) =>
    db.query('INSERT INTO property_members (property_id, user_id, role, share, can_see_money) VALUES ($1, $2, $3, $4, $5)', [propertyId, user.id, role, fields.share ?? null, fields.canSeeMoney ?? false]);

  /** A property with its owner, a co-owner, a viewer, and an outsider; each signed in. */
  async function household() {
    const owner = await t.loginAs('user');
    const property = (await owner.agent.get('/api/properties').expect(200)).body[0];
    const coOwner = await t.loginAs('user');
    const viewer = await t.loginAs('user');
    const outsider = await t.loginAs('user');
    await join(property.id, coOwner.user, 'co-owner');
    await join(property.id, viewer.user, 'viewer');
    const mini = await t.loginAs('miniAdmin');
    return { property, owner, coOwner, viewer, outsider, mini };
  }

  it("gives an owner their first property, named after them, and staff none of their own", async () => {
    const { agent, user } = await t.loginAs('user');
    const [mine] = (await agent.get('/api/properties').expect(200)).body;
    expect(mine).toEqual({ id: expect.any(Number), name: user.name, address: null, timezone: 'Europe/Oslo', role: 'owner', share: '100.00', canSeeMoney: true });
    // Asked again (or at once from two tabs), still one.
    const again = await Promise.all([agent.get('/api/properties'), agent.get('/api/properties')]);
    for (const res of again) expect(res.body.map((p: { id: number }) => p.id)).toEqual([mine.id]);
    expect((await admin.get('/api/properties').expect(200)).body).toEqual([]);
  });

  it('lets each role do what it may: members read, owners and co-owners write, the owner manages, others hear nothing', async () => {
    const { property, owner, coOwner, viewer, outsider, mini } = await household();
    const path = `/api/properties/${property.id}`;
    for (const [who, role] of [[owner, 'owner'], [coOwner, 'co-owner'], [viewer, 'viewer']] as const) {
      expect((await who.agent.get(path).expect(200)).body).toMatchObject({ id: property.id, role });
      expect((await who.agent.get(`${path}/members`).expect(200)).body.map((m: { role: string }) => m.role)).toEqual(['owner', 'co-owner', 'viewer']);
    }
    expect((await mini.agent.get(path).expect(200)).body.role).toBe('staff');
    expect((await admin.get(path).expect(200)).body.role).toBe('staff');
    expect((await outsider.agent.get(path).expect(404)).body.code).toBe('property_not_found');
    expect((await outsider.agent.get(`${path}/members`).expect(404)).body.code).toBe('property_not_found');
    await owner.agent.get('/api/properties/999999').expect(404);

    await owner.agent.patch(path).send({ name: 'Hytta på Geilo' }).expect(200);
    expect((await coOwner.agent.patch(path).send({ address: 'Fjellveien 1, 3580 Geilo' }).expect(200)).body).toMatchObject({ name: 'Hytta på Geilo', address: 'Fjellveien 1, 3580 Geilo' });
    expect((await viewer.agent.patch(path).send({ name: 'Min' }).expect(403)).body.code).toBe('property_read_only');
    expect((await outsider.agent.patch(path).send({ name: 'Min' }).expect(404)).body.code).toBe('property_not_found');
    await admin.patch(`/api/admin/properties/${property.id}`).send({ name: 'Geilo' }).expect(200);
    expect((await owner.agent.get(path).expect(200)).body.name).toBe('Geilo');
    // The activity timeline names who did it.
    const rows = await db.query(`SELECT actor_id FROM admin_audit_log WHERE action = 'property.updated' AND details->>'propertyId' = $1 ORDER BY id`, [String(property.id)]);
    expect(rows.map((r: { actor_id: number }) => r.actor_id).slice(0, 2)).toEqual([owner.user.id, coOwner.user.id]);

    const member = `${path}/members/${viewer.user.id}`;
    expect((await coOwner.agent.patch(member).send({ canSeeMoney: true }).expect(403)).body.code).toBe('property_owner_only');
    expect((await viewer.agent.patch(member).send({ canSeeMoney: true }).expect(403)).body.code).toBe('property_read_only');
    expect((await owner.agent.patch(member).send({ canSeeMoney: true }).expect(200)).body).toMatchObject({ userId: viewer.user.id, role: 'viewer', canSeeMoney: true, share: null });
    expect((await owner.agent.patch(member).send({ role: 'boss' }).expect(400)).body.message).toBe('Rollen må være owner, co-owner eller viewer');
    expect((await owner.agent.patch(`${path}/members/${outsider.user.id}`).send({ canSeeMoney: true }).expect(404)).body.code).toBe('property_member_not_found');
  });

  it('takes shares only all at once, for every owner and co-owner, adding up to exactly 100', async () => {
    const { property, owner, coOwner, viewer } = await household();
    const shares = `/api/properties/${property.id}/shares`;
    const both = (a: string, b: string) => ({ shares: [{ userId: owner.user.id, share: a }, { userId: coOwner.user.id, share: b }] });
    expect((await owner.agent.put(shares).send(both('60', '30')).expect(400)).body).toMatchObject({ code: 'property_shares_sum', params: { sum: '90.00' } });
    expect((await owner.agent.put(shares).send({ shares: [{ userId: owner.user.id, share: '100' }] }).expect(400)).body.code).toBe('property_shares_members');
    expect((await owner.agent.put(shares).send({ shares: [...both('50', '50').shares, { userId: viewer.user.id, share: '0' }] }).expect(400)).body.code).toBe('property_shares_members');
    expect((await owner.agent.put(shares).send(both('50', '150')).expect(400)).body.message).toBe('Andel må være et tall mellom 0 og 100 med høyst to desimaler');
    expect((await coOwner.agent.put(shares).send(both('10', '90')).expect(403)).body.code).toBe('property_owner_only');
    const set = (await owner.agent.put(shares).send(both('66.67', '33.33')).expect(200)).body;
    expect(set.map((m: { role: string; share: string | null }) => [m.role, m.share])).toEqual([['owner', '66.67'], ['co-owner', '33.33'], ['viewer', null]]);
    expect((await coOwner.agent.get('/api/properties').expect(200)).body.find((p: { id: number }) => p.id === property.id)).toMatchObject({ role: 'co-owner', share: '33.33', canSeeMoney: true });
  });

  it('keeps at least one owner: the last cannot leave or be removed; others may leave, the owner removes them', async () => {
    const { property, owner, coOwner, viewer } = await household();
    const path = `/api/properties/${property.id}/members`;
    expect((await owner.agent.delete(`${path}/${owner.user.id}`).expect(409)).body.code).toBe('property_last_owner');
    expect((await owner.agent.patch(`${path}/${owner.user.id}`).send({ role: 'viewer' }).expect(409)).body.code).toBe('property_last_owner');
    expect((await coOwner.agent.delete(`${path}/${viewer.user.id}`).expect(403)).body.code).toBe('property_owner_only');
    await viewer.agent.delete(`${path}/${viewer.user.id}`).expect(200);
    expect((await viewer.agent.get(`/api/properties/${property.id}`).expect(404)).body.code).toBe('property_not_found');
    // Made an owner, the co-owner may then let the first owner go.
    await owner.agent.patch(`${path}/${coOwner.user.id}`).send({ role: 'owner' }).expect(200);
    await coOwner.agent.delete(`${path}/${owner.user.id}`).expect(200);
    expect((await coOwner.agent.get(path).expect(200)).body.map((m: { userId: number; role: string }) => [m.userId, m.role])).toEqual([[coOwner.user.id, 'owner']]);
    const [left] = await db.query(`SELECT actor_id, target_user_id FROM admin_audit_log WHERE action = 'property.member.left' AND details->>'propertyId' = $1`, [String(property.id)]);
    expect(left).toEqual({ actor_id: viewer.user.id, target_user_id: viewer.user.id });
  });

  it('the back office lists, makes and deletes properties; a deleted one is unknown to all', async () => {
    const owner = await t.createUser('user', { name: 'Berit Hytteeier' });
    const made = (await admin.post('/api/admin/properties').send({ name: 'Sjøbua', ownerUserId: owner.id, address: 'Strandveien 2' }).expect(201)).body;
    expect(made).toEqual({ id: expect.any(Number), name: 'Sjøbua', address: 'Strandveien 2', timezone: 'Europe/Oslo' });
    const list = await admin.get('/api/admin/properties').query({ userId: owner.id, range: '[0,9]' }).expect(200);
    expect(list.headers['content-range']).toBe('properties 0-0/1');
    expect(list.body).toEqual([{ ...made, owners: ['Berit Hytteeier'], members: 1 }]);
    expect((await admin.get('/api/admin/properties').query({ q: 'strandv' }).expect(200)).body.map((p: { id: number }) => p.id)).toEqual([made.id]);
    expect((await admin.post('/api/admin/properties').send({ name: '', ownerUserId: owner.id }).expect(400)).body.message).toBe('Navn er påkrevd');
    await admin.post('/api/admin/properties').send({ name: 'X', ownerUserId: 999999 }).expect(404);
    await admin.delete(`/api/admin/properties/${made.id}`).expect(200);
    await admin.get(`/api/properties/${made.id}`).expect(404);
    expect((await admin.get('/api/admin/properties').query({ userId: owner.id }).expect(200)).body).toEqual([]);
  });
});
