import { DataSource } from 'typeorm';
import { AgreementsService } from '../src/agreements/agreements.service';
import { MailQueue } from '../src/mail/mail-queue.service';
import { NotificationsService } from '../src/notifications/notifications.service';
import { UsersService } from '../src/users/users.service';
import { parseMail, startSmtpServer, type ParsedMail } from './helpers/smtp-server';
import { TEST_NOW, TestApp } from './helpers/test-app';

const HOUR = 3_600_000;
/** An instant `hours` after the test clock's start, as ISO. */
const at = (hours: number) => new Date(TEST_NOW.getTime() + hours * HOUR).toISOString();

describe('agreements: records, ownership and private notes', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  async function setup() {
    const admin = await t.loginAs('admin');
    const owner = await t.loginAs('user');
    const other = await t.loginAs('user');
    const mini = await t.loginAs('miniAdmin');
    const created = await admin.agent
      .post('/api/admin-agreements')
      .send({ userId: owner.user.id, title: 'Årlig gjennomgang', description: 'Vi går gjennom året', meetingDate: at(72), endDate: at(73), meetingLocation: 'Telefon/Teams', meetingType: 'review' })
      .expect(201);
    return { admin, owner, other, mini, agreement: created.body };
  }

  it('creates with the fields and defaults, answering the place under both names and both people’s names', async () => {
    const { admin, owner, agreement } = await setup();
    expect(agreement).toMatchObject({
      userId: owner.user.id,
      adminId: admin.user.id,
      userName: owner.user.name,
      adminName: admin.user.name,
      title: 'Årlig gjennomgang',
      meetingDate: at(72),
      endDate: at(73),
      meetingLocation: 'Telefon/Teams',
      location: 'Telefon/Teams',
      meetingType: 'review',
      status: 'scheduled',
      completedAt: null,
      cancelledAt: null,
      reminderSent: false,
      // No SMTP_URL here: the mail is recorded as not sent, and the admin is not told the user was notified.
      notified: false,
    });
    const minimal = (await admin.agent.post('/api/admin-agreements').send({ userId: owner.user.id, title: 'Prat' }).expect(201)).body;
    expect(minimal).toMatchObject({ meetingType: 'general', status: 'scheduled', meetingDate: TEST_NOW.toISOString(), meetingLocation: null, location: null });
    const outbox = await t.app.get(DataSource).query(`SELECT "to", subject, status, ical FROM mail_outbox WHERE "to" = $1`, [owner.user.email]);
    expect(outbox).toEqual([expect.objectContaining({ subject: 'Invitasjon: Årlig gjennomgang', status: 'not-sent', ical: expect.stringContaining('METHOD:REQUEST') })]);
  });

  it('takes the place as location too (the edit form’s name), and reads it back under both', async () => {
    const { admin, agreement } = await setup();
    const updated = (await admin.agent.put(`/api/admin-agreements/${agreement.id}`).send({ location: 'Kontoret' }).expect(200)).body;
    expect(updated).toMatchObject({ meetingLocation: 'Kontoret', location: 'Kontoret' });
    const both = (await admin.agent.put(`/api/admin-agreements/${agreement.id}`).send({ meetingLocation: 'Teams', location: 'Ignorert' }).expect(200)).body;
    expect(both.meetingLocation).toBe('Teams');
  });

  it('refuses bad input with the documented texts', async () => {
    const { admin, owner } = await setup();
    const missing = await admin.agent.post('/api/admin-agreements').send({}).expect(400);
    expect(missing.body.errors).toEqual(expect.arrayContaining([{ field: 'userId', message: 'Bruker må velges', code: 'required' }, { field: 'title', message: 'Tittel er påkrevd', code: 'required' }]));
    const bad = await admin.agent.post('/api/admin-agreements').send({ userId: owner.user.id, title: 'X', meetingDate: '2026-02-30T10:00', endDate: 'i morgen', meetingType: 'party', status: 'done' }).expect(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'meetingDate', message: 'Ugyldig dato' }),
        expect.objectContaining({ field: 'endDate', message: 'Ugyldig dato' }),
        expect.objectContaining({ field: 'meetingType', message: 'Ugyldig møtetype' }),
        expect.objectContaining({ field: 'status', message: 'Ugyldig status' }),
      ]),
    );
    // The picker leaves admins out: an agreement is with an owner.
    for (const role of ['admin', 'miniAdmin'] as const) {
      const staff = await t.createUser(role);
      const res = await admin.agent.post('/api/admin-agreements').send({ userId: staff.id, title: 'X' }).expect(400);
      expect(res.body).toMatchObject({ code: 'agreement_user_required', message: 'Bruker må velges' });
    }
    await admin.agent.post('/api/admin-agreements').send({ userId: 2_000_000, title: 'X' }).expect(400);
  });

  it('sets and changes the end time, which must come after the start; a refused change changes nothing', async () => {
    const { admin, owner, agreement } = await setup();
    for (const endDate of [at(72), at(71)]) {
      const res = await admin.agent.post('/api/admin-agreements').send({ userId: owner.user.id, title: 'X', meetingDate: at(72), endDate }).expect(400);
      expect(res.body).toMatchObject({ code: 'agreement_end_before_start', message: 'Sluttid må være etter starttid' });
    }
    const changed = await admin.agent.put(`/api/admin-agreements/${agreement.id}`).send({ endDate: at(74) }).expect(200);
    expect(changed.body.endDate).toBe(at(74));
    // An end before the start is refused whether it or the start is sent, and changes nothing
    const before = await admin.agent.put(`/api/admin-agreements/${agreement.id}`).send({ endDate: at(70) }).expect(400);
    expect(before.body.code).toBe('agreement_end_before_start');
    await admin.agent.put(`/api/admin-agreements/${agreement.id}`).send({ meetingDate: at(75), endDate: at(74) }).expect(400);
    const kept = (await admin.agent.get(`/api/admin-agreements/${agreement.id}`).expect(200)).body;
    expect(kept).toMatchObject({ meetingDate: at(72), endDate: at(74) });
    // A start moved alone takes its end along (the meeting keeps its two hours)
    const moved = await admin.agent.put(`/api/admin-agreements/${agreement.id}`).send({ meetingDate: at(75) }).expect(200);
    expect(moved.body).toMatchObject({ meetingDate: at(75), endDate: at(77) });
    // Both together, and the end cleared
    await admin.agent.put(`/api/admin-agreements/${agreement.id}`).send({ meetingDate: at(80), endDate: at(81) }).expect(200);
    expect((await admin.agent.put(`/api/admin-agreements/${agreement.id}`).send({ endDate: null }).expect(200)).body.endDate).toBeNull();
  });

  it('answers Avtale ikke funnet for a missing one and Ugyldig id for a bad id', async () => {
    const { admin } = await setup();
    expect((await admin.agent.get('/api/admin-agreements/999999').expect(404)).body).toMatchObject({ code: 'agreement_not_found', message: 'Avtale ikke funnet' });
    expect((await admin.agent.get('/api/admin-agreements/0').expect(400)).body.code).toBe('invalid_id');
  });

  it('lets staff list everything (filtered by userId, paged for react-admin) and an owner only their own', async () => {
    const { admin, owner, other, mini, agreement } = await setup();
    const second = (await admin.agent.post('/api/admin-agreements').send({ userId: other.user.id, title: 'Support', meetingDate: at(10) }).expect(201)).body;
    const staffList = (await mini.agent.get(`/api/admin-agreements?userId=${owner.user.id}`).expect(200)).body;
    expect(staffList.map((a: { id: number }) => a.id)).toEqual([agreement.id]);
    const paged = await admin.agent.get(`/api/admin-agreements?filter=${encodeURIComponent(JSON.stringify({ userId: other.user.id }))}&range=[0,9]&sort=["meetingDate","DESC"]`).expect(200);
    expect(paged.headers['content-range']).toBe('admin-agreements 0-0/1');
    expect(paged.body.map((a: { id: number }) => a.id)).toEqual([second.id]);
    const own = (await owner.agent.get('/api/admin-agreements').expect(200)).body;
    expect(own.map((a: { id: number }) => a.id)).toEqual([agreement.id]);
    // Asking for someone else's agreements still answers only one's own (none of theirs).
    expect((await owner.agent.get(`/api/admin-agreements?userId=${other.user.id}`).expect(200)).body).toEqual([]);
    await other.agent.get(`/api/admin-agreements/${agreement.id}`).expect(404);
  });

  it('orders an owner’s list scheduled first, then the newest meeting first', async () => {
    const admin = await t.loginAs('admin');
    const owner = await t.loginAs('user');
    const make = async (title: string, meetingDate: string, status = 'scheduled') =>
      (await admin.agent.post('/api/admin-agreements').send({ userId: owner.user.id, title, meetingDate, status }).expect(201)).body.id;
    const done = await make('Ferdig', at(200), 'completed');
    const soon = await make('Snart', at(5));
    const later = await make('Senere', at(100));
    const cancelled = await make('Avlyst', at(300), 'cancelled');
    const list = (await owner.agent.get('/api/admin-agreements').expect(200)).body;
    expect(list.map((a: { id: number }) => a.id)).toEqual([later, soon, cancelled, done]);
  });

  it('keeps private notes from the owner: each of the five principals reads what they may', async () => {
    const { admin, owner, other, mini, agreement } = await setup();
    const notes = `/api/admin-agreements/${agreement.id}/notes`;
    await admin.agent.post(notes).send({ content: 'Kun for oss', isPrivate: true }).expect(201);
    const pub = (await admin.agent.post(notes).send({ content: 'Husk papirene' }).expect(201)).body;
    expect(pub).toMatchObject({ isPrivate: false, authorName: admin.user.name, authorIsAdmin: true, authorId: admin.user.id });
    const mine = (await owner.agent.post(notes).send({ content: 'Takk!' }).expect(201)).body;
    expect(mine).toMatchObject({ isPrivate: false, authorIsAdmin: false, authorName: owner.user.name });

    const contents = (body: { content: string }[]) => body.map((n) => n.content);
    expect(contents((await admin.agent.get(notes).expect(200)).body)).toEqual(['Kun for oss', 'Husk papirene', 'Takk!']);
    expect(contents((await mini.agent.get(notes).expect(200)).body)).toEqual(['Kun for oss', 'Husk papirene', 'Takk!']);
    const ownerView = (await owner.agent.get(notes).expect(200)).body;
    expect(contents(ownerView)).toEqual(['Husk papirene', 'Takk!']);
    expect(JSON.stringify(ownerView)).not.toContain('Kun for oss');
    await other.agent.get(notes).expect(404);
    await t.anon().get(notes).expect(401);

    // Only admins write private notes; mini admins write nothing; another user cannot find it.
    expect((await owner.agent.post(notes).send({ content: 'Hemmelig', isPrivate: true }).expect(403)).body.code).toBe('agreement_private_note_admin_only');
    await mini.agent.post(notes).send({ content: 'Hei' }).expect(403);
    await other.agent.post(notes).send({ content: 'Hei' }).expect(404);
    expect((await owner.agent.post(notes).send({ content: '' }).expect(400)).body.errors).toEqual([{ field: 'content', message: 'Innhold er påkrevd', code: 'required' }]);
    expect(contents((await owner.agent.get(notes).expect(200)).body)).toEqual(['Husk papirene', 'Takk!']);
  });

  it('sets completedAt and cancelledAt with the status, and deletes with the notes', async () => {
    const { admin, owner, agreement } = await setup();
    const url = `/api/admin-agreements/${agreement.id}`;
    expect((await admin.agent.put(url).send({ status: 'completed' }).expect(200)).body).toMatchObject({ status: 'completed', completedAt: TEST_NOW.toISOString(), cancelledAt: null });
    expect((await admin.agent.put(url).send({ status: 'cancelled' }).expect(200)).body).toMatchObject({ status: 'cancelled', completedAt: null, cancelledAt: TEST_NOW.toISOString() });
    await admin.agent.post(`${url}/notes`).send({ content: 'Notat' }).expect(201);
    expect((await admin.agent.delete(url).expect(200)).body).toEqual({ message: 'Avtale slettet' });
    await owner.agent.get(url).expect(404);
    expect(await t.app.get(DataSource).query('SELECT id FROM agreement_notes WHERE agreement_id = $1', [agreement.id])).toEqual([]);
  });

  it('tells the owner in the app: created, changed, cancelled and a note from staff (never a private one)', async () => {
    const { admin, owner, agreement } = await setup();
    const url = `/api/admin-agreements/${agreement.id}`;
    await admin.agent.put(url).send({ meetingDate: at(96) }).expect(200);
    await admin.agent.post(`${url}/notes`).send({ content: 'Privat', isPrivate: true }).expect(201);
    await admin.agent.post(`${url}/notes`).send({ content: 'Offentlig' }).expect(201);
    await owner.agent.post(`${url}/notes`).send({ content: 'Mitt eget' }).expect(201);
    await admin.agent.put(url).send({ status: 'cancelled' }).expect(200);
    const { notifications } = await t.app.get(NotificationsService).page(owner.user.id, 0, 20);
    expect(notifications.map((n) => n.type).reverse()).toEqual(['agreement_created', 'agreement_changed', 'agreement_note', 'agreement_cancelled']);
    expect(notifications[0]).toMatchObject({ title: 'Avtale avlyst', link: `/user/agreements/${agreement.id}` });
  });

  it('tells the agreement\'s staff of an owner\'s note: its creator and the staff who wrote on it, nobody else', async () => {
    const { admin, owner, mini, agreement } = await setup();
    const url = `/api/admin-agreements/${agreement.id}`;
    const helper = await t.loginAs('admin');
    const bystander = await t.createUser('admin');
    await helper.agent.post(`${url}/notes`).send({ content: 'Jeg tar dette', isPrivate: true }).expect(201);
    await owner.agent.post(`${url}/notes`).send({ content: 'Kan vi flytte møtet?' }).expect(201);
    const notes = t.app.get(NotificationsService);
    for (const staff of [admin.user, helper.user]) {
      const [n] = (await notes.page(staff.id, 0, 20)).notifications;
      expect(n).toMatchObject({ type: 'agreement_owner_note', title: `Notat fra ${owner.user.name}`, message: `${owner.user.name} skrev et notat på avtalen «Årlig gjennomgang».`, link: `/admin/agreements/${agreement.id}` });
    }
    for (const other of [mini.user.id, bystander.id]) expect((await notes.page(other, 0, 20)).notifications).toEqual([]);
    expect((await notes.page(owner.user.id, 0, 20)).notifications.map((n) => n.type)).toEqual(['agreement_created']);
  });
});

