import request from 'supertest';
import { DataSource } from 'typeorm';
import { household } from './helpers/household';
import { TestApp } from './helpers/test-app';

/**
 * Owners' stays held for staff's approval (docs/product/stays.md#stays-as-requests): under rules that ask for it, a
 * stay that keeps the rules is saved waiting (202), staff approve or decline it in the back office with a note, the
 * calendar follows and the owners are told; a request is decided once. The clock stands at 1 June 2026, noon UTC.
 */
describe('stay requests', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await TestApp.start();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const RULES = { maxOwnerNightsPerYear: 10, blackouts: [], approval: 'request' };
  /** An all-day stay in Oslo (summer time): from the first night to the morning it ends. */
  const stay = (from: string, to: string, title = 'Sommerferie') => ({ title, startTime: `${from}T00:00:00+02:00`, endTime: `${to}T00:00:00+02:00`, allDay: true });
  const kinds = async (userId: number) => (await db.query(`SELECT type, params, link FROM notifications WHERE user_id = $1 AND type LIKE '%stay_request%' ORDER BY id`, [userId])) as { type: string; params: Record<string, unknown>; link: string }[];

  async function withRequests() {
    const members = await household(t);
    const admin = await t.loginAs('admin');
    await admin.agent.put(`/api/admin/properties/${members.property}/stay-rules`).send(RULES).expect(200);
    return { ...members, admin };
  }

  it("holds an owner's stay for approval, tells the admins, and shows it waiting in the calendar and the year's nights", async () => {
    const { property, propertyName, owner, coOwner, admin } = await withRequests();
    const res = await coOwner.agent.post('/api/events').query({ propertyId: property }).send(stay('2026-08-03', '2026-08-08')).expect(202);
    expect(res.body).toMatchObject({ status: 'requested', event: { title: 'Sommerferie', awaitingApproval: true } });
    const eventId = res.body.event.id;

    const [listed] = (await admin.agent.get('/api/admin/stay-requests').query({ propertyId: property, status: 'pending' }).expect(200)).body;
    expect(listed).toMatchObject({ propertyId: property, propertyName, eventId, requestedById: coOwner.user.id, requestedByName: coOwner.user.name, nights: 5, status: 'pending', note: null, decidedAt: null });
    const [told] = await kinds(admin.user.id);
    expect(told).toMatchObject({ type: 'staff_stay_request', link: `/admin/stay-requests/${listed.id}/show` });

    const window = (await owner.agent.get('/api/calendar-window').query({ propertyId: property, startDate: '2026-08-01', endDate: '2026-09-01' }).expect(200)).body;
    expect(window.events.find((e: { id: number }) => e.id === eventId)).toMatchObject({ awaitingApproval: true });
    // Waiting nights are not used yet, but held: a second stay that would pass the yearly limit with them is refused.
    expect((await owner.agent.get(`/api/properties/${property}/nights`).query({ year: 2026 }).expect(200)).body).toMatchObject({ ownerNights: 0, pendingRequests: 1, ownerNightsLeft: 10 });
    const refused = await owner.agent.post('/api/events').query({ propertyId: property }).send(stay('2026-09-01', '2026-09-07')).expect(422);
    expect(refused.body.errors.map((e: { code: string }) => e.code)).toEqual(['stay_yearly_limit']);
    // The subscription feed shows it as tentative.
    const { url } = (await owner.agent.get('/api/user/calendar-link').expect(200)).body;
    const feed = (await request(t.server).get(new URL(url).pathname + new URL(url).search).expect(200)).text;
    expect(feed).toMatch(/SUMMARY:Sommerferie[\s\S]*?STATUS:TENTATIVE|STATUS:TENTATIVE[\s\S]*?SUMMARY:Sommerferie/);
  });

  it('lets admins approve with a note, once: the stay stops waiting and the owners and co-owners are told', async () => {
    const { property, owner, coOwner, viewer, admin } = await withRequests();
    const eventId = (await owner.agent.post('/api/events').query({ propertyId: property }).send(stay('2026-08-03', '2026-08-06')).expect(202)).body.event.id;
    const [{ id }] = (await admin.agent.get('/api/admin/stay-requests').query({ propertyId: property }).expect(200)).body;
    const mini = await t.loginAs('miniAdmin');
    // Staff read the request; only admins decide it; members and strangers neither.
    expect((await mini.agent.get(`/api/admin/stay-requests/${id}`).expect(200)).body.id).toBe(id);
    await mini.agent.post(`/api/admin/stay-requests/${id}/approve`).send({}).expect(403);
    for (const member of [owner, coOwner, viewer]) {
      await member.agent.get('/api/admin/stay-requests').expect(403);
      await member.agent.post(`/api/admin/stay-requests/${id}/approve`).send({}).expect(403);
    }
    await request(t.server).get('/api/admin/stay-requests').expect(401);

    const approved = (await admin.agent.post(`/api/admin/stay-requests/${id}/approve`).send({ note: '  God tur!  ' }).expect(200)).body;
    expect(approved).toMatchObject({ id, status: 'approved', note: 'God tur!', decidedById: admin.user.id, decidedByName: admin.user.name, eventId });
    const events = (await owner.agent.get('/api/events').query({ propertyId: property, startDate: '2026-08-01', endDate: '2026-09-01' }).expect(200)).body;
    expect(events.find((e: { id: number }) => e.id === eventId)).toMatchObject({ awaitingApproval: false });
    expect((await owner.agent.get(`/api/properties/${property}/nights`).query({ year: 2026 }).expect(200)).body).toMatchObject({ ownerNights: 3, pendingRequests: 0 });
    for (const member of [owner, coOwner]) {
      expect(await kinds(member.user.id)).toEqual([
        expect.objectContaining({ type: 'stay_request_approved', params: expect.objectContaining({ note: 'God tur!', day: '2026-08-03', propertyId: property }), link: `/?date=2026-08-03&property=${property}` }),
      ]);
    }
    expect(await kinds(viewer.user.id)).toEqual([]);

    // Decided twice: 409 with what it became, nothing changed.
    const again = await admin.agent.post(`/api/admin/stay-requests/${id}/decline`).send({ note: 'Likevel ikke' }).expect(409);
    expect(again.body).toMatchObject({ code: 'stay_request_decided', params: { status: 'approved' } });
    expect((await admin.agent.get(`/api/admin/stay-requests/${id}`).expect(200)).body).toMatchObject({ status: 'approved', note: 'God tur!' });
    await admin.agent.post('/api/admin/stay-requests/999999/approve').send({}).expect(404);
    await admin.agent.post(`/api/admin/stay-requests/${id}/approve`).send({ note: 'x'.repeat(2001) }).expect(400);
  });

  it('declining removes the stay from the calendar and keeps the request with its note; the owners are told', async () => {
    const { property, owner, coOwner, admin } = await withRequests();
    const eventId = (await owner.agent.post('/api/events').query({ propertyId: property }).send(stay('2026-08-10', '2026-08-12')).expect(202)).body.event.id;
    const [{ id }] = (await admin.agent.get('/api/admin/stay-requests').query({ propertyId: property }).expect(200)).body;
    const declined = (await admin.agent.post(`/api/admin/stay-requests/${id}/decline`).send({ note: 'Hytta er utleid da.' }).expect(200)).body;
    expect(declined).toMatchObject({ status: 'declined', eventId: null, note: 'Hytta er utleid da.', startTime: '2026-08-09T22:00:00.000Z', nights: 2 });
    const events = (await owner.agent.get('/api/events').query({ propertyId: property, startDate: '2026-08-01', endDate: '2026-09-01' }).expect(200)).body;
    expect(events.map((e: { id: number }) => e.id)).not.toContain(eventId);
    expect((await kinds(coOwner.user.id)).map((n) => [n.type, n.params.note])).toEqual([['stay_request_declined', 'Hytta er utleid da.']]);
    expect((await admin.agent.post(`/api/admin/stay-requests/${id}/approve`).send({}).expect(409)).body.params).toEqual({ status: 'declined' });
    // The decision is in the activity log.
    const [row] = await db.query(`SELECT action, details FROM admin_audit_log WHERE action LIKE 'stay_request.%' AND details->>'requestId' = $1`, [String(id)]);
    expect(row).toMatchObject({ action: 'stay_request.declined' });
  });

  it('moves a waiting stay with its request, withdraws it when the owner removes the stay, and never holds staff or instant stays', async () => {
    const { property, owner, admin } = await withRequests();
    const eventId = (await owner.agent.post('/api/events').query({ propertyId: property }).send(stay('2026-08-03', '2026-08-05')).expect(202)).body.event.id;
    // Moved: still waiting (202), its one request follows the new dates; a new title alone is a plain save.
    await owner.agent.put(`/api/events/${eventId}`).query({ propertyId: property }).send({ startTime: '2026-08-04T00:00:00+02:00', endTime: '2026-08-07T00:00:00+02:00' }).expect(202);
    expect((await owner.agent.put(`/api/events/${eventId}`).query({ propertyId: property }).send({ title: 'Høstferie' }).expect(200)).body).toMatchObject({ awaitingApproval: true });
    const pending = (await admin.agent.get('/api/admin/stay-requests').query({ propertyId: property }).expect(200)).body;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ nights: 3, startTime: '2026-08-03T22:00:00.000Z', status: 'pending' });

    await owner.agent.delete(`/api/events/${eventId}`).query({ propertyId: property }).expect(200);
    expect((await admin.agent.get(`/api/admin/stay-requests/${pending[0].id}`).expect(200)).body).toMatchObject({ status: 'withdrawn', eventId: null });
    expect((await admin.agent.post(`/api/admin/stay-requests/${pending[0].id}/approve`).send({}).expect(409)).body.params).toEqual({ status: 'withdrawn' });

    // Staff's events are not held; an event within one day is no stay; with instant approval nothing waits.
    await admin.agent.post('/api/events').query({ propertyId: property }).send(stay('2026-08-20', '2026-08-22', 'Vedlikehold')).expect(201);
    await owner.agent.post('/api/events').query({ propertyId: property }).send({ title: 'Besøk', startTime: '2026-08-25T10:00:00+02:00', endTime: '2026-08-25T12:00:00+02:00' }).expect(201);
    await admin.agent.put(`/api/admin/properties/${property}/stay-rules`).send({ ...RULES, approval: 'instant' }).expect(200);
    expect((await owner.agent.post('/api/events').query({ propertyId: property }).send(stay('2026-09-01', '2026-09-03')).expect(201)).body.awaitingApproval).toBe(false);
    expect((await admin.agent.get('/api/admin/stay-requests').query({ propertyId: property, status: 'pending' }).expect(200)).body).toEqual([]);
  });

  it('checks a stay before it is sent: nights, the rules it would break, whether it waits, and the income it would forgo', async () => {
    const { property, owner, viewer, outsider, admin } = await withRequests();
    await admin.agent.put(`/api/admin/properties/${property}/stay-rules`).send({ ...RULES, minNights: 2 }).expect(200);
    const preview = (q: object, agent = owner.agent) => agent.get(`/api/properties/${property}/stay-preview`).query(q);
    expect((await preview({ startTime: '2026-08-03T00:00:00+02:00', endTime: '2026-08-06T00:00:00+02:00' }).expect(200)).body).toEqual({ nights: 3, errors: [], approval: 'request', forgoneIncome: null });
    const short = (await preview({ startTime: '2026-08-03T00:00:00+02:00', endTime: '2026-08-04T00:00:00+02:00' }).expect(200)).body;
    expect(short.errors).toEqual([expect.objectContaining({ code: 'stay_min_nights', field: 'endTime', params: { min: 2, nights: 1 } })]);
    // Staff are not limited; a viewer makes no stays; strangers hear nothing of the property; bad input is 400.
    expect((await preview({ startTime: '2026-08-03T00:00:00+02:00', endTime: '2026-08-04T00:00:00+02:00' }, admin.agent).expect(200)).body).toMatchObject({ errors: [], approval: 'instant' });
    await preview({ startTime: '2026-08-03T00:00:00+02:00' }, viewer.agent).expect(403);
    await preview({ startTime: '2026-08-03T00:00:00+02:00' }, outsider.agent).expect(404);
    await preview({ startTime: 'igår' }).expect(400);
    await preview({ startTime: '2026-08-03T00:00:00+02:00', eventId: 'x' }).expect(400);
    await request(t.server).get(`/api/properties/${property}/stay-preview`).query({ startTime: '2026-08-03' }).expect(401);
  });
});
