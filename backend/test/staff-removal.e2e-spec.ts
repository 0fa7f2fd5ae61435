import { DataSource } from 'typeorm';
import { EventBus } from '../src/common/events/domain-events';
import type { User } from '../src/users/user.entity';
import { TEST_NOW, TestApp } from './helpers/test-app';

/**
 * Removing a person tells the other side (docs/roles.md#removing-a-person): an owner's deletion tells the staff on
 * their upcoming appointments, meetings and open cases; deleting or blocking a staff member who holds work is refused
 * with 409 `staff_has_work` until the admin names a successor (moved and audited) or cancels (the owners are told).
 * The clock stands at TEST_NOW (Monday 2026-06-01 14:00 in Oslo).
 */
describe('removing a person', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  type Agent = Awaited<ReturnType<TestApp['loginAs']>>['agent'];

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    t.clock.set(TEST_NOW);
    const db = t.app.get(DataSource);
    for (const table of ['appointments', 'appointment_hours', 'admin_agreements', 'cases']) await db.query(`DELETE FROM ${table}`);
    admin = await t.loginAs('admin');
  });

  const db = () => t.app.get(DataSource);
  const notificationsOf = async (userId: number) =>
    (await db().query('SELECT type, link, params FROM notifications WHERE user_id = $1 ORDER BY id', [userId])) as { type: string; link: string | null; params: Record<string, unknown> }[];
  /** The person's activity rows of one action, as the back office reads them (a deleted account's too). */
  const auditOf = async (userId: number, action: string) =>
    ((await admin.agent.get(`/api/admin/users/${userId}/activity`).query({ filter: JSON.stringify({ action }) }).expect(200)).body as { actorId: number; details: Record<string, unknown> }[]).map(({ actorId, details }) => ({ actorId, details }));
  const userExists = async (id: number) => (await db().query('SELECT 1 FROM users WHERE id = $1', [id])).length === 1;

  /** An upcoming appointment the owner books with `staff` on Tuesday 2026-06-02 09:00 Oslo. */
  async function bookWith(staff: User, owner: Awaited<ReturnType<TestApp['loginAs']>>, subject = 'Gjennomgang av året') {
    await admin.agent.post('/api/admin/appointment-hours').send({ weekday: 2, startTime: '09:00', endTime: '10:00', staffUserIds: [staff.id] }).expect(201);
    return (await owner.agent.post('/api/appointments').send({ start: '2026-06-02T07:00:00.000Z', subject, location: 'phone' }).expect(201)).body as { id: number; agreementId: number; staffUserId: number };
  }
  /** An open case of the owner's, assigned to `staff` (an admin). */
  async function caseFor(owner: Agent, staff: User) {
    const kase = (await owner.post('/api/cases').send({ title: 'Lekkasje på badet', category: 'technical', priority: 'medium', message: 'Det drypper' }).expect(201)).body as { id: number; caseNumber: string };
    await admin.agent.post(`/api/admin/cases/${kase.id}/assign`).send({ adminId: staff.id }).expect(200);
    return kase;
  }
  const appointment = async (id: number) => (await db().query('SELECT staff_user_id AS "staffUserId", status FROM appointments WHERE id = $1', [id]))[0] as { staffUserId: number; status: string } | undefined;

  it('tells the staff on an owner’s upcoming appointment, meeting and open case when the owner is deleted', async () => {
    const staff = await t.createUser('admin', { name: 'Kari Kundeservice' });
    const owner = await t.loginAs(await t.createUser('user', { name: 'Ole Eier' }));
    const booked = await bookWith(staff, owner);
    const staffAgent = (await t.loginAs(staff)).agent;
    const meeting = (await staffAgent.post('/api/admin-agreements').send({ userId: owner.user.id, title: 'Befaring', meetingDate: '2026-06-10T08:00:00.000Z' }).expect(201)).body;
    const kase = await caseFor(owner.agent, staff);
    await db().query('DELETE FROM notifications');

    await admin.agent.delete(`/api/admin/users/${owner.user.id}`).expect(200);

    expect(await userExists(owner.user.id)).toBe(false);
    expect(await appointment(booked.id)).toBeUndefined();
    const told = await notificationsOf(staff.id);
    expect(told).toEqual([
      { type: 'appointment_owner_removed', link: '/?date=2026-06-02', params: expect.objectContaining({ owner: 'Ole Eier', title: 'Gjennomgang av året', when: '02.06.2026 09:00' }) },
      { type: 'agreement_owner_removed', link: '/?date=2026-06-10', params: expect.objectContaining({ owner: 'Ole Eier', title: 'Befaring' }) },
      { type: 'case_owner_removed', link: null, params: expect.objectContaining({ owner: 'Ole Eier', caseNumber: kase.caseNumber }) },
    ]);
    expect(meeting.id).toBeGreaterThan(0);
  });

  it('tells the staff when an owner deletes their own account', async () => {
    const staff = await t.createUser('admin');
    const owner = await t.loginAs(await t.createUser('user', { name: 'Siri Selv' }));
    await bookWith(staff, owner);
    await db().query('DELETE FROM notifications');
    await owner.agent.delete('/api/user/account').expect(200);
    expect((await notificationsOf(staff.id)).map((n) => n.type)).toEqual(['appointment_owner_removed']);
  });

  it('refuses to delete a staff member with an upcoming appointment or an open case, saying what they hold', async () => {
    const staff = await t.createUser('admin');
    const owner = await t.loginAs('user');
    const booked = await bookWith(staff, owner);
    await caseFor(owner.agent, staff);
    const refused = await admin.agent.delete(`/api/admin/users/${staff.id}`).expect(409);
    expect(refused.body).toEqual({ code: 'staff_has_work', message: expect.any(String), params: { appointments: 1, meetings: 0, cases: 1 } });
    expect(await userExists(staff.id)).toBe(true);
    expect(await appointment(booked.id)).toEqual({ staffUserId: staff.id, status: 'booked' });
    // Both choices at once, a successor who cannot take it, or the person themselves are refused as well.
    const other = await t.createUser('admin');
    expect((await admin.agent.delete(`/api/admin/users/${staff.id}`).query({ handOverTo: other.id, cancelWork: 'true' }).expect(400)).body.code).toBe('work_choice_conflict');
    const mini = await t.createUser('miniAdmin');
    expect((await admin.agent.delete(`/api/admin/users/${staff.id}`).query({ handOverTo: mini.id }).expect(400)).body.code).toBe('successor_invalid');
    expect((await admin.agent.delete(`/api/admin/users/${staff.id}`).query({ handOverTo: staff.id }).expect(400)).body.code).toBe('successor_invalid');
    expect((await admin.agent.delete(`/api/admin/users/${staff.id}`).query({ handOverTo: owner.user.id }).expect(400)).body.code).toBe('successor_invalid');
    expect(await userExists(staff.id)).toBe(true);
  });

  it('deletes a staff member without work at once; a past appointment does not count and stays in the owner’s history', async () => {
    const staff = await t.createUser('admin');
    const owner = await t.loginAs('user');
    const booked = await bookWith(staff, owner);
    t.clock.set('2026-06-03T12:00:00Z');
    const later = await t.loginAs(admin.user);
    await later.agent.delete(`/api/admin/users/${staff.id}`).expect(200);
    expect(await userExists(staff.id)).toBe(false);
    const ownerNow = await t.loginAs(owner.user);
    expect((await ownerNow.agent.get(`/api/appointments/${booked.id}`).expect(200)).body).toMatchObject({ status: 'booked', staffUserId: null, staffName: null });
  });

  it('hands the work to the successor: moved, audited and told', async () => {
    const staff = await t.createUser('admin', { name: 'Kari Slutter' });
    const successor = await t.createUser('admin', { name: 'Per Etterfølger' });
    const owner = await t.loginAs(await t.createUser('user', { name: 'Ole Eier' }));
    const booked = await bookWith(staff, owner);
    const staffAgent = (await t.loginAs(staff)).agent;
    const meeting = (await staffAgent.post('/api/admin-agreements').send({ userId: owner.user.id, title: 'Befaring', meetingDate: '2026-06-10T08:00:00.000Z' }).expect(201)).body;
    const kase = await caseFor(owner.agent, staff);
    await db().query('DELETE FROM notifications');

    await admin.agent.delete(`/api/admin/users/${staff.id}`).query({ handOverTo: successor.id }).expect(200);

    expect(await userExists(staff.id)).toBe(false);
    expect(await appointment(booked.id)).toEqual({ staffUserId: successor.id, status: 'booked' });
    const shown = (await admin.agent.get(`/api/appointments/${booked.id}`).expect(200)).body;
    expect(shown).toMatchObject({ staffUserId: successor.id, staffName: 'Per Etterfølger' });
    expect((await admin.agent.get(`/api/admin-agreements/${booked.agreementId}`).expect(200)).body.adminName).toBe('Per Etterfølger');
    expect((await admin.agent.get(`/api/admin-agreements/${meeting.id}`).expect(200)).body.adminName).toBe('Per Etterfølger');
    expect((await admin.agent.get(`/api/cases/${kase.id}`).expect(200)).body.adminId).toBe(successor.id);
    expect(await notificationsOf(successor.id)).toEqual([
      { type: 'appointment_handed_over', link: `/admin/appointments/${booked.id}/show`, params: expect.objectContaining({ from: 'Kari Slutter', owner: 'Ole Eier' }) },
      { type: 'agreement_handed_over', link: `/admin/agreements/${meeting.id}`, params: expect.objectContaining({ from: 'Kari Slutter', title: 'Befaring' }) },
      { type: 'case_handed_over', link: `/cases?case=${kase.id}`, params: expect.objectContaining({ from: 'Kari Slutter' }) },
    ]);
    // The owner's side did not vanish and heard no cancellation.
    expect((await notificationsOf(owner.user.id)).map((n) => n.type)).toEqual([]);
    const held = { appointments: 1, meetings: 1, cases: 1 };
    expect(await auditOf(staff.id, 'work.handed_over')).toEqual([{ actorId: admin.user.id, details: { to: successor.id, toName: 'Per Etterfølger', ...held } }]);
    expect(await auditOf(successor.id, 'work.taken_over')).toEqual([{ actorId: admin.user.id, details: { from: staff.id, fromName: 'Kari Slutter', ...held } }]);
    // The successor's slot is now taken: the owner cannot book it again with them.
    expect((await owner.agent.get('/api/appointments/slots').query({ from: '2026-06-02', to: '2026-06-02' }).expect(200)).body).toEqual([]);
  });

  it('rolls the whole removal back when a reaction in its transaction fails (docs/architecture.md#in-transaction-events)', async () => {
    const staff = await t.createUser('admin', { name: 'Kari Slutter' });
    const successor = await t.createUser('admin', { name: 'Per Etterfølger' });
    const owner = await t.loginAs(await t.createUser('user', { name: 'Ole Eier' }));
    const booked = await bookWith(staff, owner);
    const kase = await caseFor(owner.agent, staff);
    await db().query('DELETE FROM notifications');
    // Subscribed after the appointments' and cases' handlers, so their moves are already written in the transaction.
    let failing = true;
    t.app.get(EventBus).onInTransaction('users.work.handing_over', async () => {
      if (failing) throw new Error('a reaction in the removal failed');
    });
    try {
      await admin.agent.delete(`/api/admin/users/${staff.id}`).query({ handOverTo: successor.id }).expect(500);
    } finally {
      failing = false;
    }

    expect(await userExists(staff.id)).toBe(true);
    expect(await appointment(booked.id)).toEqual({ staffUserId: staff.id, status: 'booked' });
    expect((await admin.agent.get(`/api/cases/${kase.id}`).expect(200)).body.adminId).toBe(staff.id);
    expect(await auditOf(staff.id, 'work.handed_over')).toEqual([]);
    expect(await notificationsOf(successor.id)).toEqual([]);
  });

  it('refuses a successor who already has an appointment at the same time', async () => {
    const staff = await t.createUser('admin');
    const successor = await t.createUser('admin');
    await admin.agent.post('/api/admin/appointment-hours').send({ weekday: 2, startTime: '09:00', endTime: '09:30', staffUserIds: [staff.id, successor.id] }).expect(201);
    for (const owner of [await t.loginAs('user'), await t.loginAs('user')]) {
      await owner.agent.post('/api/appointments').send({ start: '2026-06-02T07:00:00.000Z', subject: 'Prat', location: 'phone' }).expect(201);
    }
    expect((await admin.agent.delete(`/api/admin/users/${staff.id}`).query({ handOverTo: successor.id }).expect(409)).body.code).toBe('successor_busy');
    expect(await userExists(staff.id)).toBe(true);
  });

  it('cancels the work and tells the owners when the admin chooses so', async () => {
    const staff = await t.createUser('admin');
    const owner = await t.loginAs(await t.createUser('user', { name: 'Ole Eier' }));
    const booked = await bookWith(staff, owner);
    const kase = await caseFor(owner.agent, staff);
    await db().query('DELETE FROM notifications');

    await admin.agent.delete(`/api/admin/users/${staff.id}`).query({ cancelWork: 'true' }).expect(200);

    // Cancelled, and kept in the owner's history without its staff member.
    expect(await appointment(booked.id)).toEqual({ staffUserId: null, status: 'cancelled' });
    const told = await notificationsOf(owner.user.id);
    expect(told).toEqual([
      { type: 'appointment_cancelled', link: '/appointments', params: expect.objectContaining({ title: 'Gjennomgang av året', when: '02.06.2026 09:00' }) },
      { type: 'case_released', link: `/cases?case=${kase.id}`, params: expect.objectContaining({ caseNumber: kase.caseNumber }) },
    ]);
    const shown = (await owner.agent.get(`/api/cases/${kase.id}`).expect(200)).body;
    expect(shown).toMatchObject({ adminId: null, status: 'open' });
    expect((await owner.agent.get(`/api/admin-agreements/${booked.agreementId}`).expect(200)).body.status).toBe('cancelled');
    expect(await auditOf(staff.id, 'work.cancelled')).toEqual([{ actorId: admin.user.id, details: { appointments: 1, meetings: 0, cases: 1 } }]);
  });

  it('asks the same when blocking: refused, then handed over, or cancelled with the owners told', async () => {
    const staff = await t.createUser('admin');
    const successor = await t.createUser('admin');
    const owner = await t.loginAs('user');
    const booked = await bookWith(staff, owner);

    const refused = await admin.agent.post(`/api/admin/users/${staff.id}/block`).send({ reason: 'Sluttet' }).expect(409);
    expect(refused.body).toMatchObject({ code: 'staff_has_work', params: { appointments: 1, meetings: 0, cases: 0 } });
    expect((await admin.agent.get(`/api/admin/users/${staff.id}`).expect(200)).body.isBlocked).toBe(false);

    await admin.agent.post(`/api/admin/users/${staff.id}/block`).send({ reason: 'Sluttet', handOverTo: successor.id }).expect(200);
    expect(await appointment(booked.id)).toEqual({ staffUserId: successor.id, status: 'booked' });
    expect((await auditOf(staff.id, 'work.handed_over')).map((r) => r.details.to)).toEqual([successor.id]);

    // The successor is blocked in turn, choosing to cancel: the owner is told.
    await db().query('DELETE FROM notifications');
    await admin.agent.post(`/api/admin/users/${successor.id}/block`).send({ reason: 'Sluttet', cancelWork: true }).expect(200);
    expect(await appointment(booked.id)).toEqual({ staffUserId: successor.id, status: 'cancelled' });
    expect((await notificationsOf(owner.user.id)).map((n) => n.type)).toEqual(['appointment_cancelled']);
    expect((await notificationsOf(successor.id)).map((n) => n.type)).toEqual([]);
  });
});
