import { DataSource } from 'typeorm';
import { ExternalBookingsService } from '../src/bookings/external-bookings.service';
import type { ExternalBookingInput } from '../src/bookings/external-booking.types';
import type { User } from '../src/users/user.entity';
import { allDayStay as stay } from './helpers/external-bookings';
import { household as sharedHousehold } from './helpers/household';
import { TestApp } from './helpers/test-app';
import { waitFor } from './helpers/wait-for';

/**
 * Imported bookings, their feeds and their double bookings belong to the property (docs/product/feeds.md,
 * docs/product/properties.md#who-may-do-what): every member reads them, owners and co-owners manage the feeds, a
 * viewer is told they only look, anyone else that the feed does not exist; and one property's bookings never show in
 * another's calendar, even of the same owner.
 */
describe('the imported bookings of a property', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await TestApp.start();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const WINDOW = { startDate: '2027-07-01', endDate: '2027-08-01' };
  let nextSource = 5000;
  /** A pull of a source of the property, as its adapter stores one. */
  const pull = (propertyId: number, user: User, bookings: ExternalBookingInput[], kind: 'ical' | 'beds24' = 'beds24', id = ++nextSource) =>
    t.app.get(ExternalBookingsService).applyPull({ source: { kind, id, userId: user.id, propertyId }, complete: true, bookings, now: new Date('2027-06-01T00:00:00Z'), emptyPullsBefore: 0 });

  const household = () => sharedHousehold(t);

  it("shows the property's bookings to each member, and another property's to none of them", async () => {
    const { property, owner, coOwner, viewer, outsider } = await household();
    const { agent: admin } = await t.loginAs('admin');
    const cabin = (await admin.post('/api/admin/properties').send({ name: 'Fjellhytta', ownerUserId: owner.user.id }).expect(201)).body.id as number;
    await pull(property, owner.user, [stay('home', '2027-07-10', '2027-07-12', { summary: 'Gjest hjemme' })]);
    await pull(cabin, owner.user, [stay('cabin', '2027-07-10', '2027-07-12', { summary: 'Gjest på hytta' })]);

    const titles = async (agent: typeof owner.agent, propertyId?: number) =>
      (await agent.get('/api/calendar-window').query(propertyId === undefined ? WINDOW : { ...WINDOW, propertyId }).expect(200)).body.feedEvents.map((b: { title: string }) => b.title);
    for (const member of [owner, coOwner, viewer]) expect(await titles(member.agent, property)).toEqual(['Gjest hjemme']);
    expect(await titles(owner.agent, cabin)).toEqual(['Gjest på hytta']);
    expect((await coOwner.agent.get('/api/ical-feed-events').query({ ...WINDOW, propertyId: property }).expect(200)).body.map((b: { title: string }) => b.title)).toEqual(['Gjest hjemme']);
    // The cabin is not theirs: it does not exist for them.
    expect((await coOwner.agent.get('/api/calendar-window').query({ ...WINDOW, propertyId: cabin }).expect(404)).body.code).toBe('property_not_found');
    expect((await outsider.agent.get('/api/ical-feed-events').query({ ...WINDOW, propertyId: property }).expect(404)).body.code).toBe('property_not_found');
  });

  it('lets owners and co-owners manage the feeds, a viewer read them, and tells anyone else they do not exist', async () => {
    const { property, owner, coOwner, viewer, outsider } = await household();
    const feed = (await owner.agent.post('/api/ical-feeds').send({ name: 'Airbnb', url: 'https://www.airbnb.com/calendar/ical/1.ics' }).expect(201)).body;
    expect(feed).toMatchObject({ propertyId: property, userId: owner.user.id });

    for (const member of [coOwner, viewer]) {
      expect((await member.agent.get('/api/ical-feeds').query({ propertyId: property }).expect(200)).body.map((f: { id: number }) => f.id)).toEqual([feed.id]);
    }
    expect((await outsider.agent.get('/api/ical-feeds').expect(200)).body).toEqual([]);

    await coOwner.agent.put(`/api/ical-feeds/${feed.id}`).send({ name: 'Airbnb (hytta)' }).expect(200);
    const added = (await coOwner.agent.post('/api/ical-feeds').query({ propertyId: property }).send({ name: 'Booking.com', url: 'https://admin.booking.com/hotel/ical/2.ics' }).expect(201)).body;
    expect(added).toMatchObject({ propertyId: property, userId: coOwner.user.id });

    expect((await viewer.agent.put(`/api/ical-feeds/${feed.id}`).send({ name: 'Nei' }).expect(403)).body.code).toBe('property_read_only');
    expect((await viewer.agent.post('/api/ical-feeds').query({ propertyId: property }).send({ name: 'Nei', url: 'https://example.com/x.ics' }).expect(403)).body.code).toBe('property_read_only');
    expect((await viewer.agent.delete(`/api/ical-feeds/${feed.id}`).expect(403)).body.code).toBe('property_read_only');
    expect((await outsider.agent.put(`/api/ical-feeds/${feed.id}`).send({ name: 'Nei' }).expect(404)).body.code).toBe('feed_not_found');
    expect((await outsider.agent.post(`/api/ical-feeds/${feed.id}/sync`).expect(404)).body.code).toBe('feed_not_found');
    expect((await outsider.agent.post('/api/ical-feeds').query({ propertyId: property }).send({ name: 'Nei', url: 'https://example.com/x.ics' }).expect(404)).body.code).toBe('property_not_found');

    const names = (await owner.agent.get('/api/ical-feeds').expect(200)).body.map((f: { name: string }) => f.name);
    expect(names).toEqual(['Airbnb (hytta)', 'Booking.com']);
  });

  it("finds a double booking within the property, shows it to every member and tells its owners and co-owners, not its viewers", async () => {
    const { property, owner, coOwner, viewer } = await household();
    await pull(property, owner.user, [stay('a', '2027-07-03', '2027-07-06', { summary: 'Airbnb-gjest' })], 'ical');
    await pull(property, coOwner.user, [stay('b', '2027-07-05', '2027-07-08', { summary: 'Beds24-gjest' })], 'beds24');

    const conflicts = async (agent: typeof owner.agent) => (await agent.get('/api/calendar-window').query({ ...WINDOW, propertyId: property }).expect(200)).body.conflicts;
    await waitFor(async () => (await conflicts(owner.agent)).length === 1, 'the double booking in the window');
    for (const member of [coOwner, viewer]) expect(await conflicts(member.agent)).toEqual([expect.objectContaining({ from: '2027-07-05', to: '2027-07-06' })]);
    expect((await coOwner.agent.get('/api/conflicts').expect(200)).body).toEqual([expect.objectContaining({ propertyId: property, userId: owner.user.id })]);

    const told = async (user: User) =>
      (await db.query(`SELECT type FROM notifications WHERE user_id = $1 AND type LIKE 'booking_conflict%'`, [user.id])).map((r: { type: string }) => r.type);
    await waitFor(async () => (await told(coOwner.user)).length === 1, "the co-owner's notification");
    expect(await told(owner.user)).toEqual(['booking_conflict']);
    expect(await told(viewer.user)).toEqual([]);
  });

  it("leaves the feeds and bookings a co-owner added in the property when they delete their account", async () => {
    const { property, owner, coOwner } = await household();
    const feed = (await coOwner.agent.post('/api/ical-feeds').query({ propertyId: property }).send({ name: 'Vrbo', url: 'https://www.vrbo.com/icalendar/3.ics' }).expect(201)).body;
    await pull(property, coOwner.user, [stay('kept', '2027-07-20', '2027-07-22', { summary: 'Vrbo-gjest' })], 'ical', feed.id);
    const { agent: admin } = await t.loginAs('admin');
    await admin.delete(`/api/admin/users/${coOwner.user.id}`).expect(200);

    expect((await owner.agent.get('/api/ical-feeds').expect(200)).body).toEqual([expect.objectContaining({ id: feed.id, userId: owner.user.id })]);
    const window = (await owner.agent.get('/api/calendar-window').query(WINDOW).expect(200)).body;
    expect(window.feedEvents.map((b: { title: string }) => b.title)).toEqual(['Vrbo-gjest']);
  });
});