describe('agreements: mail to the owner through a local SMTP server', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await TestApp.start({ SMTP_URL: smtp.url, MAIL_FROM: 'Eierportal <portal@example.no>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => t.clock.set(TEST_NOW));

  /** Waits for the mail queue, then reads (and takes) what reached the server for `to`. */
  async function mailsTo(to: string): Promise<ParsedMail[]> {
    await t.app.get(MailQueue).whenDrained();
    const mine = smtp.received.filter((m) => m.to.includes(to));
    smtp.received.splice(0, smtp.received.length, ...smtp.received.filter((m) => !m.to.includes(to)));
    return mine.map((m) => parseMail(m.data));
  }

  /** The one calendar event of a mail, the same in its text/calendar part and its .ics attachment. */
  function invitation(mail: ParsedMail) {
    expect(mail.calendars.map((c) => c.contentType).sort()).toEqual(['application/ics', 'text/calendar']);
    const [alt, file] = [mail.calendars.find((c) => c.contentType === 'text/calendar')!, mail.calendars.find((c) => c.contentType === 'application/ics')!];
    expect(file.events).toEqual(alt.events);
    expect(alt.method).toBe(alt.calendarMethod);
    expect(alt.events).toHaveLength(1);
    return { method: alt.calendarMethod, filename: file.filename, event: alt.events[0] };
  }

  it('mails the invitation in the owner’s language with a REQUEST the calendar app takes, then the change and the cancellation', async () => {
    const admin = await t.loginAs('admin');
    const owner = await t.loginAs('user');
    const created = (await admin.agent.post('/api/admin-agreements').send({ userId: owner.user.id, title: 'Årlig gjennomgang', meetingDate: at(72), meetingLocation: 'Kontoret, Storgata 1' }).expect(201)).body;
    expect(created.notified).toBe(true);

    const [invite] = await mailsTo(owner.user.email);
    expect(invite).toMatchObject({ to: owner.user.email, subject: 'Invitasjon: Årlig gjennomgang' });
    expect(invite.text).toContain(`Du er invitert til et møte med ${admin.user.name}.`);
    expect(invite.text).toContain('Tid: 04.06.2026 14:00'); // Europe/Oslo
    expect(invite.text).toContain(`/user/agreements/${created.id}`);
    const first = invitation(invite);
    expect(first.method).toBe('REQUEST');
    expect(first.event).toMatchObject({ uid: `agreement-${created.id}@127.0.0.1`, sequence: 0, summary: 'Årlig gjennomgang', start: at(72).replace('.000', ''), end: at(73).replace('.000', ''), location: 'Kontoret, Storgata 1', status: 'CONFIRMED' });
    expect(first.event.attendees.map((a) => a.toLowerCase())).toEqual([`mailto:${owner.user.email}`]);
    expect(first.event.organizer?.toLowerCase()).toBe('mailto:portal@example.no');

    await admin.agent.put(`/api/admin-agreements/${created.id}`).send({ meetingDate: at(96) }).expect(200);
    const [update] = await mailsTo(owner.user.email);
    expect(update.subject).toBe('Endret avtale: Årlig gjennomgang');
    const second = invitation(update);
    expect(second).toMatchObject({ method: 'REQUEST', event: { uid: first.event.uid, sequence: 1, start: at(96).replace('.000', '') } });

    // A new end time is a change the calendar shows: the invitation's DTEND takes it
    await admin.agent.put(`/api/admin-agreements/${created.id}`).send({ endDate: at(98) }).expect(200);
    const [longer] = await mailsTo(owner.user.email);
    expect(longer.text).toContain('Tid: 05.06.2026 14:00 – 05.06.2026 16:00');
    expect(invitation(longer)).toMatchObject({ method: 'REQUEST', event: { uid: first.event.uid, sequence: 2, start: at(96).replace('.000', ''), end: at(98).replace('.000', '') } });

    // A change the calendar does not show (the status to completed and back is not it) sends nothing; a note neither.
    await admin.agent.put(`/api/admin-agreements/${created.id}`).send({ meetingType: 'support' }).expect(200);
    await admin.agent.post(`/api/admin-agreements/${created.id}/notes`).send({ content: 'Hei' }).expect(201);
    expect(await mailsTo(owner.user.email)).toEqual([]);

    await admin.agent.put(`/api/admin-agreements/${created.id}`).send({ status: 'cancelled' }).expect(200);
    const [cancel] = await mailsTo(owner.user.email);
    expect(cancel.subject).toBe('Avlyst: Årlig gjennomgang');
    expect(invitation(cancel)).toMatchObject({ method: 'CANCEL', filename: 'cancel.ics', event: { uid: first.event.uid, sequence: 3, status: 'CANCELLED' } });
  });

  it('writes to an owner who reads English in English, and cancels a deleted meeting', async () => {
    const admin = await t.loginAs('admin');
    const owner = await t.loginAs('user');
    await t.app.get(UsersService).setLanguage(owner.user.id, 'en');
    const created = (await admin.agent.post('/api/admin-agreements').send({ userId: owner.user.id, title: 'Support call', meetingDate: at(50) }).expect(201)).body;
    const [invite] = await mailsTo(owner.user.email);
    expect(invite.subject).toBe('Invitation: Support call');
    expect(invite.text).toContain(`You are invited to a meeting with ${admin.user.name}.`);
    expect(invite.text).toContain('Where: Not given');
    await admin.agent.delete(`/api/admin-agreements/${created.id}`).expect(200);
    const [cancel] = await mailsTo(owner.user.email);
    expect(cancel.subject).toBe('Cancelled: Support call');
    expect(invitation(cancel)).toMatchObject({ method: 'CANCEL', event: { sequence: 1 } });
  });

  it('sends no invitation for a meeting in the past or one made as completed', async () => {
    const admin = await t.loginAs('admin');
    const owner = await t.loginAs('user');
    expect((await admin.agent.post('/api/admin-agreements').send({ userId: owner.user.id, title: 'Før', meetingDate: at(-5) }).expect(201)).body.notified).toBe(false);
    expect((await admin.agent.post('/api/admin-agreements').send({ userId: owner.user.id, title: 'Ferdig', meetingDate: at(5), status: 'completed' }).expect(201)).body.notified).toBe(false);
    expect(await mailsTo(owner.user.email)).toEqual([]);
  });

  it('reminds 24 h before the meeting, once, never for a cancelled one (fixed clock at 25, 24 and 23 h before)', async () => {
    const admin = await t.loginAs('admin');
    const owner = await t.loginAs('user');
    const agreements = t.app.get(AgreementsService);
    const meeting = at(100);
    const { id } = (await admin.agent.post('/api/admin-agreements').send({ userId: owner.user.id, title: 'Gjennomgang', meetingDate: meeting }).expect(201)).body;
    const cancelled = (await admin.agent.post('/api/admin-agreements').send({ userId: owner.user.id, title: 'Avlyst møte', meetingDate: meeting }).expect(201)).body;
    await admin.agent.put(`/api/admin-agreements/${cancelled.id}`).send({ status: 'cancelled' }).expect(200);
    await mailsTo(owner.user.email);
    const before = (hours: number) => t.clock.set(new Date(new Date(meeting).getTime() - hours * HOUR));

    before(25);
    await agreements.sendDueReminders();
    expect(await mailsTo(owner.user.email)).toEqual([]);

    before(24);
    // Two runs at once (two instances, or a rerun after a restart): the conditional UPDATE gives the row to one.
    // (The scheduled job's own tick may be the one that gets it: the mails below count, not which run sent it.)
    const runs = await Promise.all([agreements.sendDueReminders(), agreements.sendDueReminders()]);
    expect(runs[0].reminded + runs[1].reminded).toBeLessThanOrEqual(1);
    const [reminder] = await mailsTo(owner.user.email);
    expect(reminder.subject).toBe('Påminnelse: Gjennomgang');
    expect(invitation(reminder)).toMatchObject({ method: 'REQUEST', event: { summary: 'Gjennomgang', sequence: 0 } });
    expect((await owner.agent.get(`/api/admin-agreements/${id}`).expect(200)).body.reminderSent).toBe(true);

    before(23);
    // Through the scheduled job as an admin runs it from the back office: nothing is due any more.
    const job = (await admin.agent.post('/api/admin/jobs/agreement-reminders/run').expect(200)).body;
    expect(job.lastResult).toEqual({ reminded: 0 });
    expect(await mailsTo(owner.user.email)).toEqual([]);
  });

  it('reminds again when the meeting moves, but not a meeting made or moved to less than a day away', async () => {
    const admin = await t.loginAs('admin');
    const owner = await t.loginAs('user');
    const agreements = t.app.get(AgreementsService);
    const soon = (await admin.agent.post('/api/admin-agreements').send({ userId: owner.user.id, title: 'Snart', meetingDate: at(5) }).expect(201)).body;
    expect(soon.reminderSent).toBe(true);
    const later = (await admin.agent.post('/api/admin-agreements').send({ userId: owner.user.id, title: 'Senere', meetingDate: at(30) }).expect(201)).body;
    await mailsTo(owner.user.email);
    t.clock.set(at(7));
    await agreements.sendDueReminders();
    expect((await mailsTo(owner.user.email)).map((m) => m.subject)).toEqual(['Påminnelse: Senere']);
    // Moved three days on: its reminder comes again, 24 h before the new time.
    await admin.agent.put(`/api/admin-agreements/${later.id}`).send({ meetingDate: at(100) }).expect(200);
    expect((await mailsTo(owner.user.email)).map((m) => m.subject)).toEqual(['Endret avtale: Senere']);
    t.clock.set(at(77));
    await agreements.sendDueReminders();
    expect((await mailsTo(owner.user.email)).map((m) => m.subject)).toEqual(['Påminnelse: Senere']);
  });

  it('mails the password-reset link when SMTP is set, in the user’s language', async () => {
    const admin = await t.loginAs('admin');
    const owner = await t.createUser('user');
    await t.app.get(UsersService).setLanguage(owner.id, 'en');
    const { resetLink, mailed } = (await admin.agent.post(`/api/admin/users/${owner.id}/reset-password`).expect(200)).body;
    expect(mailed).toBe(true);
    const [mail] = await mailsTo(owner.email);
    expect(mail).toMatchObject({ to: owner.email, subject: 'Reset your password', calendars: [] });
    expect(mail.text).toContain(resetLink);
  });
});

describe('password-reset link without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('is answered, not mailed, and the outbox says so', async () => {
    const admin = await t.loginAs('admin');
    const owner = await t.createUser('user');
    const body = (await admin.agent.post(`/api/admin/users/${owner.id}/reset-password`).expect(200)).body;
    expect(body.mailed).toBe(false);
    expect(await t.app.get(DataSource).query('SELECT id FROM mail_outbox WHERE "to" = $1', [owner.email])).toEqual([]);
  });
});
