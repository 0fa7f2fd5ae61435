import { DataSource } from 'typeorm';
import { FeedSyncService } from '../src/feeds/feed-sync.service';
import { FeedsService } from '../src/feeds/feeds.service';
import type { User } from '../src/users/user.entity';
import { Beds24Server, PROPERTY } from './helpers/beds24-server';
import { FeedServer, stays } from './helpers/feed-server';
import { TestApp } from './helpers/test-app';

type Agent = Awaited<ReturnType<TestApp['loginAs']>>['agent'];
interface Conflict { a: string | number; b: string | number; from: string; to: string }

/**
 * Double bookings (docs/architecture.md "Double bookings"): detected after each import or own-event change, stored by
 * pair, answered by the calendar window and GET /api/conflicts, told once to the owner and the admins. The clock stands
 * at 2026-06-01 (TEST_NOW); the Beds24 test server holds the seed around it (helpers/beds24-server.ts): 101 Kari
 * 06-10→06-14 (Airbnb HMS2T3DHXA), 102 06-20→06-23, 106 06-24→06-27, 107 06-27→06-30, 103 (blocked) 07-01→07-05.
 */
describe('double bookings', () => {
  let t: TestApp;
  let beds24: Beds24Server;
  let feeds: FeedServer;
  let admin: Agent;
  let adminUser: User;
  beforeAll(async () => {
    beds24 = await new Beds24Server().start();
    feeds = await new FeedServer().start();
    t = await TestApp.start({ BEDS24_API_URL: beds24.url, ALLOW_PRIVATE_FEED_HOSTS: 'true' });
    ({ agent: admin, user: adminUser } = await t.loginAs('admin'));
  });
  afterAll(async () => {
    await t.close();
    await beds24.stop();
    await feeds.stop();
  });
  beforeEach(() => {
    for (const b of beds24.bookings) if (b.id === 102) b.status = 'confirmed';
  });

  /** An owner with Beds24 (synced) and, when `ics` is given, an iCal feed serving it (synced). */
  async function owner(ics?: string): Promise<{ user: User; agent: Agent; feedId: number | null; path: string }> {
    const { agent, user } = await t.loginAs('user');
    await admin.post(`/api/admin/beds24-config/${user.id}`).send({ apiKey: beds24.inviteCode(), propId: PROPERTY }).expect(200);
    await syncBeds24(user);
    const path = `/feed-${user.id}.ics`;
    if (!ics) return { user, agent, feedId: null, path };
    const feed = await t.app.get(FeedsService).create(user, { name: 'Booking.com', url: feeds.serve(path, ics) });
    await t.app.get(FeedSyncService).sync(feed.id);
    return { user, agent, feedId: feed.id, path };
  }
  const syncBeds24 = (user: User) => admin.post(`/api/admin/beds24-sync/${user.id}`).expect(200);
  const resync = (feedId: number) => t.app.get(FeedSyncService).sync(feedId, { force: true });
  const windowOf = async (agent: Agent, startDate = '2026-06-01T00:00:00.000Z', endDate = '2026-09-01T00:00:00.000Z') =>
    (await agent.get('/api/calendar-window').query({ startDate, endDate }).expect(200)).body;
  const conflictsOf = async (agent: Agent): Promise<Conflict[]> => (await windowOf(agent)).conflicts;
  const days = (list: Conflict[]) => list.map((c) => `${c.from}/${c.to}`).sort();
  /** Double-booking notifications `userId` has about `ownerId`'s calendar (one per detection, however many it found). */
  const told = async (userId: number, ownerId: number): Promise<number> => {
    const [row] = await t.app.get(DataSource).query(
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type IN ('booking_conflict', 'booking_conflicts') AND (user_id = $2 OR params->>'ownerId' = $2::text)`,
      [userId, ownerId],
    );
    return row.n;
  };

  it('finds an iCal stay overlapping Beds24 bookings; a check-out on the next check-in day and the merged Airbnb stay are none', async () => {
    const { agent, user } = await owner(
      stays(
        { uid: 'overlap@bdc', start: '2026-06-21', end: '2026-06-25' },
        { uid: 'after-kari@bdc', start: '2026-06-14', end: '2026-06-16' },
        { uid: 'between@bdc', start: '2026-06-30', end: '2026-07-01' },
      ),
    );
    const window = await windowOf(agent);
    expect(days(window.conflicts)).toEqual(['2026-06-21/2026-06-23', '2026-06-24/2026-06-25']);
    // a and b are the ids the same answer gives its entries.
    const ids = new Set([...window.events, ...window.feedEvents].map((e: { id: string | number }) => e.id));
    for (const c of window.conflicts) {
      expect(Object.keys(c)).toEqual(['a', 'b', 'from', 'to']);
      expect(ids.has(c.a) && ids.has(c.b)).toBe(true);
    }
    const overlap = window.feedEvents.find((e: { source: { uid: string } }) => e.source.uid === 'overlap@bdc');
    expect(window.conflicts.every((c: Conflict) => c.a === overlap.id || c.b === overlap.id)).toBe(true);
    // A window that does not reach the days answers none.
    expect((await windowOf(agent, '2026-08-01T00:00:00.000Z', '2026-09-01T00:00:00.000Z')).conflicts).toEqual([]);
    // Staff opening the owner's calendar (the notification's ?user= link) see the same double bookings.
    const staffView = (await admin.get(`/api/admin/user-calendar/${user.id}`).query({ startDate: '2026-06-01T00:00:00.000Z', endDate: '2026-09-01T00:00:00.000Z' }).expect(200)).body;
    expect(staffView.conflicts).toEqual(window.conflicts);
    const staffAugust = (await admin.get(`/api/admin/user-calendar/${user.id}`).query({ startDate: '2026-08-01T00:00:00.000Z', endDate: '2026-09-01T00:00:00.000Z' }).expect(200)).body;
    expect(staffAugust.conflicts).toEqual([]);
  });

  it('does not count one Airbnb stay seen through both Beds24 and its iCal feed', async () => {
    const airbnb = [
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
      'BEGIN:VEVENT', 'DTSTART;VALUE=DATE:20260610', 'DTEND;VALUE=DATE:20260614', 'UID:kari@airbnb.com',
      'DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMS2T3DHXA\\nPhone Number (Last 4 Digits): 1234', 'SUMMARY:Reserved', 'END:VEVENT',
      'END:VCALENDAR', '',
    ].join('\r\n');
    const { agent } = await owner(airbnb);
    expect(await conflictsOf(agent)).toEqual([]);
    expect((await agent.get('/api/conflicts').expect(200)).body).toEqual([]);
  });

  it('tells the owner and every admin once, and resolves a conflict when one side is cancelled or moves away', async () => {
    const secondAdmin = await t.createUser('admin');
    const ics = (start: string, end: string) => stays({ uid: 'moving@bdc', start, end });
    const { user, agent, feedId, path } = await owner(ics('2026-06-21', '2026-06-25'));
    expect(days(await conflictsOf(agent))).toEqual(['2026-06-21/2026-06-23', '2026-06-24/2026-06-25']);
    // The two found by one detection are one notification each for the owner and every admin, opening the first.
    expect(await told(user.id, user.id)).toBe(1);
    expect(await told(adminUser.id, user.id)).toBe(1);
    expect(await told(secondAdmin.id, user.id)).toBe(1);
    const [note] = (await agent.get('/api/notifications').expect(200)).body.notifications;
    expect(note).toMatchObject({ type: 'booking_conflicts', title: 'Dobbeltbookinger', link: `/?date=2026-06-21&property=${(await t.propertyOf(user)).id}` });
    expect(note.message).toMatch(/^2 overlapp, det første 2026-06-21 – 2026-06-22: «.+» og «.+»\.$/);
    const [adminNote] = (await admin.get('/api/notifications').expect(200)).body.notifications;
    expect(adminNote).toMatchObject({ type: 'booking_conflicts', link: `/?date=2026-06-21&user=${user.id}` });
    expect(adminNote.message).toMatch(/^.+: 2 overlapp, det første/);

    // Syncing again changes nothing and tells nobody again.
    await syncBeds24(user);
    await resync(feedId!);
    expect(await told(user.id, user.id)).toBe(1);

    // Beds24 cancels 102: its conflict goes, 106's stays.
    beds24.bookings.find((b) => b.id === 102)!.status = 'cancelled';
    await syncBeds24(user);
    expect(days(await conflictsOf(agent))).toEqual(['2026-06-24/2026-06-25']);

    // The iCal stay moves away: nothing left.
    feeds.serve(path, ics('2026-08-10', '2026-08-12'));
    await resync(feedId!);
    expect(await conflictsOf(agent)).toEqual([]);
    expect((await agent.get('/api/conflicts').expect(200)).body).toEqual([]);

    // And back onto 106: the pair is the one told about before, so nobody hears of it again.
    feeds.serve(path, ics('2026-06-25', '2026-06-26'));
    await resync(feedId!);
    expect(days(await conflictsOf(agent))).toEqual(['2026-06-25/2026-06-26']);
    expect(await told(user.id, user.id)).toBe(1);
    expect(await told(adminUser.id, user.id)).toBe(1);
  });

  it('looks again when the Beds24 configuration moves to another property or is deleted', async () => {
    const { user, agent } = await owner(stays({ uid: 'beds24-gone@bdc', start: '2026-06-21', end: '2026-06-23' }));
    expect(days(await conflictsOf(agent))).toEqual(['2026-06-21/2026-06-23']);
    // Sync switched off keeps the bookings it has (docs/product/beds24.md), and so their conflicts.
    await admin.post(`/api/admin/beds24-config/${user.id}`).send({ syncEnabled: false }).expect(200);
    expect(days(await conflictsOf(agent))).toEqual(['2026-06-21/2026-06-23']);
    await admin.post(`/api/admin/beds24-config/${user.id}`).send({ syncEnabled: true }).expect(200);
    // Another property: the old one's bookings go at once.
    await admin.post(`/api/admin/beds24-config/${user.id}`).send({ propId: PROPERTY + 1 }).expect(200);
    expect(await conflictsOf(agent)).toEqual([]);
    await admin.post(`/api/admin/beds24-config/${user.id}`).send({ propId: PROPERTY }).expect(200);
    await syncBeds24(user);
    expect(days(await conflictsOf(agent))).toEqual(['2026-06-21/2026-06-23']);
    // Deleted: the conflicts go with its bookings.
    await admin.delete(`/api/admin/beds24-config/${user.id}`).expect(200);
    expect(await conflictsOf(agent)).toEqual([]);
  });

  it('counts the owner’s own blocked time against a feed booking, and forgets it when the event goes', async () => {
    const { user, agent } = await owner(stays({ uid: 'aug@bdc', start: '2026-08-04', end: '2026-08-07' }));
    expect(await conflictsOf(agent)).toEqual([]);
    // Owner-blocked time as the add dialog makes it: from 11:00 on the first day to 15:00 on the last.
    const blocked = (await agent.post('/api/events').send({ title: 'Eiersperre', startTime: '2026-08-01T09:00:00.000Z', endTime: '2026-08-05T13:00:00.000Z' }).expect(201)).body;
    const window = await windowOf(agent);
    const feedId = window.feedEvents.find((e: { source: { uid: string } }) => e.source.uid === 'aug@bdc').id;
    expect(window.conflicts).toEqual([{ a: blocked.id, b: feedId, from: '2026-08-04', to: '2026-08-05' }]);
    expect(await told(user.id, user.id)).toBe(1);

    // Ending on the check-in day is no conflict.
    await agent.put(`/api/events/${blocked.id}`).send({ endTime: '2026-08-04T13:00:00.000Z' }).expect(200);
    expect(await conflictsOf(agent)).toEqual([]);
    await agent.put(`/api/events/${blocked.id}`).send({ endTime: '2026-08-06T13:00:00.000Z' }).expect(200);
    expect(days(await conflictsOf(agent))).toEqual(['2026-08-04/2026-08-06']);
    await agent.delete(`/api/events/${blocked.id}`).expect(200);
    expect(await conflictsOf(agent)).toEqual([]);
    expect(await told(user.id, user.id)).toBe(1);
  });

  it('forgets a feed’s conflicts when the feed is switched off or deleted, and finds them again when it is back on', async () => {
    const { agent, feedId } = await owner(stays({ uid: 'off@bdc', start: '2026-06-21', end: '2026-06-22' }));
    expect(days(await conflictsOf(agent))).toEqual(['2026-06-21/2026-06-22']);
    await agent.put(`/api/ical-feeds/${feedId}`).send({ enabled: false }).expect(200);
    expect(await conflictsOf(agent)).toEqual([]);
    await agent.put(`/api/ical-feeds/${feedId}`).send({ enabled: true }).expect(200);
    expect(days(await conflictsOf(agent))).toEqual(['2026-06-21/2026-06-22']);
    await agent.delete(`/api/ical-feeds/${feedId}`).expect(200);
    expect(await conflictsOf(agent)).toEqual([]);
  });

  it('GET /api/conflicts: owners their own, staff everyone’s or one owner’s, paged; bad input is a 400', async () => {
    const first = await owner(stays({ uid: 'x@bdc', start: '2026-06-21', end: '2026-06-22' }));
    const second = await owner(stays({ uid: 'y@bdc', start: '2026-06-25', end: '2026-06-26' }));
    const own = (await first.agent.get('/api/conflicts').expect(200)).body;
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ userId: first.user.id, from: '2026-06-21', to: '2026-06-22', a: { kind: 'beds24', sourceId: expect.any(Number) }, b: { kind: 'ical', sourceId: first.feedId, title: 'Reserved' } });
    expect((await first.agent.get('/api/conflicts').query({ userId: first.user.id }).expect(200)).body).toHaveLength(1);
    expect((await first.agent.get('/api/conflicts').query({ userId: second.user.id }).expect(403)).body.code).toBe('forbidden');

    const all = (await admin.get('/api/conflicts').expect(200)).body as { userId: number }[];
    expect(all.map((c) => c.userId)).toEqual(expect.arrayContaining([first.user.id, second.user.id]));
    const one = (await admin.get('/api/conflicts').query({ userId: second.user.id }).expect(200)).body;
    expect(one).toEqual([expect.objectContaining({ userId: second.user.id, ownerName: second.user.name, from: '2026-06-25', to: '2026-06-26' })]);
    const { agent: mini } = await t.loginAs('miniAdmin');
    const paged = await mini.get('/api/conflicts').query({ range: '[0,0]', sort: '["from","ASC"]', filter: JSON.stringify({ userId: second.user.id }) }).expect(200);
    expect(paged.headers['content-range']).toBe('conflicts 0-0/1');

    for (const query of [{ userId: 'abc' }, { userId: '0' }, { range: '[5,1]' }, { sort: '["nope","ASC"]' }, { filter: '{"nope":1}' }]) {
      const res = await admin.get('/api/conflicts').query(query).expect(400);
      expect(res.body.code).toEqual(expect.any(String));
    }
    await t.anon().get('/api/conflicts').expect(401);
  });
});
