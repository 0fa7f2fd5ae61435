import ICAL from 'ical.js';
import request from 'supertest';
import { household, joinProperty } from './helpers/household';
import { TestApp } from './helpers/test-app';

/**
 * A person's subscription links (docs/product/calendar.md#subscriptions): one of all their properties and one per
 * property, opened by the same secret. A link shows only properties the person is a member of, for as long as they are.
 */
describe('subscription links per property', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  const pathOf = (link: string) => {
    const u = new URL(link);
    return u.pathname + u.search;
  };
  /** The summaries of a feed's events and the calendar's name. */
  async function read(link: string) {
    const res = await request(t.server).get(pathOf(link)).expect(200);
    const cal = new ICAL.Component(ICAL.parse(res.text));
    const summaries = cal.getAllSubcomponents('vevent').map((e) => String(e.getFirstPropertyValue('summary'))).sort();
    return { name: String(cal.getFirstPropertyValue('x-wr-calname')), summaries, etag: res.headers.etag as string };
  }

  /** An owner whose home is shared with a household, and who has a cabin of their own; each with an event. */
  async function ownerOfTwo() {
    const members = await household(t);
    const { agent: admin } = await t.loginAs('admin');
    await admin.patch(`/api/admin/properties/${members.property}`).send({ name: 'Hjemme' }).expect(200);
    const cabin = (await admin.post('/api/admin/properties').send({ name: 'Fjellhytta', ownerUserId: members.owner.user.id }).expect(201)).body.id as number;
    await members.owner.agent.post('/api/events').send({ title: 'Middag', startTime: '2027-02-01T16:00:00Z', endTime: '2027-02-01T18:00:00Z' }).expect(201);
    await members.owner.agent.post('/api/events').query({ propertyId: cabin }).send({ title: 'Vintertur', startTime: '2027-02-10T10:00:00Z', endTime: '2027-02-12T10:00:00Z' }).expect(201);
    await members.owner.agent.post('/api/marked-days').query({ propertyId: cabin }).send({ date: '2027-02-20', markerType: 'busy' }).expect(201);
    return { ...members, admin, cabin };
  }

  it('gives a link of all properties, each entry named by its property, and one link per property', async () => {
    const { owner, property, cabin } = await ownerOfTwo();
    const links = (await owner.agent.get('/api/user/calendar-link').expect(200)).body;
    expect(links.properties).toEqual([
      { propertyId: property, name: 'Hjemme', url: `${links.url}&property=${property}` },
      { propertyId: cabin, name: 'Fjellhytta', url: `${links.url}&property=${cabin}` },
    ]);

    const all = await read(links.url);
    expect(all.summaries).toEqual(['Fjellhytta: Opptatt', 'Fjellhytta: Vintertur', 'Hjemme: Middag']);
    expect(all.name).toBe(`Kalender – ${owner.user.name}`);
    const home = await read(links.properties[0].url);
    expect(home).toMatchObject({ name: 'Kalender – Hjemme', summaries: ['Middag'] });
    const hut = await read(links.properties[1].url);
    expect(hut).toMatchObject({ name: 'Kalender – Fjellhytta', summaries: ['Opptatt', 'Vintertur'] });
    // Each link has validators of its own.
    expect(new Set([all.etag, home.etag, hut.etag]).size).toBe(3);
    await request(t.server).get(pathOf(links.properties[1].url)).set('If-None-Match', hut.etag).expect(304);
  });

  it("shows a member the shared property in their own links, and none of another's properties", async () => {
    const { coOwner, viewer, outsider, property, cabin } = await ownerOfTwo();
    for (const member of [coOwner, viewer]) {
      const links = (await member.agent.get('/api/user/calendar-link').expect(200)).body;
      const names = links.properties.map((p: { name: string }) => p.name);
      // The shared home (a member who owns nothing else has no property of their own yet); never the owner's cabin.
      expect(names).toContain('Hjemme');
      expect(names).not.toContain('Fjellhytta');
      const shared = links.properties.find((p: { propertyId: number }) => p.propertyId === property);
      expect((await read(shared.url)).summaries).toEqual(['Middag']);
      // Their secret with another property's id opens nothing, and says nothing.
      const foreign = await request(t.server).get(pathOf(`${links.url}&property=${cabin}`)).expect(404);
      expect(foreign.body.code).toBe('calendar_not_found');
    }
    const theirs = (await outsider.agent.get('/api/user/calendar-link').expect(200)).body;
    await request(t.server).get(pathOf(`${theirs.url}&property=${property}`)).expect(404);
    for (const bad of ['abc', '0', '-1', '1e3']) await request(t.server).get(pathOf(`${theirs.url}&property=${bad}`)).expect(404);
  });

  it('stops showing a property in a link once its member leaves, and moves the link of all on', async () => {
    const { owner, coOwner, property } = await ownerOfTwo();
    const links = (await coOwner.agent.get('/api/user/calendar-link').expect(200)).body;
    const shared = links.properties.find((p: { propertyId: number }) => p.propertyId === property);
    const before = await read(links.url);
    expect(before.summaries).toEqual(['Middag']);

    await coOwner.agent.delete(`/api/properties/${property}/members/${coOwner.user.id}`).expect(200);
    await request(t.server).get(pathOf(shared.url)).expect(404);
    const after = await read(links.url);
    expect(after.summaries).toEqual([]);
    expect(after.etag).not.toBe(before.etag);
    // The owner's links are as they were.
    expect((await read((await owner.agent.get('/api/user/calendar-link').expect(200)).body.url)).summaries).toContain('Hjemme: Middag');
  });

  it("renews every link at once, and exports one property's or all of them", async () => {
    const { owner, cabin, outsider } = await ownerOfTwo();
    const links = (await owner.agent.get('/api/user/calendar-link').expect(200)).body;
    const renewed = (await owner.agent.post('/api/user/calendar-link/renew').expect(200)).body;
    for (const old of [links.url, ...links.properties.map((p: { url: string }) => p.url)]) await request(t.server).get(pathOf(old)).expect(404);
    await read(renewed.properties[1].url);

    const exported = (await owner.agent.get('/api/calendar/export-ical').query({ propertyId: cabin }).expect(200)).text;
    expect(exported).toContain('SUMMARY:Vintertur');
    expect(exported).not.toContain('Middag');
    expect((await owner.agent.get('/api/calendar/export-ical').expect(200)).text).toContain('SUMMARY:Hjemme: Middag');
    expect((await outsider.agent.get('/api/calendar/export-ical').query({ propertyId: cabin }).expect(404)).body.code).toBe('property_not_found');
    expect((await outsider.agent.get('/api/calendar/export-ical').query({ propertyId: 'x' }).expect(400)).body.code).toBe('invalid_property_id');
  });

  it('keeps one member with a single property seeing the calendar as before: no prefix, the same link', async () => {
    const { agent, user } = await t.loginAs('user');
    await agent.post('/api/events').send({ title: 'Alene', startTime: '2027-03-01T10:00:00Z', endTime: '2027-03-01T12:00:00Z' }).expect(201);
    const links = (await agent.get('/api/user/calendar-link').expect(200)).body;
    expect(links.url).toMatch(new RegExp(`/api/ical/${user.id}\\?token=[A-Za-z0-9_-]{43}$`));
    expect((await read(links.url)).summaries).toEqual(['Alene']);
    // A second property joined later shows in the link of all, named.
    const other = await t.loginAs('user');
    const [theirs] = (await other.agent.get('/api/properties').expect(200)).body;
    await joinProperty(t, theirs.id, user, 'viewer');
    expect((await read(links.url)).summaries).toEqual([`${user.name}: Alene`]);
  });
});
