import { DataSource } from 'typeorm';
import { Notification } from '../src/notifications/notification.entity';
import type { User } from '../src/users/user.entity';
import { TestApp } from './helpers/test-app';
import { listen, socketOf } from './helpers/ws-client';

const onPostgres = Boolean(process.env.DATABASE_URL);
const NEW_CASE = { title: 'Får ikke logget inn', category: 'account', priority: 'high', message: 'Hei, jeg kommer ikke inn på kalenderen.' };
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])]);
/** A Windows program's first bytes: what a renamed executable starts with. */
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1'), Buffer.alloc(64, 0)]);

describe('cases', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start({ ATTACHMENT_MAX_MB: '1' })));
  afterAll(() => t.close());

  const notificationsOf = (user: User) => t.app.get(DataSource).getRepository(Notification).find({ where: { userId: user.id }, order: { id: 'ASC' } });

  async function ownerWithCase() {
    const { agent, user } = await t.loginAs('user');
    const res = await agent.post('/api/cases').send(NEW_CASE).expect(201);
    return { agent, user, kase: res.body };
  }

  describe('creation, reading and roles', () => {
    it('an owner opens a case with a readable number and reads it back in camelCase', async () => {
      const { agent, user, kase } = await ownerWithCase();
      expect(kase).toMatchObject({
        userId: user.id,
        caseNumber: expect.stringMatching(/^K-2026-\d{5}$/),
        title: NEW_CASE.title,
        category: 'account',
        priority: 'high',
        status: 'open',
        isClosed: false,
        adminId: null,
        department: null,
        messageCount: 1,
        harMeldinger: 1,
        lastMessage: NEW_CASE.message,
        unreadCount: 0,
      });
      expect((await agent.get('/api/cases').expect(200)).body.map((c: { id: number }) => c.id)).toEqual([kase.id]);
      expect((await agent.get('/api/cases?state=closed').expect(200)).body).toEqual([]);
      expect((await agent.get(`/api/cases/${kase.id}`).expect(200)).body).toMatchObject({ id: kase.id, attachments: [] });
      const messages = (await agent.get(`/api/cases/${kase.id}/messages`).expect(200)).body;
      expect(messages).toEqual([expect.objectContaining({ message: NEW_CASE.message, isAdminMessage: false, senderId: user.id, attachments: [], attachmentUrl: null })]);
      // A second case gets another number.
      const second = (await agent.post('/api/cases').send({ ...NEW_CASE, title: 'Faktura' }).expect(201)).body;
      expect(second.caseNumber).not.toBe(kase.caseNumber);
    });

    it('refuses what the rules refuse, with their texts', async () => {
      const { agent } = await t.loginAs('user');
      const refused = async (body: object) => (await agent.post('/api/cases').send(body).expect(400)).body.errors.map((e: { message: string }) => e.message);
      expect(await refused({ ...NEW_CASE, title: 'Hi' })).toContain('Tittel må være minst 3 tegn');
      expect(await refused({ ...NEW_CASE, title: 'x'.repeat(101) })).toContain('Tittelen kan ikke være lengre enn 100 tegn');
      expect(await refused({ ...NEW_CASE, category: 'gossip' })).toContain('Velg en gyldig kategori');
      expect(await refused({ ...NEW_CASE, priority: 'urgent' })).toContain('Velg en gyldig prioritet');
      expect(await refused({ ...NEW_CASE, message: '   ' })).toContain('Første melding kan ikke være tom');
      expect(await refused({ ...NEW_CASE, message: 'x'.repeat(1001) })).toContain('Meldingen kan ikke være lengre enn 1000 tegn');
      // The server's schema also takes 'appointment'; priority defaults to medium.
      const res = await agent.post('/api/cases').send({ title: 'Befaring', category: 'appointment', message: 'Når passer det?' }).expect(201);
      expect(res.body.priority).toBe('medium');
    });

    it('another owner hears the case does not exist; staff read it; a mini admin only reads', async () => {
      const { kase } = await ownerWithCase();
      const { agent: other } = await t.loginAs('user');
      for (const path of [`/api/cases/${kase.id}`, `/api/cases/${kase.id}/messages`]) expect((await other.get(path).expect(404)).body.code).toBe('case_not_found');
      await other.post(`/api/cases/${kase.id}/messages`).send({ message: 'Hei' }).expect(404);
      await other.post(`/api/cases/${kase.id}/close`).expect(404);
      expect((await other.get('/api/cases').expect(200)).body).toEqual([]);

      const { agent: mini } = await t.loginAs('miniAdmin');
      await mini.get(`/api/cases/${kase.id}`).expect(200);
      await mini.get(`/api/cases/${kase.id}/messages`).expect(200);
      expect((await mini.post(`/api/cases/${kase.id}/messages`).send({ message: 'Hei' }).expect(403)).body.code).toBe('read_only');
      await mini.post(`/api/cases/${kase.id}/close`).expect(403);
      await mini.post(`/api/admin/cases/${kase.id}/assign`).send({ department: 'it_dept' }).expect(403);
      await mini.post('/api/cases').send(NEW_CASE).expect(403);
      await mini.get('/api/admin/cases').expect(200);
    });

    it('an admin opens a case for an owner; an owner cannot name someone else', async () => {
      const { agent: owner, user } = await t.loginAs('user');
      const { agent: admin, user: adminUser } = await t.loginAs('admin');
      const kase = (await admin.post('/api/cases').send({ ...NEW_CASE, userId: user.id }).expect(201)).body;
      expect(kase).toMatchObject({ userId: user.id });
      const [first] = (await owner.get(`/api/cases/${kase.id}/messages`).expect(200)).body;
      expect(first).toMatchObject({ isAdminMessage: true, senderId: adminUser.id, targetUserId: user.id });
      expect((await owner.post('/api/cases').send({ ...NEW_CASE, userId: adminUser.id }).expect(403)).body.code).toBe('case_user_admin_only');
      expect((await admin.post('/api/cases').send({ ...NEW_CASE, userId: 2 ** 31 - 1 }).expect(400)).body.code).toBe('case_user_not_found');
    });

    it('lists every case for staff with react-admin filters and Content-Range', async () => {
      const { user, kase } = await ownerWithCase();
      const { agent: admin, user: adminUser } = await t.loginAs('admin');
      await admin.post(`/api/admin/cases/${kase.id}/assign`).send({ adminId: adminUser.id, department: 'finance_dept' }).expect(200);
      const res = await admin.get(`/api/admin/cases?filter=${encodeURIComponent(JSON.stringify({ userId: user.id }))}&range=[0,9]&sort=["id","DESC"]`).expect(200);
      expect(res.headers['content-range']).toMatch(/^cases 0-0\/1$/);
      expect(res.body).toEqual([expect.objectContaining({ id: kase.id, adminId: adminUser.id, adminName: adminUser.name, department: 'finance_dept', status: 'in_progress' })]);
      const filtered = async (filter: object) => (await admin.get(`/api/admin/cases?filter=${encodeURIComponent(JSON.stringify(filter))}`).expect(200)).body.map((c: { id: number }) => c.id);
      expect(await filtered({ department: 'finance_dept', adminId: adminUser.id })).toEqual([kase.id]);
      expect(await filtered({ status: 'in_progress', userId: user.id })).toEqual([kase.id]);
      expect(await filtered({ status: 'closed', userId: user.id })).toEqual([]);
      expect(await filtered({ q: kase.caseNumber })).toEqual([kase.id]);
      // ?q also finds an owner's cases by the owner's name or username (read through UsersService).
      expect(await filtered({ q: user.name })).toContain(kase.id);
      expect(await filtered({ q: user.username.toUpperCase() })).toEqual([kase.id]);
      expect(await filtered({ q: 'no such owner or title' })).toEqual([]);
      await admin.get('/api/admin/cases?filter={"colour":"red"}').expect(400);
    });
  });

  describe('messages, unread counts and states', () => {
    it('counts unread per side and marks the other side read when viewed', async () => {
      const { agent: owner, kase } = await ownerWithCase();
      const { agent: admin } = await t.loginAs('admin');
      const staffUnreadBefore = (await admin.get('/api/cases/unread-count').expect(200)).body.count;
      expect(staffUnreadBefore).toBeGreaterThanOrEqual(1);
      expect((await owner.get('/api/cases/unread-count').expect(200)).body).toEqual({ count: 0 });

      // Staff view: the owner's message becomes read, staff's count drops by one.
      expect((await admin.get(`/api/admin/cases?filter=${encodeURIComponent(JSON.stringify({ id: [kase.id] }))}`).expect(200)).body[0].unreadCount).toBe(1);
      const [first] = (await admin.get(`/api/cases/${kase.id}/messages`).expect(200)).body;
      expect(first.isRead).toBe(true);
      expect((await admin.get('/api/cases/unread-count').expect(200)).body.count).toBe(staffUnreadBefore - 1);

      const reply = (await admin.post(`/api/cases/${kase.id}/messages`).send({ message: 'Vi ser på det.' }).expect(201)).body;
      expect(reply).toMatchObject({ isAdminMessage: true, isRead: false, caseId: kase.id });
      await admin.post(`/api/cases/${kase.id}/messages`).send({ message: 'Prøv igjen nå.' }).expect(201);
      expect((await owner.get('/api/cases/unread-count').expect(200)).body).toEqual({ count: 2 });
      expect((await owner.get('/api/cases').expect(200)).body[0]).toMatchObject({ id: kase.id, unreadCount: 2, messageCount: 3, lastMessage: 'Prøv igjen nå.', status: 'in_progress' });

      // Marking one: only the side it was written to may; the writer's own mark changes nothing.
      expect((await admin.post(`/api/cases/messages/${reply.id}/read`).expect(200)).body).toEqual({ id: reply.id, isRead: false });
      expect((await owner.post(`/api/cases/messages/${reply.id}/read`).expect(200)).body).toEqual({ id: reply.id, isRead: true });
      expect((await owner.get('/api/cases/unread-count').expect(200)).body).toEqual({ count: 1 });
      const { agent: other } = await t.loginAs('user');
      expect((await other.post(`/api/cases/messages/${reply.id}/read`).expect(404)).body.code).toBe('case_message_not_found');

      await owner.get(`/api/cases/${kase.id}/messages`).expect(200);
      expect((await owner.get('/api/cases/unread-count').expect(200)).body).toEqual({ count: 0 });
      expect((await owner.post(`/api/cases/${kase.id}/messages`).send({ message: '' }).expect(400)).body.errors[0].message).toBe('Melding kan ikke være tom');
    });

    it('closed cases take no messages; reopening brings them back and tells customer service', async () => {
      const { agent: owner, user, kase } = await ownerWithCase();
      const { agent: admin, user: adminUser } = await t.loginAs('admin');
      await admin.post(`/api/admin/cases/${kase.id}/assign`).send({ adminId: adminUser.id }).expect(200);

      const closed = (await owner.post(`/api/cases/${kase.id}/close`).expect(200)).body;
      expect(closed).toMatchObject({ isClosed: true, status: 'closed', closedById: user.id, closedAt: expect.any(String) });
      expect((await owner.get('/api/cases?state=closed').expect(200)).body.map((c: { id: number }) => c.id)).toEqual([kase.id]);
      expect((await owner.get('/api/cases?state=open').expect(200)).body).toEqual([]);
      for (const agent of [owner, admin]) expect((await agent.post(`/api/cases/${kase.id}/messages`).send({ message: 'Hallo?' }).expect(409)).body.code).toBe('case_closed');

      const reopened = (await owner.post(`/api/cases/${kase.id}/reopen`).expect(200)).body;
      expect(reopened).toMatchObject({ isClosed: false, status: 'open', closedAt: null, closedById: null });
      await owner.post(`/api/cases/${kase.id}/messages`).send({ message: 'Det virker ikke likevel.' }).expect(201);
      const types = (await notificationsOf(adminUser)).map((n) => n.type);
      expect(types).toEqual(expect.arrayContaining(['case_closed', 'case_reopened', 'case_message']));
      const reopenNote = (await notificationsOf(adminUser)).find((n) => n.type === 'case_reopened')!;
      expect(reopenNote).toMatchObject({ title: `Sak ${kase.caseNumber} gjenåpnet`, link: `/cases?case=${kase.id}` });
    });

    it('assigns to an admin, to a department and to oneself; never to a non-admin', async () => {
      const { user, kase } = await ownerWithCase();
      const { agent: admin, user: me } = await t.loginAs('admin');
      const colleague = await t.createUser('admin');
      expect((await admin.post(`/api/admin/cases/${kase.id}/assign`).send({ adminId: colleague.id }).expect(200)).body).toMatchObject({ adminId: colleague.id, adminName: colleague.name });
      expect((await admin.post(`/api/admin/cases/${kase.id}/assign`).send({ department: 'insurance' }).expect(200)).body).toMatchObject({ adminId: colleague.id, department: 'insurance' });
      expect((await admin.post(`/api/admin/cases/${kase.id}/assign`).send({ adminId: me.id }).expect(200)).body).toMatchObject({ adminId: me.id });
      expect((await admin.post(`/api/admin/cases/${kase.id}/assign`).send({ adminId: user.id }).expect(400)).body.code).toBe('case_assignee_not_admin');
      expect((await admin.post(`/api/admin/cases/${kase.id}/assign`).send({ department: 'kitchen' }).expect(400)).body.errors[0].message).toBe('Ugyldig avdeling');
      await admin.post(`/api/admin/cases/${kase.id}/assign`).send({}).expect(400);
      // The owner and the new assignee hear of it, the one who assigned does not.
      expect((await notificationsOf(user)).filter((n) => n.type === 'case_assigned')).toHaveLength(3);
      expect((await notificationsOf(colleague)).filter((n) => n.type === 'case_assigned')).toHaveLength(2);
      expect((await notificationsOf(me)).filter((n) => n.type === 'case_assigned')).toHaveLength(0);
    });
  });

  describe('attachments', () => {
    it('takes photos and text with a message, serves them to the owner and staff only, with safe headers', async () => {
      const { agent: owner, kase } = await ownerWithCase();
      const res = await owner
        .post(`/api/cases/${kase.id}/messages`)
        .field('message', 'Her er et bilde av feilen')
        .attach('file', PNG, { filename: 'skjerm "bilde".png', contentType: 'application/octet-stream' })
        .attach('file', Buffer.from('Logg: feil 42\n'), { filename: '../../etc/logg.txt', contentType: 'text/html' })
        .expect(201);
      expect(res.body.message).toBe('Her er et bilde av feilen');
      const [image, text] = res.body.attachments;
      expect(image).toMatchObject({ fileName: 'skjerm "bilde".png', fileType: 'image/png', fileSize: PNG.length, isImage: true, fileUrl: `/api/cases/attachments/${image.id}` });
      // The name loses its path; the type comes from the bytes, not the name or the part's header.
      expect(text).toMatchObject({ fileName: 'logg.txt', fileType: 'text/plain', isImage: false });
      expect(res.body.attachmentUrl).toBe(image.fileUrl);

      const download = await owner.get(image.fileUrl).buffer(true).expect(200);
      expect(Buffer.compare(download.body, PNG)).toBe(0);
      expect(download.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
      expect(download.headers['content-disposition']).toBe(`inline; filename="skjerm _bilde_.png"; filename*=UTF-8''skjerm%20%22bilde%22.png`);
      const textDownload = await owner.get(text.fileUrl).expect(200);
      expect(textDownload.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(textDownload.headers['content-disposition']).toMatch(/^attachment; filename="logg.txt"/);

      const { agent: admin } = await t.loginAs('admin');
      await admin.get(image.fileUrl).expect(200);
      const { agent: mini } = await t.loginAs('miniAdmin');
      await mini.get(image.fileUrl).expect(200);
      const { agent: other } = await t.loginAs('user');
      expect((await other.get(image.fileUrl).expect(404)).body.code).toBe('case_attachment_not_found');
      await t.anon().get(image.fileUrl).expect(401);
      expect((await admin.get(`/api/cases/${kase.id}`).expect(200)).body.attachments.map((a: { id: number }) => a.id)).toEqual([image.id, text.id]);
      expect((await owner.get(`/api/cases/${kase.id}/messages`).expect(200)).body[1].attachments).toHaveLength(2);
    });

    it('refuses a renamed program, an empty file and one over the cap, and keeps nothing of that message', async () => {
      const { agent: owner, kase } = await ownerWithCase();
      const count = async () => (await t.app.get(DataSource).query('SELECT (SELECT count(*)::int FROM case_messages WHERE case_id = $1) AS m, (SELECT count(*)::int FROM stored_files) AS f', [kase.id]))[0];
      const before = await count();
      const send = (file: Buffer, filename: string) =>
        owner.post(`/api/cases/${kase.id}/messages`).field('message', 'Vedlegg').attach('file', PNG, { filename: 'ok.png' }).attach('file', file, { filename, contentType: 'application/pdf' });

      const exe = await send(EXE, 'faktura.pdf').expect(400);
      expect(exe.body).toMatchObject({ code: 'case_attachment_type', message: expect.stringContaining('faktura.pdf') });
      const empty = await send(Buffer.alloc(0), 'tom.txt').expect(400);
      expect(empty.body).toMatchObject({ code: 'case_attachment_empty', message: 'Filen «tom.txt» er tom' });
      const big = await send(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024)]), 'stor.pdf').expect(413);
      expect(big.body).toMatchObject({ code: 'case_attachment_too_large', message: 'Filen er for stor (maks 1 MB)' });
      expect(await count()).toEqual(before);
      // Eleven files are more than one message takes.
      let many = owner.post(`/api/cases/${kase.id}/messages`).field('message', 'Mange');
      for (let i = 0; i < 11; i++) many = many.attach('file', PNG, { filename: `${i}.png` });
      expect((await many.expect(400)).body.code).toBe('case_attachment_invalid');
      // A JSON body cannot smuggle files or a staff flag.
      expect((await owner.post(`/api/cases/${kase.id}/messages`).send({ message: 'Hei', file: ['x'] }).expect(400)).body.errors[0].message).toBe('Vedlegg sendes som multipart/form-data');
      await owner.post(`/api/cases/${kase.id}/messages`).send({ message: 'Hei', isAdmin: 'yes' }).expect(400);
      expect(await count()).toEqual(before);
      // The original client's isAdmin changes nothing: the session decides the side.
      expect((await owner.post(`/api/cases/${kase.id}/messages`).send({ message: 'Hei', isAdmin: true }).expect(201)).body.isAdminMessage).toBe(false);
    });
  });

  describe('live', () => {
    it('pushes an answer to the owner over /ws, and the owner’s message to customer service', async () => {
      const port = await listen(t);
      const { agent: owner, user, kase } = await ownerWithCase();
      const { agent: admin, user: adminUser } = await t.loginAs('admin');
      await admin.post(`/api/admin/cases/${kase.id}/assign`).send({ adminId: adminUser.id }).expect(200);
      const ownerSocket = await socketOf(t, user, port);
      const adminSocket = await socketOf(t, adminUser, port);
      try {
        await admin.post(`/api/cases/${kase.id}/messages`).send({ message: 'Hei! Vi har fikset det.' }).expect(201);
        expect((await ownerSocket.next('notification')).notification).toMatchObject({ type: 'case_message', params: { caseId: kase.id, caseNumber: kase.caseNumber, preview: 'Hei! Vi har fikset det.' }, link: `/cases?case=${kase.id}` });
        await owner.post(`/api/cases/${kase.id}/messages`).send({ message: 'Takk!' }).expect(201);
        expect((await adminSocket.next('notification')).notification).toMatchObject({ type: 'case_message', params: { caseId: kase.id, preview: 'Takk!' } });
      } finally {
        ownerSocket.ws.close(1000);
        adminSocket.ws.close(1000);
      }
    });

    (onPostgres ? it : it.skip)('a message written on one instance reaches the owner’s socket on another (PostgreSQL)', async () => {
      const other = await t.startAnother();
      try {
        const otherPort = await listen(other);
        const { user, kase } = await ownerWithCase();
        const socket = await socketOf(t, user, otherPort);
        const { agent: admin } = await t.loginAs('admin');
        await admin.post(`/api/cases/${kase.id}/close`).expect(200);
        expect((await socket.next('notification')).notification).toMatchObject({ type: 'case_closed', params: { caseId: kase.id } });
        socket.ws.close(1000);
      } finally {
        await other.close();
      }
    });
  });
});
