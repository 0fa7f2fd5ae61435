import { DataSource } from 'typeorm';
import { MailQueue } from '../src/mail/mail-queue.service';
import type { User } from '../src/users/user.entity';
import { parseMail, startSmtpServer, type ParsedMail } from './helpers/smtp-server';
import { TEST_NOW, TestApp } from './helpers/test-app';

/**
 * Appointments (docs/appointments.md): free slots from the published hours in Europe/Oslo wall time, the 2-hour and
 * 60-day limits, closed dates, booking into an agreement, the race decided by the database, cancelling, and what
 * both sides are told. The clock stands at TEST_NOW (Monday 2026-06-01 14:00 in Oslo) unless a test moves it.
 */
describe('appointments', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await TestApp.start({ SMTP_URL: smtp.url, MAIL_FROM: 'Eierportal <portal@example.no>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    t.clock.set(TEST_NOW);
    const db = t.app.get(DataSource);
    for (const table of ['appointments', 'appointment_hours', 'appointment_closed_dates', 'admin_agreements']) await db.query(`DELETE FROM ${table}`);
    await db.query(`DELETE FROM system_settings WHERE key = 'appointments.slotMinutes'`);
    // Signed in per test: a test that moves the clock months ahead lets the scheduled session cleanup end older sessions.
    admin = await t.loginAs('admin');
  });

  /** Publishes a weekly range through the API, as the back office does. */
  async function publish(weekday: number, startTime: string, endTime: string, staff: User[]) {
    return (await admin.agent.post('/api/admin/appointment-hours').send({ weekday, startTime, endTime, staffUserIds: staff.map((s) => s.id) }).expect(201)).body;
  }
  const slots = async (agent: Awaited<ReturnType<TestApp['loginAs']>>['agent'], from: string, to: string) =>
    (await agent.get('/api/appointments/slots').query({ from, to }).expect(200)).body as { start: string; end: string }[];
  const starts = (list: { start: string }[]) => list.map((s) => s.start);
  const booking = (start: string, extra: object = {}) => ({ start, subject: 'Gjennomgang av året', description: 'Skatt og utleie', location: 'phone', ...extra });

  async function mailsTo(to: string): Promise<ParsedMail[]> {
    await t.app.get(MailQueue).whenDrained();
    const mine = smtp.received.filter((m) => m.to.includes(to));
    smtp.received.splice(0, smtp.received.length, ...smtp.received.filter((m) => !m.to.includes(to)));
    return mine.map((m) => parseMail(m.data));
  }
  const calendarOf = (mail: ParsedMail) => mail.calendars.find((c) => c.contentType === 'text/calendar')!;
  const notificationsOf = async (userId: number) =>
    (await t.app.get(DataSource).query('SELECT type, link, params FROM notifications WHERE user_id = $1 ORDER BY id', [userId])) as { type: string; link: string; params: Record<string, unknown> }[];

  it('offers the published hours as slots in Oslo wall time, ordered, from 2 hours ahead', async () => {
    const staff = await t.createUser('admin');
    const owner = await t.loginAs('user');
    await publish(2, '09:00', '11:00', [staff]);
    await publish(1, '13:00', '17:00', [staff]);
    // Monday 14:00 now: 16:00 is exactly 2 hours ahead, earlier ones are too soon.
    expect(starts(await slots(owner.agent, '2026-06-01', '2026-06-02'))).toEqual([
      '2026-06-01T14:00:00.000Z', '2026-06-01T14:30:00.000Z',
      '2026-06-02T07:00:00.000Z', '2026-06-02T07:30:00.000Z', '2026-06-02T08:00:00.000Z', '2026-06-02T08:30:00.000Z',
    ]);
    expect((await slots(owner.agent, '2026-06-02', '2026-06-02'))[0]).toEqual({ start: '2026-06-02T07:00:00.000Z', end: '2026-06-02T07:30:00.000Z' });
    // The slot length is a setting.
    await admin.agent.put('/api/system-settings/appointments.slotMinutes').send({ value: '60' }).expect(200);
    expect(starts(await slots(owner.agent, '2026-06-02', '2026-06-02'))).toEqual(['2026-06-02T07:00:00.000Z', '2026-06-02T08:00:00.000Z']);
    const bad = await admin.agent.put('/api/system-settings/appointments.slotMinutes').send({ value: '5' }).expect(400);
    expect(bad.body.code).toBe('setting_invalid_slot_minutes');
  });

  it('offers nothing more than 60 days ahead', async () => {
    const staff = await t.createUser('admin');
    const owner = await t.loginAs('user');
    await publish(5, '13:00', '15:00', [staff]);
    // 60 days after Monday 2026-06-01 14:00 is Friday 2026-07-31 14:00 (Oslo).
    const july31 = starts(await slots(owner.agent, '2026-07-31', '2026-08-07'));
    expect(july31).toEqual(['2026-07-31T11:00:00.000Z', '2026-07-31T11:30:00.000Z', '2026-07-31T12:00:00.000Z']);
  });

  it('gives the right wall times on the October and March switch days in Europe/Oslo', async () => {
    const staff = await t.createUser('admin');
    await publish(6, '09:00', '09:30', [staff]);
    await publish(7, '01:00', '04:00', [staff]);
    await publish(7, '09:00', '09:30', [staff]);
    // Logged in after the clock moved, so the session is fresh at that time.
    t.clock.set('2026-10-20T10:00:00Z');
    let owner = await t.loginAs('user');
    expect(starts(await slots(owner.agent, '2026-10-24', '2026-10-25'))).toEqual([
      '2026-10-24T07:00:00.000Z', // Saturday 09:00 summer time
      // Sunday 01:00, 01:30 summer time; 02:00 and 02:30 their first occurrence; 03:00, 03:30 winter time.
      '2026-10-24T23:00:00.000Z', '2026-10-24T23:30:00.000Z', '2026-10-25T00:00:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-25T02:00:00.000Z', '2026-10-25T02:30:00.000Z',
      '2026-10-25T08:00:00.000Z', // Sunday 09:00 winter time
    ]);
    t.clock.set('2027-03-24T10:00:00Z');
    owner = await t.loginAs('user');
    expect(starts(await slots(owner.agent, '2027-03-27', '2027-03-28'))).toEqual([
      '2027-03-27T08:00:00.000Z', // Saturday 09:00 winter time
      // Sunday 01:00, 01:30 winter time; 02:00–02:59 does not exist; 03:00, 03:30 summer time.
      '2027-03-28T00:00:00.000Z', '2027-03-28T00:30:00.000Z', '2027-03-28T01:00:00.000Z', '2027-03-28T01:30:00.000Z',
      '2027-03-28T07:00:00.000Z', // Sunday 09:00 summer time
    ]);
  });

  it('leaves out closed dates, which staff add and remove', async () => {
    const staff = await t.createUser('admin');
    const owner = await t.loginAs('user');
    await publish(2, '09:00', '10:00', [staff]);
    const closed = (await admin.agent.post('/api/admin/appointment-closed-dates').send({ date: '2026-06-02', reason: 'Kurs' }).expect(201)).body;
    expect(closed).toEqual({ id: expect.any(Number), date: '2026-06-02', reason: 'Kurs' });
    expect((await admin.agent.post('/api/admin/appointment-closed-dates').send({ date: '2026-06-02' }).expect(409)).body.code).toBe('appointment_closed_date_exists');
    expect(starts(await slots(owner.agent, '2026-06-02', '2026-06-09'))).toEqual(['2026-06-09T07:00:00.000Z', '2026-06-09T07:30:00.000Z']);
    const list = await admin.agent.get('/api/admin/appointment-closed-dates').query({ range: '[0,9]' }).expect(200);
    expect(list.headers['content-range']).toBe('appointment-closed-dates 0-0/1');
    await admin.agent.delete(`/api/admin/appointment-closed-dates/${closed.id}`).expect(200);
    expect(await slots(owner.agent, '2026-06-02', '2026-06-02')).toHaveLength(2);
  });

  it('refuses bad ranges with a code', async () => {
    const owner = await t.loginAs('user');
    const code = async (query: Record<string, string>) => (await owner.agent.get('/api/appointments/slots').query(query).expect(400)).body.code;
    expect(await code({ from: '2026-06-10', to: '2026-06-09' })).toBe('appointment_range_reversed');
    expect(await code({ from: '2026-06-01', to: '2026-08-02' })).toBe('appointment_range_too_long');
    expect(await code({ from: '2026-02-30', to: '2026-03-01' })).toBe('validation');
    expect(await code({ from: '2026-06-01T10:00', to: '2026-06-02' })).toBe('validation');
    expect(await code({ from: '2026-06-01' })).toBe('validation');
    // 62 days is the most one read covers.
    await owner.agent.get('/api/appointments/slots').query({ from: '2026-06-01', to: '2026-08-01' }).expect(200);
  });

  it('books a free slot as a meeting with a free staff member, mailing and telling them', async () => {
    const staff = await t.createUser('admin', { name: 'Siri Stab' });
    const owner = await t.loginAs(await t.createUser('user', { name: 'Ole Eier' }));
    await publish(2, '09:00', '10:00', [staff]);
    const res = await owner.agent.post('/api/appointments').send(booking('2026-06-02T07:00:00.000Z', { phone: '+47 912 34 567' })).expect(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), start: '2026-06-02T07:00:00.000Z', end: '2026-06-02T07:30:00.000Z', status: 'booked', agreementId: expect.any(Number), staffUserId: staff.id, userId: owner.user.id, staffName: 'Siri Stab', location: 'phone', phone: '+47 912 34 567' });
    expect(starts(await slots(owner.agent, '2026-06-02', '2026-06-02'))).toEqual(['2026-06-02T07:30:00.000Z']);

    const agreement = (await owner.agent.get(`/api/admin-agreements/${res.body.agreementId}`).expect(200)).body;
    expect(agreement).toMatchObject({ adminId: staff.id, userId: owner.user.id, title: 'Gjennomgang av året', meetingDate: '2026-06-02T07:00:00.000Z', endDate: '2026-06-02T07:30:00.000Z', status: 'scheduled', meetingLocation: 'Telefon (+47 912 34 567)' });
    const [invite] = await mailsTo(owner.user.email);
    expect(invite.subject).toBe('Invitasjon: Gjennomgang av året');
    expect(calendarOf(invite)).toMatchObject({ calendarMethod: 'REQUEST', events: [expect.objectContaining({ uid: `agreement-${agreement.id}@127.0.0.1`, start: '2026-06-02T07:00:00Z', end: '2026-06-02T07:30:00Z' })] });
    const [staffCopy] = await mailsTo(staff.email);
    expect(staffCopy.subject).toBe('Ny time bestilt: Gjennomgang av året');
    expect(staffCopy.text).toContain('Ole Eier har bestilt en time med deg.');
    expect(staffCopy.text).toContain(`/admin/appointments/${res.body.id}/show`);
    expect(calendarOf(staffCopy)).toMatchObject({ calendarMethod: 'REQUEST', events: [expect.objectContaining({ uid: `agreement-${agreement.id}@127.0.0.1` })] });
    expect(await notificationsOf(staff.id)).toEqual([expect.objectContaining({ type: 'appointment_booked', link: `/admin/appointments/${res.body.id}/show` })]);
    // The owner made it: nothing in their bell.
    expect(await notificationsOf(owner.user.id)).toEqual([]);
  });

  it('refuses a start that is not a free slot (400) and a slot taken meanwhile (409); a second staff member takes the next owner', async () => {
    const [anna, bo] = [await t.createUser('admin'), await t.createUser('miniAdmin')];
    const [o1, o2, o3] = [await t.loginAs('user'), await t.loginAs('user'), await t.loginAs('user')];
    await publish(2, '09:00', '10:00', [anna]);
    for (const start of ['2026-06-02T07:15:00.000Z', '2026-06-03T07:00:00.000Z', '2026-06-01T12:30:00.000Z', '2026-08-04T07:00:00.000Z']) {
      expect((await o1.agent.post('/api/appointments').send(booking(start)).expect(400)).body.code).toBe('appointment_slot_invalid');
    }
    const bad = await o1.agent.post('/api/appointments').send({ start: 'i morgen', subject: '', location: 'pub' }).expect(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['location', 'start', 'subject']);
    // Staff do not book.
    expect((await admin.agent.post('/api/appointments').send(booking('2026-06-02T07:00:00.000Z')).expect(403)).body.code).toBe('appointment_owner_only');

    await o1.agent.post('/api/appointments').send(booking('2026-06-02T07:00:00.000Z')).expect(201);
    expect((await o2.agent.post('/api/appointments').send(booking('2026-06-02T07:00:00.000Z')).expect(409)).body.code).toBe('appointment_slot_taken');
    // A meeting of the staff member elsewhere takes their time too.
    await (await t.loginAs(anna)).agent.post('/api/admin-agreements').send({ userId: o3.user.id, title: 'Annet møte', meetingDate: '2026-06-02T07:30:00Z', endDate: '2026-06-02T08:00:00Z' }).expect(201);
    expect(await slots(o2.agent, '2026-06-02', '2026-06-02')).toEqual([]);

    // With a second staff member in the range, both slots are free again for one more owner each.
    await publish(2, '09:00', '10:00', [bo]);
    expect(starts(await slots(o2.agent, '2026-06-02', '2026-06-02'))).toEqual(['2026-06-02T07:00:00.000Z', '2026-06-02T07:30:00.000Z']);
    expect((await o2.agent.post('/api/appointments').send(booking('2026-06-02T07:00:00.000Z')).expect(201)).body.staffUserId).toBe(bo.id);
    expect((await o3.agent.post('/api/appointments').send(booking('2026-06-02T07:00:00.000Z')).expect(409)).body.code).toBe('appointment_slot_taken');
  });

  it('gives a slot to exactly one of 20 owners pressing at the same moment, and to two with two staff members', async () => {
    const staff = [await t.createUser('admin'), await t.createUser('admin')];
    await publish(3, '09:00', '09:30', [staff[0]]);
    await publish(4, '09:00', '09:30', staff);
    const owners = await Promise.all(Array.from({ length: 20 }, () => t.loginAs('user')));
    for (const [start, winners] of [['2026-06-03T07:00:00.000Z', 1], ['2026-06-04T07:00:00.000Z', 2]] as const) {
      const answers = await Promise.all(owners.map((o) => o.agent.post('/api/appointments').send(booking(start))));
      expect(answers.map((r) => r.status).sort()).toEqual([...Array(winners).fill(201), ...Array(20 - winners).fill(409)]);
      for (const r of answers.filter((a) => a.status === 409)) expect(r.body.code).toBe('appointment_slot_taken');
      const rows = await t.app.get(DataSource).query(`SELECT staff_user_id FROM appointments WHERE start_at = $1 AND status = 'booked'`, [start]);
      expect(rows.map((r: { staff_user_id: number }) => r.staff_user_id).sort()).toEqual(staff.slice(0, winners).map((s) => s.id).sort());
      const meetings = await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM admin_agreements WHERE meeting_date = $1`, [start]);
      expect(meetings[0].n).toBe(winners);
    }
    // Twenty logins (a password hash each) and forty bookings: slow on a busy machine, not a measure of anything.
  }, 180_000);

  it('lets an owner hold at most the set number of upcoming appointments (3 by default), also when they press at once', async () => {
    const staff = [await t.createUser('admin'), await t.createUser('admin')];
    await publish(2, '09:00', '13:00', staff);
    const owner = await t.loginAs('user');
    const at = (i: number) => new Date(Date.parse('2026-06-02T07:00:00.000Z') + i * 30 * 60_000).toISOString();
    // Five at once: the owner's bookings take turns, so exactly three pass the count.
    const answers = await Promise.all([0, 1, 2, 3, 4].map((i) => owner.agent.post('/api/appointments').send(booking(at(i)))));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409]);
    for (const r of answers.filter((a) => a.status === 409)) expect(r.body).toMatchObject({ code: 'appointment_limit', params: { max: 3 }, message: expect.stringContaining('høyst 3 kommende timer') });
    const held = async () => (await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM appointments WHERE user_id = $1 AND status = 'booked'`, [owner.user.id]))[0].n;
    expect(await held()).toBe(3);
    // Nothing of a refused booking is kept: no agreement beside the three.
    expect((await t.app.get(DataSource).query('SELECT count(*)::int AS n FROM admin_agreements WHERE user_id = $1', [owner.user.id]))[0].n).toBe(3);

    // A cancelled one frees a place; one that has ended no longer counts.
    const first = answers.find((r) => r.status === 201)!.body;
    await owner.agent.delete(`/api/appointments/${first.id}`).expect(200);
    await owner.agent.post('/api/appointments').send(booking(at(5))).expect(201);
    expect((await owner.agent.post('/api/appointments').send(booking(at(6))).expect(409)).body.code).toBe('appointment_limit');
    t.clock.set(new Date('2026-06-02T12:00:00.000Z'));
    await publish(3, '09:00', '10:00', staff);
    await owner.agent.post('/api/appointments').send(booking('2026-06-03T07:00:00.000Z')).expect(201);

    // The limit is a setting.
    await admin.agent.put('/api/system-settings/appointments.maxUpcoming').send({ value: '1' }).expect(200);
    try {
      const other = await t.loginAs('user');
      await other.agent.post('/api/appointments').send(booking('2026-06-03T07:30:00.000Z')).expect(201);
      expect((await other.agent.post('/api/appointments').send(booking('2026-06-03T07:00:00.000Z')).expect(409)).body).toMatchObject({ code: 'appointment_limit', params: { max: 1 } });
    } finally {
      await t.app.get(DataSource).query(`DELETE FROM system_settings WHERE key = 'appointments.maxUpcoming'`);
    }
  });

  it('limits the bookings one person may try per hour (BOOKING_RATE_LIMIT, 10 by default) with a coded 429', async () => {
    const staff = await t.createUser('admin');
    await publish(2, '09:00', '10:00', [staff]);
    const owner = await t.loginAs('user');
    for (let i = 0; i < 10; i++) expect((await owner.agent.post('/api/appointments').send(booking('2026-06-02T07:15:00.000Z')).expect(400)).body.code).toBe('appointment_slot_invalid');
    const refused = await owner.agent.post('/api/appointments').send(booking('2026-06-02T07:00:00.000Z')).expect(429);
    expect(refused.body).toMatchObject({ code: 'appointment_rate_limited', message: 'For mange bestillinger på kort tid. Vent litt og prøv igjen.' });
    expect(await t.app.get(DataSource).query('SELECT id FROM appointments WHERE user_id = $1', [owner.user.id])).toEqual([]);
    // Another person has a budget of their own; an hour later the owner's is back.
    await (await t.loginAs('user')).agent.post('/api/appointments').send(booking('2026-06-02T07:00:00.000Z')).expect(201);
    t.clock.set(new Date(TEST_NOW.getTime() + 61 * 60_000));
    await owner.agent.post('/api/appointments').send(booking('2026-06-02T07:30:00.000Z')).expect(201);
  });

  it('lets the owner cancel until 2 hours before and admins any time; both sides are told and mailed a CANCEL', async () => {
    const staff = await t.createUser('admin', { name: 'Siri Stab' });
    const owner = await t.loginAs(await t.createUser('user', { name: 'Ole Eier' }));
    const other = await t.loginAs('user');
    const mini = await t.loginAs('miniAdmin');
    await publish(1, '16:00', '17:00', [staff]);
    await publish(2, '09:00', '10:00', [staff]);
    const tomorrow = (await owner.agent.post('/api/appointments').send(booking('2026-06-02T07:00:00.000Z')).expect(201)).body;
    await mailsTo(owner.user.email);
    await mailsTo(staff.email);

    expect((await other.agent.delete(`/api/appointments/${tomorrow.id}`).expect(404)).body.code).toBe('appointment_not_found');
    expect((await mini.agent.delete(`/api/appointments/${tomorrow.id}`).expect(403)).body.code).toBe('read_only');
    const cancelled = (await owner.agent.delete(`/api/appointments/${tomorrow.id}`).expect(200)).body;
    expect(cancelled).toMatchObject({ id: tomorrow.id, status: 'cancelled', cancelledAt: TEST_NOW.toISOString() });
    expect((await owner.agent.delete(`/api/appointments/${tomorrow.id}`).expect(409)).body.code).toBe('appointment_already_cancelled');
    expect(starts(await slots(owner.agent, '2026-06-02', '2026-06-02'))).toContain('2026-06-02T07:00:00.000Z');
    expect((await admin.agent.get(`/api/admin-agreements/${tomorrow.agreementId}`).expect(200)).body.status).toBe('cancelled');
    const [ownerMail] = await mailsTo(owner.user.email);
    expect(ownerMail.subject).toBe('Avlyst: Gjennomgang av året');
    expect(calendarOf(ownerMail)).toMatchObject({ calendarMethod: 'CANCEL', events: [expect.objectContaining({ sequence: 1, status: 'CANCELLED' })] });
    const [staffMail] = await mailsTo(staff.email);
    expect(staffMail.subject).toBe('Time avlyst: Gjennomgang av året');
    expect(calendarOf(staffMail)).toMatchObject({ calendarMethod: 'CANCEL', events: [expect.objectContaining({ sequence: 1, status: 'CANCELLED' })] });
    expect((await notificationsOf(staff.id)).map((n) => [n.type, n.link])).toEqual([
      ['appointment_booked', `/admin/appointments/${tomorrow.id}/show`],
      ['appointment_owner_cancelled', `/admin/appointments/${tomorrow.id}/show`],
    ]);

    // Today 16:00, exactly 2 hours ahead: bookable; a minute later too late for the owner to cancel.
    const today = (await owner.agent.post('/api/appointments').send(booking('2026-06-01T14:00:00.000Z')).expect(201)).body;
    t.clock.advance(60_000);
    expect((await owner.agent.delete(`/api/appointments/${today.id}`).expect(409)).body.code).toBe('appointment_cancel_too_late');
    await admin.agent.delete(`/api/appointments/${today.id}`).expect(200);
    expect((await notificationsOf(owner.user.id)).map((n) => [n.type, n.link])).toEqual([['appointment_cancelled', '/appointments']]);
    // The staff member whose appointment another admin cancelled opens it in the back office, not the owner's page.
    expect((await notificationsOf(staff.id)).slice(-1).map((n) => [n.type, n.link])).toEqual([['staff_appointment_cancelled', `/admin/appointments/${today.id}/show`]]);
    const [late] = (await mailsTo(owner.user.email)).filter((m) => m.subject.startsWith('Avlyst'));
    expect(calendarOf(late).calendarMethod).toBe('CANCEL');
  });

  it('frees the slot when staff cancel the meeting in the back office', async () => {
    const staff = await t.createUser('admin');
    const owner = await t.loginAs('user');
    await publish(2, '09:00', '09:30', [staff]);
    const booked = (await owner.agent.post('/api/appointments').send(booking('2026-06-02T07:00:00.000Z')).expect(201)).body;
    expect(await slots(owner.agent, '2026-06-02', '2026-06-02')).toEqual([]);
    await admin.agent.put(`/api/admin-agreements/${booked.agreementId}`).send({ status: 'cancelled' }).expect(200);
    expect((await owner.agent.get(`/api/appointments/${booked.id}`).expect(200)).body.status).toBe('cancelled');
    expect(await slots(owner.agent, '2026-06-02', '2026-06-02')).toHaveLength(1);
  });

  it('follows the meeting when staff move it in the back office: the old slot is free, the new one taken', async () => {
    const staff = await t.createUser('admin');
    const owner = await t.loginAs('user');
    await publish(2, '09:00', '10:00', [staff]);
    const booked = (await owner.agent.post('/api/appointments').send(booking('2026-06-02T07:00:00.000Z')).expect(201)).body;
    expect(starts(await slots(owner.agent, '2026-06-02', '2026-06-02'))).toEqual(['2026-06-02T07:30:00.000Z']);
    await admin.agent.put(`/api/admin-agreements/${booked.agreementId}`).send({ meetingDate: '2026-06-02T07:30:00.000Z' }).expect(200);
    const moved = (await owner.agent.get(`/api/appointments/${booked.id}`).expect(200)).body;
    expect(moved).toMatchObject({ status: 'booked', start: '2026-06-02T07:30:00.000Z', end: '2026-06-02T08:00:00.000Z' });
    expect(starts(await slots(owner.agent, '2026-06-02', '2026-06-02'))).toEqual(['2026-06-02T07:00:00.000Z']);
  });

  it('lists the owner’s own, and every one for staff with a userId filter and paging', async () => {
    const staff = await t.createUser('admin');
    const [a, b] = [await t.loginAs('user'), await t.loginAs('user')];
    const mini = await t.loginAs('miniAdmin');
    await publish(2, '09:00', '10:00', [staff]);
    const mine = (await a.agent.post('/api/appointments').send(booking('2026-06-02T07:00:00.000Z')).expect(201)).body;
    await b.agent.post('/api/appointments').send(booking('2026-06-02T07:30:00.000Z')).expect(201);
    expect((await a.agent.get('/api/appointments').expect(200)).body.map((x: { id: number }) => x.id)).toEqual([mine.id]);
    await b.agent.get(`/api/appointments/${mine.id}`).expect(404);
    const all = await mini.agent.get('/api/appointments').query({ range: '[0,0]', sort: '["start","ASC"]' }).expect(200);
    expect(all.headers['content-range']).toBe('appointments 0-0/2');
    expect(all.body[0].id).toBe(mine.id);
    expect((await admin.agent.get('/api/appointments').query({ userId: b.user.id }).expect(200)).body).toHaveLength(1);
    expect((await a.agent.get('/api/appointments').query({ filter: '{"upcoming":true}' }).expect(200)).body).toHaveLength(1);
  });

  it('checks the hours staff publish; mini admins read them only', async () => {
    const staff = await t.createUser('admin');
    const owner = await t.createUser('user');
    const mini = await t.loginAs('miniAdmin');
    const code = async (body: object) => (await admin.agent.post('/api/admin/appointment-hours').send(body).expect(400)).body.code;
    expect(await code({ weekday: 2, startTime: '10:00', endTime: '09:00', staffUserIds: [staff.id] })).toBe('appointment_hours_end_before_start');
    expect(await code({ weekday: 2, startTime: '09:00', endTime: '10:00', staffUserIds: [owner.id] })).toBe('appointment_staff_invalid');
    expect(await code({ weekday: 8, startTime: '9:00', endTime: '10:00', staffUserIds: [] })).toBe('validation');
    // The back office's picker asks for staff only.
    const picked = (await admin.agent.get('/api/admin/users').query({ filter: '{"isStaff":true}', range: '[0,999]' }).expect(200)).body as { id: number; isAdmin: boolean; isMiniAdmin: boolean }[];
    expect(picked.map((u) => u.id)).toEqual(expect.arrayContaining([staff.id, mini.user.id]));
    expect(picked.every((u) => u.isAdmin || u.isMiniAdmin)).toBe(true);
    const hours = await publish(2, '09:00', '10:00', [staff]);
    expect(hours).toMatchObject({ weekday: 2, startTime: '09:00', endTime: '10:00', staffUserIds: [staff.id], staffNames: [staff.name] });
    await mini.agent.post('/api/admin/appointment-hours').send({ weekday: 2, startTime: '09:00', endTime: '10:00', staffUserIds: [staff.id] }).expect(403);
    expect((await mini.agent.get('/api/admin/appointment-hours').expect(200)).body).toHaveLength(1);
    const changed = (await admin.agent.put(`/api/admin/appointment-hours/${hours.id}`).send({ endTime: '11:00' }).expect(200)).body;
    expect(changed).toMatchObject({ startTime: '09:00', endTime: '11:00' });
    await admin.agent.delete(`/api/admin/appointment-hours/${hours.id}`).expect(200);
    await admin.agent.get(`/api/admin/appointment-hours/${hours.id}`).expect(404);
  });
});
