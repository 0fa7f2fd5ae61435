import { DataSource } from 'typeorm';
import { NotificationsService } from '../src/notifications/notifications.service';
import type { User } from '../src/users/user.entity';
import { UsersService } from '../src/users/users.service';
import { household as sharedHousehold } from './helpers/household';
import { TEST_NOW, TestApp } from './helpers/test-app';

const at = (hours: number) => new Date(TEST_NOW.getTime() + hours * 3_600_000).toISOString();

/**
 * Agreements belong to the property and a case may name one (docs/product/agreements.md#who-may-do-what,
 * docs/product/cases.md#who-may-do-what): every member reads the property's meetings, owners and co-owners write notes
 * on them, a viewer is told they only look, anyone else that the meeting does not exist; the news and the mails reach
 * every member, each in their own language. A case stays its opener's own and names the property for staff.
 */
describe('agreements and cases of a property', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await TestApp.start();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const household = () => sharedHousehold(t);
  const ids = (body: { id: number }[]) => body.map((a) => a.id);

  it("lets every member read the property's agreements, owners and co-owners write notes, and tells anyone else they do not exist", async () => {
    const { property, propertyName, owner, coOwner, viewer, outsider } = await household();
    const admin = await t.loginAs('admin');
    const mini = await t.loginAs('miniAdmin');
    const meeting = (await admin.agent.post('/api/admin-agreements').send({ propertyId: property, title: 'Befaring', meetingDate: at(48) }).expect(201)).body;
    // Named by its property alone, the meeting is with the property's owner.
    expect(meeting).toMatchObject({ propertyId: property, propertyName, userId: owner.user.id, notified: false });

    for (const member of [owner, coOwner, viewer]) {
      expect(ids((await member.agent.get('/api/admin-agreements').query({ propertyId: property }).expect(200)).body)).toEqual([meeting.id]);
      await member.agent.get(`/api/admin-agreements/${meeting.id}`).expect(200);
      await member.agent.get(`/api/admin-agreements/${meeting.id}/notes`).expect(200);
    }
    // Naming none, each reads their first property: the shared one, as none of them has one of their own.
    for (const member of [owner, coOwner, viewer]) expect(ids((await member.agent.get('/api/admin-agreements').expect(200)).body)).toEqual([meeting.id]);

    await owner.agent.post(`/api/admin-agreements/${meeting.id}/notes`).send({ content: 'Fra eieren' }).expect(201);
    const note = (await coOwner.agent.post(`/api/admin-agreements/${meeting.id}/notes`).send({ content: 'Fra medeieren' }).expect(201)).body;
    expect(note).toMatchObject({ authorId: coOwner.user.id, authorName: coOwner.user.name, authorIsAdmin: false });
    expect((await viewer.agent.post(`/api/admin-agreements/${meeting.id}/notes`).send({ content: 'Nei' }).expect(403)).body.code).toBe('property_read_only');
    expect((await coOwner.agent.post(`/api/admin-agreements/${meeting.id}/notes`).send({ content: 'Nei', isPrivate: true }).expect(403)).body.code).toBe('agreement_private_note_admin_only');

    expect((await outsider.agent.get(`/api/admin-agreements/${meeting.id}`).expect(404)).body.code).toBe('agreement_not_found');
    expect((await outsider.agent.get(`/api/admin-agreements/${meeting.id}/notes`).expect(404)).body.code).toBe('agreement_not_found');
    expect((await outsider.agent.post(`/api/admin-agreements/${meeting.id}/notes`).send({ content: 'Nei' }).expect(404)).body.code).toBe('agreement_not_found');
    expect((await outsider.agent.get('/api/admin-agreements').query({ propertyId: property }).expect(404)).body.code).toBe('property_not_found');
    expect((await outsider.agent.get('/api/admin-agreements').expect(200)).body).toEqual([]);

    // Staff: every agreement, or the named property's; a mini admin reads and writes nothing.
    expect(ids((await mini.agent.get('/api/admin-agreements').query({ propertyId: property }).expect(200)).body)).toEqual([meeting.id]);
    expect(ids((await admin.agent.get('/api/admin-agreements').query({ filter: JSON.stringify({ propertyId: property }) }).expect(200)).body)).toEqual([meeting.id]);
    expect((await mini.agent.post(`/api/admin-agreements/${meeting.id}/notes`).send({ content: 'Nei' }).expect(403)).body.code).toBe('read_only');
    await mini.agent.post('/api/admin-agreements').send({ propertyId: property, title: 'Nei' }).expect(403);
    await admin.agent.post(`/api/admin-agreements/${meeting.id}/notes`).send({ content: 'Privat', isPrivate: true }).expect(201);
    expect((await viewer.agent.get(`/api/admin-agreements/${meeting.id}/notes`).expect(200)).body.map((n: { content: string }) => n.content)).toEqual(['Fra eieren', 'Fra medeieren']);
  });

  it("keeps an owner's two properties' agreements apart, and refuses a bad property or an owner who is no member", async () => {
    const owner = await t.loginAs('user');
    const admin = await t.loginAs('admin');
    const [home] = (await owner.agent.get('/api/properties').expect(200)).body;
    const cabin = (await admin.agent.post('/api/admin/properties').send({ name: 'Fjellhytta', ownerUserId: owner.user.id }).expect(201)).body.id as number;
    // userId alone: the person's first property, as before.
    const first = (await admin.agent.post('/api/admin-agreements').send({ userId: owner.user.id, title: 'Hjemme', meetingDate: at(-2) }).expect(201)).body;
    const second = (await admin.agent.post('/api/admin-agreements').send({ userId: owner.user.id, propertyId: cabin, title: 'Hytta', meetingDate: at(-2) }).expect(201)).body;
    expect([first.propertyId, second.propertyId, second.propertyName]).toEqual([home.id, cabin, 'Fjellhytta']);
    expect(ids((await owner.agent.get('/api/admin-agreements').expect(200)).body)).toEqual([first.id]);
    expect(ids((await owner.agent.get('/api/admin-agreements').query({ propertyId: home.id }).expect(200)).body)).toEqual([first.id]);
    expect(ids((await owner.agent.get('/api/admin-agreements').query({ propertyId: cabin }).expect(200)).body)).toEqual([second.id]);

    for (const bad of ['0', '-1', 'abc', '1.5']) {
      expect((await owner.agent.get('/api/admin-agreements').query({ propertyId: bad }).expect(400)).body.code).toBe('invalid_property_id');
    }
    await admin.agent.post('/api/admin-agreements').send({ propertyId: 'x', title: 'Nei' }).expect(400);
    expect((await admin.agent.post('/api/admin-agreements').send({ propertyId: 999999, title: 'Nei' }).expect(404)).body.code).toBe('property_not_found');
    const stranger = await t.createUser('user');
    expect((await admin.agent.post('/api/admin-agreements').send({ propertyId: cabin, userId: stranger.id, title: 'Nei' }).expect(400)).body.code).toBe('agreement_user_required');
    expect((await admin.agent.post('/api/admin-agreements').send({ title: 'Nei' }).expect(400)).body.errors).toEqual([expect.objectContaining({ field: 'userId' })]);
  });

  it("tells every member but the one who acted, in the app and by mail in each one's language", async () => {
    const { property, owner, coOwner, viewer, outsider } = await household();
    const admin = await t.loginAs('admin');
    await t.app.get(UsersService).setLanguage(coOwner.user.id, 'en');
    const meeting = (await admin.agent.post('/api/admin-agreements').send({ propertyId: property, title: 'Befaring', meetingDate: at(48) }).expect(201)).body;
    const subjects = async (user: User) => (await db.query(`SELECT subject FROM mail_outbox WHERE "to" = $1 ORDER BY id`, [user.email])).map((r: { subject: string }) => r.subject);
    expect(await subjects(owner.user)).toEqual(['Invitasjon: Befaring']);
    expect(await subjects(coOwner.user)).toEqual(['Invitation: Befaring']);
    expect(await subjects(viewer.user)).toEqual(['Invitasjon: Befaring']);
    expect(await subjects(outsider.user)).toEqual([]);

    await coOwner.agent.post(`/api/admin-agreements/${meeting.id}/notes`).send({ content: 'Vi kommer begge' }).expect(201);
    const notes = t.app.get(NotificationsService);
    const types = async (user: User) => (await notes.page(user.id, 0, 20)).notifications.map((n) => n.type).reverse();
    expect(await types(owner.user)).toEqual(['agreement_created', 'agreement_note']);
    expect(await types(viewer.user)).toEqual(['agreement_created', 'agreement_note']);
    // The co-owner wrote the note: no news of it for them; the staff who made the meeting hears whose it is.
    expect(await types(coOwner.user)).toEqual(['agreement_created']);
    const [staffNews] = (await notes.page(admin.user.id, 0, 20)).notifications;
    expect(staffNews).toMatchObject({ type: 'agreement_owner_note', title: `Notat fra ${coOwner.user.name}` });
    expect(await types(outsider.user)).toEqual([]);
  });

  it('names the property on a case, the chosen one of its opener or their first, and keeps the case its opener’s own', async () => {
    const { property, propertyName, owner, coOwner, viewer } = await household();
    const admin = await t.loginAs('admin');
    const mini = await t.loginAs('miniAdmin');
    const cabin = (await admin.agent.post('/api/admin/properties').send({ name: 'Fjellhytta', ownerUserId: owner.user.id }).expect(201)).body.id as number;
    const open = (agent: typeof owner.agent, extra: object = {}) =>
      agent.post('/api/cases').send({ title: 'Lekkasje', category: 'other', message: 'Det drypper', ...extra });
    const plain = (await open(owner.agent).expect(201)).body;
    expect(plain).toMatchObject({ propertyId: property, propertyName });
    const onCabin = (await open(owner.agent, { propertyId: cabin }).expect(201)).body;
    expect(onCabin).toMatchObject({ propertyId: cabin, propertyName: 'Fjellhytta' });
    // A viewer may name the property they look at; nobody one they are no member of.
    expect((await open(viewer.agent, { propertyId: property }).expect(201)).body).toMatchObject({ propertyId: property });
    expect((await open(coOwner.agent, { propertyId: cabin }).expect(404)).body.code).toBe('property_not_found');
    expect((await open(owner.agent, { propertyId: 'x' }).expect(400)).body.errors).toEqual([expect.objectContaining({ field: 'propertyId' })]);
    // An admin opening one for the owner names only a property of the owner's.
    expect((await open(admin.agent, { userId: coOwner.user.id, propertyId: cabin }).expect(404)).body.code).toBe('property_not_found');

    const own = (await owner.agent.get('/api/cases').expect(200)).body;
    expect(own.map((c: { id: number; propertyName: string }) => [c.id, c.propertyName]).sort()).toEqual([[onCabin.id, 'Fjellhytta'], [plain.id, propertyName]].sort());
    expect((await owner.agent.get(`/api/cases/${onCabin.id}`).expect(200)).body).toMatchObject({ propertyId: cabin, propertyName: 'Fjellhytta' });
    // A case is a person's own conversation: the other members of the property do not read it.
    await coOwner.agent.get(`/api/cases/${plain.id}`).expect(404);
    expect((await coOwner.agent.get('/api/cases').expect(200)).body).toEqual([]);

    for (const staff of [admin, mini]) {
      const listed = (await staff.agent.get('/api/admin/cases').query({ propertyId: cabin }).expect(200)).body;
      expect(listed.map((c: { id: number; propertyName: string }) => [c.id, c.propertyName])).toEqual([[onCabin.id, 'Fjellhytta']]);
    }
    expect((await admin.agent.get('/api/admin/cases').query({ filter: JSON.stringify({ propertyId: property }) }).expect(200)).body.length).toBe(2);
    await admin.agent.get('/api/admin/cases').query({ propertyId: 'abc' }).expect(400);
  });

  it("lists a meeting written for a person before they had a property in their first property's list", async () => {
    const owner = await t.createUser('user');
    const [{ id }] = await db.query(`INSERT INTO admin_agreements (user_id, title, meeting_date) VALUES ($1, 'Før eiendom', '2027-01-10T10:00:00Z') RETURNING id, property_id`, [owner.id]);
    const { agent } = await t.loginAs(owner);
    expect(ids((await agent.get('/api/admin-agreements').expect(200)).body)).toEqual([id]);
    expect((await agent.get(`/api/admin-agreements/${id}`).expect(200)).body).toMatchObject({ propertyId: null, propertyName: null });
  });

  it('leaves a case of a person with no property without one, and makes none for it', async () => {
    const admin = await t.loginAs('admin');
    const kase = (await admin.agent.post('/api/cases').send({ title: 'Internt', category: 'other', message: 'Test' }).expect(201)).body;
    expect(kase).toMatchObject({ propertyId: null, propertyName: null });
    expect(await db.query('SELECT count(*)::int AS n FROM property_members WHERE user_id = $1', [admin.user.id])).toEqual([{ n: 0 }]);
  });

  it("passes a leaving owner's meetings of a shared property to another member, and takes those of one they held alone", async () => {
    const { property, owner, coOwner } = await household();
    const admin = await t.loginAs('admin');
    const shared = (await admin.agent.post('/api/admin-agreements').send({ propertyId: property, title: 'Felles', meetingDate: at(-5) }).expect(201)).body;
    const alone = await t.loginAs('user');
    const own = (await admin.agent.post('/api/admin-agreements').send({ userId: alone.user.id, title: 'Alene', meetingDate: at(-5) }).expect(201)).body;
    await admin.agent.delete(`/api/admin/users/${owner.user.id}`).expect(200);
    await admin.agent.delete(`/api/admin/users/${alone.user.id}`).expect(200);
    expect((await admin.agent.get(`/api/admin-agreements/${shared.id}`).expect(200)).body).toMatchObject({ userId: coOwner.user.id, propertyId: property });
    await admin.agent.get(`/api/admin-agreements/${own.id}`).expect(404);
  });
});
