import { DataSource } from 'typeorm';
import { household as sharedHousehold } from './helpers/household';
import { TestApp } from './helpers/test-app';

/**
 * The calendar belongs to the property (docs/product/calendar.md): its members read and write it by naming it
 * (`?propertyId=`, or in a create's body), each as their role allows (docs/product/properties.md#who-may-do-what);
 * anyone else hears it does not exist. Members join through the table here, as in the properties test.
 */
describe('the calendar of a property', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await TestApp.start();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const WINDOW = { startDate: '2027-01-01', endDate: '2027-04-01' };
  /** An owner with an event and a marked day in their property, a co-owner, a viewer and an outsider; each signed in. */
  async function household() {
    const members = await sharedHousehold(t);
    const event = (await members.owner.agent.post('/api/events').send({ title: 'Eiersperre', startTime: '2027-01-10T10:00:00Z', endTime: '2027-01-12T10:00:00Z' }).expect(201)).body;
    const day = (await members.owner.agent.post('/api/marked-days').send({ date: '2027-01-20', markerType: 'busy' }).expect(201)).body;
    return { ...members, event, day };
  }

  const windowOf = (agent: Awaited<ReturnType<TestApp['loginAs']>>['agent'], propertyId?: number) =>
    agent.get('/api/calendar-window').query(propertyId === undefined ? WINDOW : { ...WINDOW, propertyId });
  const titles = (body: { events: { title: string }[] }) => body.events.map((e) => e.title);

  it("lets a co-owner see the owner's events and marked days and add to them, in the body or the query", async () => {
    const { property, owner, coOwner, event, day } = await household();
    const seen = (await windowOf(coOwner.agent, property).expect(200)).body;
    expect(seen.events).toEqual([expect.objectContaining({ id: event.id, title: 'Eiersperre', userId: owner.user.id })]);
    expect(seen.markedDays).toEqual([expect.objectContaining({ id: day.id, date: '2027-01-20' })]);
    // Named no property, the co-owner acts on their first: the one they joined.
    expect(titles((await windowOf(coOwner.agent).expect(200)).body)).toEqual(['Eiersperre']);

    const added = (await coOwner.agent.post('/api/events').send({ propertyId: property, title: 'Medeier', startTime: '2027-02-01T10:00:00Z' }).expect(201)).body;
    expect(added.userId).toBe(coOwner.user.id);
    await coOwner.agent.post('/api/marked-days').query({ propertyId: property }).send({ date: '2027-02-02', markerType: 'vacation' }).expect(201);
    await coOwner.agent.put(`/api/events/${event.id}`).query({ propertyId: property }).send({ title: 'Flyttet' }).expect(200);
    // A day is marked once per property, whoever marked it.
    expect((await coOwner.agent.post('/api/marked-days').query({ propertyId: property }).send({ date: '2027-01-20', markerType: 'busy' }).expect(409)).body.code).toBe('day_already_marked');

    const mine = (await windowOf(owner.agent).expect(200)).body;
    expect(titles(mine)).toEqual(['Flyttet', 'Medeier']);
    expect(mine.markedDays.map((d: { date: string }) => d.date)).toEqual(['2027-01-20', '2027-02-02']);
    expect((await owner.agent.get('/api/events').query({ ...WINDOW, propertyId: property }).expect(200)).body).toHaveLength(2);
  });

  it('lets a viewer read but refuses every write, changing nothing', async () => {
    const { property, owner, viewer, event, day } = await household();
    const before = (await windowOf(owner.agent).expect(200)).body;
    expect((await windowOf(viewer.agent, property).expect(200)).body).toEqual(before);
    expect((await viewer.agent.get('/api/marked-days').query({ ...WINDOW, propertyId: property }).expect(200)).body).toEqual(before.markedDays);
    const q = { propertyId: property };
    const refusals = [
      viewer.agent.post('/api/events').send({ propertyId: property, title: 'Nei', startTime: '2027-02-01T10:00:00Z' }),
      viewer.agent.post('/api/events').query(q).send({ title: 'Nei', startTime: '2027-02-01T10:00:00Z' }),
      viewer.agent.put(`/api/events/${event.id}`).query(q).send({ title: 'Nei' }),
      viewer.agent.delete(`/api/events/${event.id}`).query(q),
      viewer.agent.post('/api/marked-days').send({ propertyId: property, date: '2027-02-03', markerType: 'busy' }),
      viewer.agent.put(`/api/marked-days/${day.id}`).query(q).send({ markerType: 'other' }),
      viewer.agent.delete(`/api/marked-days/${day.id}`).query(q),
      viewer.agent.post('/api/ical-event-notes').send({ propertyId: property, eventExternalId: 'ical-1-abc', notes: 'Nei' }),
    ];
    for (const refused of refusals) expect((await refused.expect(403)).body.code).toBe('property_read_only');
    expect((await windowOf(owner.agent).expect(200)).body).toEqual(before);
  });

  it('tells another user naming the property that it does not exist, and refuses a malformed id', async () => {
    const { property, outsider, event } = await household();
    expect((await windowOf(outsider.agent, property).expect(404)).body.code).toBe('property_not_found');
    expect((await outsider.agent.get('/api/events').query({ ...WINDOW, propertyId: property }).expect(404)).body.code).toBe('property_not_found');
    expect((await outsider.agent.post('/api/events').send({ propertyId: property, title: 'Inn', startTime: '2027-02-01T10:00:00Z' }).expect(404)).body.code).toBe('property_not_found');
    expect((await outsider.agent.delete(`/api/events/${event.id}`).query({ propertyId: property }).expect(404)).body.code).toBe('property_not_found');
    // Named no property, the outsider acts on their own, where the event is unknown.
    expect((await outsider.agent.delete(`/api/events/${event.id}`).expect(404)).body.code).toBe('event_not_found');
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999']) {
      expect((await windowOf(outsider.agent).query({ propertyId: bad }).expect(400)).body.code).toBe('invalid_property_id');
    }
    expect((await outsider.agent.post('/api/events').send({ propertyId: 'x', title: 'Inn', startTime: '2027-02-01T10:00:00Z' }).expect(400)).body.code).toBe('validation');
  });

  it("tags each property's window apart: the tag names the property, and one property's write leaves the other's tag good", async () => {
    const { property, owner, coOwner } = await household();
    const own = (await t.loginAs(coOwner.user)).agent;
    // The co-owner's own property (made for them by staff): another window, another tag.
    const [{ id: second }] = await db.query(`INSERT INTO properties (name) VALUES ('Leilighet') RETURNING id`);
    await db.query(`INSERT INTO property_members (property_id, user_id, role, share) VALUES ($1, $2, 'owner', 100)`, [second, coOwner.user.id]);
    const first = (await windowOf(own, property).expect(200)).headers.etag;
    const other = (await windowOf(own, second).expect(200)).headers.etag;
    expect(first).toMatch(new RegExp(`\\.p${property}\\.`));
    expect(other).toMatch(new RegExp(`\\.p${second}\\.`));
    expect(other).not.toBe(first);
    await windowOf(own, second).set('If-None-Match', first).expect(200);
    await own.post('/api/events').send({ propertyId: second, title: 'Leiligheten', startTime: '2027-02-01T10:00:00Z' }).expect(201);
    await windowOf(own, property).set('If-None-Match', first).expect(304);
    await windowOf(owner.agent).set('If-None-Match', first).expect(304);
    await windowOf(own, second).set('If-None-Match', other).expect(200);
  });

  it('answers staff who are no member through the access rule, revalidation included', async () => {
    const { property, owner } = await household();
    const { agent: admin } = await t.loginAs('admin');
    const first = await windowOf(admin, property).expect(200);
    expect(titles(first.body)).toEqual(['Eiersperre']);
    await windowOf(admin, property).set('If-None-Match', first.headers.etag).expect(304);
    await owner.agent.post('/api/events').send({ title: 'Ny', startTime: '2027-02-01T10:00:00Z' }).expect(201);
    const changed = await windowOf(admin, property).set('If-None-Match', first.headers.etag).expect(200);
    expect(titles(changed.body)).toEqual(['Eiersperre', 'Ny']);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it("keeps a shared calendar whole when a co-owner's account goes: their rows pass to the owner, their own property's go with them", async () => {
    const { property, owner, coOwner } = await household();
    const q = { propertyId: property };
    await coOwner.agent.post('/api/events').query(q).send({ title: 'Medeiers tur', startTime: '2027-02-01T10:00:00Z' }).expect(201);
    await coOwner.agent.post('/api/marked-days').query(q).send({ date: '2027-02-02', markerType: 'vacation' }).expect(201);
    await coOwner.agent.post('/api/ical-event-notes').query(q).send({ eventExternalId: 'ical-1-0123456789abcdef', notes: 'Nøkkel i postkassen' }).expect(201);
    // A property of the co-owner's own, which nobody else shares.
    const [{ id: own }] = await db.query("INSERT INTO properties (name) VALUES ('Egen leilighet') RETURNING id");
    await db.query("INSERT INTO property_members (property_id, user_id, role) VALUES ($1, $2, 'owner')", [own, coOwner.user.id]);
    await coOwner.agent.post('/api/events').query({ propertyId: own }).send({ title: 'Egen', startTime: '2027-02-05T10:00:00Z' }).expect(201);

    const { agent: admin } = await t.loginAs('admin');
    await admin.delete(`/api/admin/users/${coOwner.user.id}`).expect(200);

    const after = (await windowOf(owner.agent).expect(200)).body;
    expect(after.events.map((e: { title: string; userId: number }) => [e.title, e.userId])).toEqual([
      ['Eiersperre', owner.user.id],
      ['Medeiers tur', owner.user.id],
    ]);
    expect(after.markedDays.map((d: { date: string; userId: number }) => [d.date, d.userId])).toEqual([
      ['2027-01-20', owner.user.id],
      ['2027-02-02', owner.user.id],
    ]);
    expect((await owner.agent.get('/api/ical-event-notes/event/ical-1-0123456789abcdef').expect(200)).body.notes).toBe('Nøkkel i postkassen');
    expect(await db.query('SELECT title FROM events WHERE property_id = $1', [own])).toEqual([]);
  });
});
