import { DataSource } from 'typeorm';
import { ExternalBookingsService } from '../src/bookings/external-bookings.service';
import type { ExternalBookingInput, SourceKind } from '../src/bookings/external-booking.types';
import { mapEvent, mapMarkedDay } from '../src/calendar/calendar.dto';
import { CalendarService } from '../src/calendar/calendar.service';
import type { CreateFeedDto } from '../src/feeds/feeds.dto';
import { FeedsService } from '../src/feeds/feeds.service';
import type { User } from '../src/users/user.entity';
import { TestApp } from './helpers/test-app';

const WINDOW = { startDate: '2027-01-01T00:00:00.000Z', endDate: '2027-04-01T00:00:00.000Z' };
const range = { start: new Date(WINDOW.startDate), end: new Date(WINDOW.endDate) };

/**
 * GET /api/calendar-window: the calendar page's one read. Its lists, and the three reads, are built as JSON by
 * the database; here they are held against the entity path they replaced (the service's listX + mapX), value for
 * value, with the awkward values a calendar holds.
 */
describe('calendar window', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  const booking = (uid: string, fields: Partial<ExternalBookingInput> = {}): ExternalBookingInput => ({
    externalUid: uid, startTime: new Date('2027-01-15T15:00:00Z'), endsAt: new Date('2027-01-18T11:00:00Z'), allDay: false, startDate: null, endDate: null,
    summary: 'Reserved', description: null, location: null, status: 'confirmed', kind: 'guest', sequence: 0, ...fields,
  });

  async function store(kind: SourceKind, id: number, user: User, bookings: ExternalBookingInput[]) {
    await t.app.get(ExternalBookingsService).applyPull({ source: { kind, id, userId: user.id, propertyId: (await t.propertyOf(user)).id }, complete: false, bookings, now: new Date(), emptyPullsBefore: 0 });
  }

  /** A calendar with every kind of value the answer must carry over exactly. */
  async function fillCalendar(user: User, agent: ReturnType<TestApp['anon']>) {
    await agent.post('/api/events').send({ title: 'Tur\n"sitat"\t\\ æøå 🏔', startTime: '2027-01-10T10:00:00.123Z', endTime: '2027-01-12T14:00:00Z', routes: ['Oslo → Hytta', 'a"b'], location: 'Hytta' }).expect(201);
    await agent.post('/api/events').send({ title: 'Uten slutt', startTime: '2027-02-01T08:00:00Z', endTime: null, allDay: true, description: 'x\u0001y' }).expect(201);
    await agent.post('/api/events').send({ title: 'Før vinduet', startTime: '2026-12-30T10:00:00Z', endTime: '2027-01-02T10:00:00Z' }).expect(201);
    await agent.post('/api/events').send({ title: 'Etter vinduet', startTime: '2027-04-01T00:00:00Z' }).expect(201);
    // A binding event (source set by an admin) and one protected by a CSV import.
    const admin = await t.createUser('admin');
    await t.app.get(CalendarService).createEventFor(admin, user.id, (await t.propertyOf(user)).id, { title: 'Beds24', startTime: '2027-03-03T15:00:00Z', endTime: '2027-03-05T10:00:00Z', source: { type: 'beds24', bookingId: 7, nested: { a: [1, null] } } });
    const csv = await t.app.get(CalendarService).createEventFor(admin, user.id, (await t.propertyOf(user)).id, { title: 'CSV', startTime: '2027-03-10T15:00:00Z' });
    await t.app.get(DataSource).query('UPDATE events SET csv_protected = true, admin_color_override = $2 WHERE id = $1', [csv.id, '#123456']);

    await agent.post('/api/marked-days').send({ date: '2027-01-01', markerType: 'holiday' }).expect(201);
    await agent.post('/api/marked-days').send({ date: '2027-03-31', markerType: 'vacation', notes: 'Påske\n' }).expect(201);
    await agent.post('/api/marked-days').send({ date: '2027-04-01', markerType: 'busy' }).expect(201);

    const feeds = t.app.get(FeedsService);
    const airbnb = await feeds.create(user, { name: 'Airbnb «hytta»', url: 'https://airbnb.example/calendar/ical/1.ics' } as CreateFeedDto);
    await store('ical', airbnb.id, user, [
      booking('a1@airbnb'),
      booking('a2@airbnb', { allDay: true, startTime: new Date('2027-02-10T23:00:00Z'), endsAt: new Date('2027-02-13T23:00:00Z'), startDate: '2027-02-11', endDate: '2027-02-14', description: 'HM123', location: 'Bergen', status: 'tentative', kind: 'blocked' }),
      booking('a3@airbnb', { recurrenceId: '20270301T100000Z', startTime: new Date('2027-03-01T10:00:00Z'), endsAt: new Date('2027-03-01T10:00:00Z') }),
    ]);
    const off = await feeds.create(user, { name: 'Av', url: 'https://off.example/1.ics', enabled: false } as CreateFeedDto);
    await store('ical', off.id, user, [booking('hidden@off')]);
    await store('beds24', 42, user, [booking('4711', { summary: '' })]);
    return { airbnbId: airbnb.id };
  }

  /**
   * What the reads answered before the combined read: entities mapped by mapX, as JSON. External bookings have no
   * mapper (the database alone writes their answer): fillCalendar's are written out here, value for value.
   */
  async function entityAnswers(userId: number, airbnbId: number, propertyId: number) {
    const calendar = t.app.get(CalendarService);
    const asJson = (v: unknown) => JSON.parse(JSON.stringify(v));
    const airbnb = { type: 'ical', feedName: 'Airbnb «hytta»', feedId: airbnbId };
    const external = (source: { type: string; feedName: string; feedId: number }, uid: string, color: string, fields: object = {}, sourceFields: object = {}) => ({
      id: expect.stringMatching(new RegExp(`^${source.type}-${source.feedId}-[0-9a-f]{16}$`)), userId, title: 'Reserved', description: null,
      startTime: '2027-01-15T15:00:00.000Z', endTime: '2027-01-18T11:00:00.000Z', allDay: false, color, location: null,
      source: { ...source, uid, kind: 'guest', alsoFrom: [], ...sourceFields }, isBinding: true, status: 'confirmed', ...fields,
    });
    return {
      events: asJson((await calendar.listEvents(propertyId, range)).map(mapEvent)),
      markedDays: asJson((await calendar.listMarkedDays(propertyId, range)).map(mapMarkedDay)),
      feedEvents: [
        external(airbnb, 'a1@airbnb', '#8b5cf6'),
        external({ type: 'beds24', feedName: 'Beds24', feedId: 42 }, '4711', '#ec4899', { title: '' }),
        external(airbnb, 'a2@airbnb', '#8b5cf6', { description: 'HM123', startTime: '2027-02-11', endTime: '2027-02-14', allDay: true, location: 'Bergen', status: 'tentative' }, { kind: 'blocked' }),
        external(airbnb, 'a3@airbnb', '#8b5cf6', { startTime: '2027-03-01T10:00:00.000Z', endTime: '2027-03-01T10:00:00.000Z' }),
      ],
    };
  }

  it('answers the owner the same lists as the entity path and as the three reads, in one request', async () => {
    const { agent, user } = await t.loginAs('user');
    const { airbnbId } = await fillCalendar(user, agent);
    const res = await agent.get('/api/calendar-window').query(WINDOW).expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const expected = await entityAnswers(user.id, airbnbId, (await t.propertyOf(user)).id);
    expect(res.body).toEqual({ ...expected, conflicts: res.body.conflicts });
    expect(Object.keys(res.body)).toEqual(['events', 'markedDays', 'feedEvents', 'conflicts']);
    expect(res.body.events.map((e: { title: string }) => e.title)).toEqual(['Før vinduet', 'Tur\n"sitat"\t\\ æøå 🏔', 'Uten slutt', 'Beds24', 'CSV']);
    expect(res.body.events.map((e: { isBinding: boolean }) => e.isBinding)).toEqual([false, false, false, true, true]);
    expect(res.body.markedDays.map((d: { date: string }) => d.date)).toEqual(['2027-01-01', '2027-03-31']);
    expect(res.body.feedEvents.map((e: { source: { feedName: string } }) => e.source.feedName)).toEqual(['Airbnb «hytta»', 'Beds24', 'Airbnb «hytta»', 'Airbnb «hytta»']);
    // Each in its source's colour: the feed's own, and the booking pink for Beds24, which has none.
    expect(res.body.feedEvents.map((e: { color: string }) => e.color)).toEqual(['#8b5cf6', '#ec4899', '#8b5cf6', '#8b5cf6']);
    // Keys in the order mapX writes them, so the answer reads the same as before.
    for (const list of ['events', 'markedDays', 'feedEvents'] as const) {
      res.body[list].forEach((item: object, i: number) => expect(Object.keys(item)).toEqual(Object.keys(expected[list][i])));
    }

    expect((await agent.get('/api/events').query(WINDOW).expect(200)).body).toEqual(expected.events);
    expect((await agent.get('/api/marked-days').query(WINDOW).expect(200)).body).toEqual(expected.markedDays);
    expect((await agent.get('/api/ical-feed-events').query(WINDOW).expect(200)).body).toEqual(expected.feedEvents);
  });

  it('answers empty lists for an empty window', async () => {
    const { agent } = await t.loginAs('user');
    expect((await agent.get('/api/calendar-window').query(WINDOW).expect(200)).body).toEqual({ events: [], markedDays: [], feedEvents: [], conflicts: [] });
    expect((await agent.get('/api/events').query(WINDOW).expect(200)).body).toEqual([]);
    expect((await agent.get('/api/marked-days').query(WINDOW).expect(200)).body).toEqual([]);
  });

  it('shows every caller only their own calendar: anonymous 401, another user, a mini admin and an admin their own', async () => {
    const { agent: owner, user } = await t.loginAs('user');
    await owner.post('/api/events').send({ title: 'Privat', startTime: '2027-01-10T10:00:00Z' }).expect(201);
    await owner.post('/api/marked-days').send({ date: '2027-01-20', markerType: 'busy' }).expect(201);
    await store('beds24', 4242, user, [booking('privat')]);
    const mine = (await owner.get('/api/calendar-window').query(WINDOW).expect(200)).body;
    expect([mine.events.length, mine.markedDays.length, mine.feedEvents.length]).toEqual([1, 1, 1]);

    expect((await t.anon().get('/api/calendar-window').query(WINDOW).expect(401)).body.message).toBe('Du må logge inn');
    for (const role of ['user', 'miniAdmin', 'admin'] as const) {
      const { agent, user: caller } = await t.loginAs(role);
      await agent.post('/api/events').send({ title: `Egen ${role}`, startTime: '2027-02-10T10:00:00Z' }).expect(201);
      const theirs = (await agent.get('/api/calendar-window').query(WINDOW).expect(200)).body;
      expect(theirs).toEqual({ events: [expect.objectContaining({ title: `Egen ${role}`, userId: caller.id })], markedDays: [], feedEvents: [], conflicts: [] });
    }
  });

  it('validates the window like the reads', async () => {
    const { agent } = await t.loginAs('user');
    expect((await agent.get('/api/calendar-window').query({ startDate: 'x', endDate: '2027-01-01' }).expect(400)).body.message).toBe('Invalid date');
    await agent.get('/api/calendar-window').expect(400);
    expect((await agent.get('/api/calendar-window').query({ startDate: '2027-02-01', endDate: '2027-01-01' }).expect(400)).body.code).toBe('range_end_before_start');
    expect((await agent.get('/api/calendar-window').query({ startDate: '2020-01-01', endDate: '2027-01-01' }).expect(400)).body.code).toBe('range_too_long');
  });

  describe('conditional requests (docs/api.md, Conditional requests)', () => {
    type Agent = ReturnType<TestApp['anon']>;
    const read = (agent: Agent, etag?: string, window = WINDOW) => {
      const req = agent.get('/api/calendar-window').query(window);
      return etag ? req.set('If-None-Match', etag).set('Cache-Control', 'no-cache') : req;
    };
    /** Asserts that the window changed since `etag` (a full answer with a new tag) and returns the new tag. */
    async function changedSince(agent: Agent, etag: string): Promise<string> {
      const res = await read(agent, etag).expect(200);
      expect(res.headers.etag).toBeDefined();
      expect(res.headers.etag).not.toBe(etag);
      await read(agent, res.headers.etag).expect(304);
      return res.headers.etag;
    }

    it('tags the answer and answers 304 to its tag while nothing in the window changed, still never cached by the browser', async () => {
      const { agent } = await t.loginAs('user');
      const first = await read(agent).expect(200);
      expect(first.headers.etag).toMatch(/^W\/"[^"]+"$/);
      expect(first.headers['cache-control']).toBe('no-store');
      const again = await read(agent, first.headers.etag).expect(304);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.text ?? '').toBe('');
      // Among other tags, and with a tag of another window (another range) or nonsense, it answers in full.
      await read(agent, `"other", ${first.headers.etag}`).expect(304);
      await read(agent, first.headers.etag, { ...WINDOW, endDate: '2027-03-01T00:00:00.000Z' }).expect(200);
      await read(agent, '"nonsense"').expect(200);
    });

    it('answers in full after every write that changes what the window shows: events, marks, bookings, notes, feeds', async () => {
      const { agent, user } = await t.loginAs('user');
      let etag = (await read(agent).expect(200)).headers.etag;

      const event = (await agent.post('/api/events').send({ title: 'Ny', startTime: '2027-01-10T10:00:00Z' }).expect(201)).body;
      etag = await changedSince(agent, etag);
      await agent.put(`/api/events/${event.id}`).send({ title: 'Endret' }).expect(200);
      etag = await changedSince(agent, etag);
      await agent.delete(`/api/events/${event.id}`).expect(200);
      etag = await changedSince(agent, etag);

      const mark = (await agent.post('/api/marked-days').send({ date: '2027-01-20', markerType: 'busy' }).expect(201)).body;
      etag = await changedSince(agent, etag);
      await agent.delete(`/api/marked-days/${mark.id}`).expect(200);
      etag = await changedSince(agent, etag);

      const feed = await t.app.get(FeedsService).create(user, { name: 'Airbnb', url: 'https://airbnb.example/calendar/ical/9.ics' } as CreateFeedDto);
      etag = await changedSince(agent, etag);
      await store('ical', feed.id, user, [booking('n1@airbnb')]);
      etag = await changedSince(agent, etag);
      const imported = (await read(agent).expect(200)).body.feedEvents[0];
      await agent.post('/api/ical-event-notes').send({ eventExternalId: imported.id, notes: 'Nøkkel i postkassen' }).expect(201);
      etag = await changedSince(agent, etag);
      // A feed's colour is its bookings' colour in the calendar (docs/product/feeds.md).
      expect(imported.color).toBe('#8b5cf6');
      await agent.put(`/api/ical-feeds/${feed.id}`).send({ color: '#0ea5e9' }).expect(200);
      etag = await changedSince(agent, etag);
      expect((await read(agent).expect(200)).body.feedEvents[0].color).toBe('#0ea5e9');
      await agent.put(`/api/ical-feeds/${feed.id}`).send({ enabled: false }).expect(200);
      etag = await changedSince(agent, etag);
      // A sync's own bookkeeping on the feed (when it ran) changes nothing shown.
      await t.app.get(DataSource).query('UPDATE ical_feeds SET last_synced = now() WHERE id = $1', [feed.id]);
      await read(agent, etag).expect(304);
    });

    it('is not moved by another owner’s writes, and never answers 304 to another owner’s tag', async () => {
      const { agent: mine } = await t.loginAs('user');
      const { agent: theirs } = await t.loginAs('user');
      const etag = (await read(mine).expect(200)).headers.etag;
      await theirs.post('/api/events').send({ title: 'Deres', startTime: '2027-01-10T10:00:00Z' }).expect(201);
      await theirs.post('/api/marked-days').send({ date: '2027-01-21', markerType: 'busy' }).expect(201);
      await read(mine, etag).expect(304);
      await read(theirs, etag).expect(200);
    });

    it('moves once per statement and owner however many rows it writes, and for both owners when rows change hands', async () => {
      const { agent: mine, user: me } = await t.loginAs('user');
      const { agent: theirs, user: them } = await t.loginAs('user');
      const db = t.app.get(DataSource);
      const lastVersion = async () => BigInt((await db.query('SELECT last_value::text AS v FROM calendar_window_version_seq'))[0].v);
      const versionOf = async (propertyId: number) => BigInt((await db.query('SELECT version::text AS v FROM calendar_window_versions WHERE property_id = $1', [propertyId]))[0].v);
      const myTag = (await read(mine).expect(200)).headers.etag;
      const theirTag = (await read(theirs).expect(200)).headers.etag;
      const before = await lastVersion();
      // 500 events in one statement: one new version for the owner, not 500 (the sequence moves by one).
      await db.query(
        `INSERT INTO events (user_id, title, start_time, end_time, ends_at, all_day)
         SELECT $1, 'Bulk ' || i, timestamptz '2027-01-05T10:00:00Z', timestamptz '2027-01-05T11:00:00Z', timestamptz '2027-01-05T11:00:00Z', false FROM generate_series(1, 500) i`,
        [me.id],
      );
      expect(await lastVersion()).toBe(before + 1n);
      expect(await versionOf((await t.propertyOf(me)).id)).toBe(before + 1n);
      const movedTag = await changedSince(mine, myTag);
      await read(theirs, theirTag).expect(304);
      // Moving rows to another owner moves both owners' windows.
      await db.query(`UPDATE events SET property_id = $2 WHERE property_id = $1 AND title LIKE 'Bulk %'`, [(await t.propertyOf(me)).id, (await t.propertyOf(them)).id]);
      await changedSince(mine, movedTag);
      await changedSince(theirs, theirTag);
    });

    it('moves when an admin writes to the owner’s calendar', async () => {
      const { agent, user } = await t.loginAs('user');
      const { agent: admin } = await t.loginAs('admin');
      const etag = (await read(agent).expect(200)).headers.etag;
      await admin.post(`/api/admin/user-events/${user.id}`).send({ title: 'Fra kontoret', startTime: '2027-01-12T10:00:00Z' }).expect(201);
      await changedSince(agent, etag);
    });
  });
});
