import { DataSource } from 'typeorm';
import { FeedScheduler } from '../src/feeds/feed-scheduler.service';
import { FeedServer, fixture, stays } from './helpers/feed-server';
import { TestApp } from './helpers/test-app';

const Q1_2027 = { startDate: '2027-01-01', endDate: '2027-04-01' };

type Agent = Awaited<ReturnType<TestApp['loginAs']>>['agent'];
/** Runs a scheduler tick now (retrying while a timed tick holds the lock) and waits for the syncs it queued. */
async function syncDueFeeds(t: TestApp) {
  while ((await t.app.get(FeedScheduler).tick()) === null) await new Promise((r) => setTimeout(r, 50));
  await t.jobsDone();
}

/** Adds a feed and waits for the sync the app starts for every new feed, so the test's own syncs never meet it. */
async function createFeed(t: TestApp, agent: Agent, body: object) {
  const feed = (await agent.post('/api/ical-feeds').send(body).expect(201)).body;
  await t.jobsDone();
  return feed;
}

describe('iCal feeds', () => {
  let t: TestApp;
  let feeds: FeedServer;
  beforeAll(async () => {
    feeds = await new FeedServer().start();
    t = await TestApp.start({ ALLOW_PRIVATE_FEED_HOSTS: 'true', FEED_TIMEOUT_SECONDS: '1' });
  });
  afterAll(async () => {
    await t.close();
    await feeds.stop();
  });

  describe('feed records', () => {
    it('validates with the documented texts and applies defaults', async () => {
      const { agent } = await t.loginAs('user');
      expect((await agent.post('/api/ical-feeds').send({ url: 'https://example.com/a.ics' }).expect(400)).body.message).toBe('Navn er påkrevd');
      expect((await agent.post('/api/ical-feeds').send({ name: 'Airbnb' }).expect(400)).body.message).toBe('URL er påkrevd');
      expect((await agent.post('/api/ical-feeds').send({ name: 'Airbnb', url: 'ikke en url' }).expect(400)).body.message).toBe('URL må være gyldig');
      expect((await agent.post('/api/ical-feeds').send({ name: 'Airbnb', url: 'ftp://example.com/a.ics' }).expect(400)).body.message).toBe('URL må være gyldig');
      const created = await agent.post('/api/ical-feeds').send({ name: 'Google', url: 'webcal://calendar.example.com/basic.ics' }).expect(201);
      expect(created.body).toMatchObject({ name: 'Google', url: 'https://calendar.example.com/basic.ics', color: '#8b5cf6', enabled: true, eventCount: 0, lastSynced: null });
      expect(created.body).not.toHaveProperty('etag');
      expect((await agent.get('/api/ical-feeds').expect(200)).body.map((f: { id: number }) => f.id)).toEqual([created.body.id]);
      const toggled = await agent.put(`/api/ical-feeds/${created.body.id}`).send({ enabled: false }).expect(200);
      expect(toggled.body.enabled).toBe(false);
    });

    it('belongs to its owner; admins may create for a user and act on any feed', async () => {
      const { agent: owner, user } = await t.loginAs('user');
      const { agent: other } = await t.loginAs('user');
      const { agent: admin } = await t.loginAs('admin');
      const feed = await createFeed(t, owner, { name: 'Airbnb', url: 'https://example.com/a.ics' });
      await other.put(`/api/ical-feeds/${feed.id}`).send({ enabled: false }).expect(404);
      await other.delete(`/api/ical-feeds/${feed.id}`).expect(404);
      await other.post(`/api/ical-feeds/${feed.id}/sync`).expect(404);
      await other.post('/api/ical-feeds').send({ name: 'X', url: 'https://example.com/x.ics', userId: user.id }).expect(403);
      const forUser = await admin.post('/api/ical-feeds').send({ name: 'Booking.com', url: 'https://example.com/b.ics', userId: user.id, color: '#e11d48' }).expect(201);
      expect(forUser.body).toMatchObject({ userId: user.id, color: '#e11d48' });
      expect((await owner.get('/api/ical-feeds')).body).toHaveLength(2);
      await admin.delete(`/api/ical-feeds/${feed.id}`).expect(200);
      expect((await owner.get('/api/ical-feeds')).body).toHaveLength(1);
    });
  });

  describe('sync', () => {
    it('imports a feed, answers { message, syncedCount }, and serves the documented event shape from the database', async () => {
      const { agent } = await t.loginAs('user');
      const url = feeds.serve('/airbnb.ics', fixture('airbnb-like.ics'));
      const feed = await createFeed(t, agent, { name: 'Airbnb', url });
      // The app imported the new feed at once; a sync now answers from the same feed.
      const sync = await agent.post(`/api/ical-feeds/${feed.id}/sync`).expect(200);
      expect(sync.body).toMatchObject({ syncedCount: 5, status: 'unchanged' });
      expect(typeof sync.body.message).toBe('string');

      const fetchesBefore = feeds.requests.length;
      const events = (await agent.get('/api/ical-feed-events').query(Q1_2027).expect(200)).body;
      expect(feeds.requests.length).toBe(fetchesBefore); // reading never fetches the feed
      expect(events.length).toBeGreaterThanOrEqual(3);
      const first = events[0];
      // A booking has its feed's colour (docs/product/feeds.md).
      expect(first).toMatchObject({ title: 'Reserved', allDay: true, startTime: '2027-01-03', endTime: '2027-01-08', color: feed.color, isBinding: true, source: { type: 'ical', feedName: 'Airbnb' } });
      expect(first.id).toContain('ical-');
      const stored = (await agent.get('/api/ical-feeds')).body[0];
      expect(stored).toMatchObject({ eventCount: 5, lastError: null, consecutiveFailures: 0 });
      expect(stored.lastSynced).not.toBeNull();
    });

    it('re-syncs with a conditional GET, and is idempotent', async () => {
      const { agent } = await t.loginAs('user');
      const url = feeds.serve('/cond.ics', fixture('booking-com-like.ics'));
      const feed = await createFeed(t, agent, { name: 'Booking', url });
      await agent.post(`/api/ical-feeds/${feed.id}/sync`).expect(200);
      const before = (await agent.get('/api/ical-feed-events').query(Q1_2027)).body;
      const again = await agent.post(`/api/ical-feeds/${feed.id}/sync`).expect(200);
      expect(again.body.status).toBe('unchanged');
      expect(feeds.requestsTo('/cond.ics').at(-1)!.ifNoneMatch).toMatch(/^"/);
      expect((await agent.get('/api/ical-feed-events').query(Q1_2027)).body).toEqual(before);
    });

    it('follows a changing feed: updates in place, removes what left, keeps ids stable', async () => {
      const { agent } = await t.loginAs('user');
      const url = feeds.serve('/changing.ics', stays({ uid: 'a@x', start: '2027-01-10', end: '2027-01-12' }, { uid: 'b@x', start: '2027-01-20', end: '2027-01-25' }));
      const feed = await createFeed(t, agent, { name: 'Endrer seg', url });
      await agent.post(`/api/ical-feeds/${feed.id}/sync`).expect(200);
      const v1 = (await agent.get('/api/ical-feed-events').query(Q1_2027)).body;
      expect(v1.map((e: { startTime: string }) => e.startTime)).toEqual(['2027-01-10', '2027-01-20']);

      feeds.serve('/changing.ics', stays({ uid: 'a@x', start: '2027-01-10', end: '2027-01-14' }, { uid: 'c@x', start: '2027-02-01', end: '2027-02-03' }));
      const sync = await agent.post(`/api/ical-feeds/${feed.id}/sync`).expect(200);
      expect(sync.body).toMatchObject({ status: 'updated', syncedCount: 2 });
      const v2 = (await agent.get('/api/ical-feed-events').query(Q1_2027)).body;
      expect(v2.map((e: { startTime: string; endTime: string }) => `${e.startTime}/${e.endTime}`)).toEqual(['2027-01-10/2027-01-14', '2027-02-01/2027-02-03']);
      expect(v2[0].id).toBe(v1[0].id);
    });

    it('tells the owner of a new stay with a link to its day, not to an earlier stay the feed already had', async () => {
      const { agent } = await t.loginAs('user');
      const url = feeds.serve('/growing.ics', stays({ uid: 'a@x', start: '2027-01-10', end: '2027-01-12' }));
      const feed = await createFeed(t, agent, { name: 'Voksende', url });
      await agent.post(`/api/ical-feeds/${feed.id}/sync`).expect(200);
      feeds.serve('/growing.ics', stays({ uid: 'a@x', start: '2027-01-10', end: '2027-01-12' }, { uid: 'n@x', start: '2027-03-05', end: '2027-03-08' }));
      await agent.post(`/api/ical-feeds/${feed.id}/sync`).expect(200);
      const [note] = (await agent.get('/api/notifications').expect(200)).body.notifications;
      expect(note).toMatchObject({ type: 'booking_new', link: `/?date=2027-03-05&property=${feed.propertyId}` });
    });

    it('a feed that turns to garbage, is truncated, errors or hangs keeps its last good events and records the error', async () => {
      const { agent } = await t.loginAs('user');
      const good = stays({ uid: 'keep@x', start: '2027-03-01', end: '2027-03-05' });
      const url = feeds.serve('/flaky.ics', good);
      const feed = await createFeed(t, agent, { name: 'Ustabil', url });
      await agent.post(`/api/ical-feeds/${feed.id}/sync`).expect(200);
      const kept = (await agent.get('/api/ical-feed-events').query(Q1_2027)).body;
      expect(kept).toHaveLength(1);

      const failures: [string, RegExp][] = [];
      feeds.serve('/flaky.ics', fixture('not-a-calendar.ics'), 'text/html');
      failures.push(['html', /not a calendar/]);
      const outcomes = [];
      outcomes.push((await agent.post(`/api/ical-feeds/${feed.id}/sync`).expect(200)).body);
      feeds.serve('/flaky.ics', fixture('truncated.ics'));
      failures.push(['truncated', /truncated/]);
      outcomes.push((await agent.post(`/api/ical-feeds/${feed.id}/sync`).expect(200)).body);
      feeds.serve('/flaky.ics', 'Internal error', 'text/plain', 500);
      failures.push(['500', /500/]);
      outcomes.push((await agent.post(`/api/ical-feeds/${feed.id}/sync`).expect(200)).body);
      for (const [i, [, pattern]] of failures.entries()) {
        expect(outcomes[i]).toMatchObject({ status: 'failed', syncedCount: 1 });
        expect(outcomes[i].error).toMatch(pattern);
        expect(outcomes[i].message).toMatch(/^Synkronisering feilet/);
      }
      expect((await agent.get('/api/ical-feed-events').query(Q1_2027)).body).toEqual(kept);
      const state = (await agent.get('/api/ical-feeds')).body[0];
      expect(state).toMatchObject({ consecutiveFailures: 3, eventCount: 1 });
      expect(state.lastError).toMatch(/500/);
      expect(state).toMatchObject({ lastErrorCode: 'feed.fetch.httpStatus', lastErrorParams: { status: 500 } });

      const hanging = feeds.hang('/hang.ics');
      await agent.put(`/api/ical-feeds/${feed.id}`).send({ url: hanging }).expect(200);
      // A new address is due at once; let the scheduler's sync of it end first, so the one below is not skipped.
      await syncDueFeeds(t);
      const hung = (await agent.post(`/api/ical-feeds/${feed.id}/sync`).expect(200)).body;
      expect(hung).toMatchObject({ status: 'failed' });
      expect(hung.error).toMatch(/timed out/);
      expect(hung).toMatchObject({ errorCode: 'feed.fetch.timeout', errorParams: { ms: expect.any(Number) } });
      expect((await agent.get('/api/ical-feed-events').query(Q1_2027)).body).toEqual(kept);
    });

    it('hides the events of a disabled feed', async () => {
      const { agent } = await t.loginAs('user');
      const url = feeds.serve('/toggle.ics', stays({ uid: 't@x', start: '2027-01-05', end: '2027-01-06' }));
      const feed = await createFeed(t, agent, { name: 'Av/på', url });
      await agent.post(`/api/ical-feeds/${feed.id}/sync`).expect(200);
      expect((await agent.get('/api/ical-feed-events').query(Q1_2027)).body).toHaveLength(1);
      await agent.put(`/api/ical-feeds/${feed.id}`).send({ enabled: false }).expect(200);
      expect((await agent.get('/api/ical-feed-events').query(Q1_2027)).body).toHaveLength(0);
    });
  });

  describe('admin', () => {
    it('lists every feed with owner and health, force-refreshes, syncs all and cleans up duplicates', async () => {
      const { agent: admin } = await t.loginAs('admin');
      const { agent: owner, user } = await t.loginAs('user');
      const url = feeds.serve('/admin.ics', stays({ uid: 'adm@x', start: '2027-01-15', end: '2027-01-16' }));
      const a = await createFeed(t, owner, { name: 'A', url });
      const dup = await createFeed(t, owner, { name: 'A igjen', url: `${url}/` });

      const all = (await admin.get('/api/admin/all-ical-feeds').expect(200)).body;
      expect(all.find((f: { id: number }) => f.id === a.id)).toMatchObject({ userName: user.name, userEmail: user.email, username: user.username, stale: false });

      const forced = await admin.post(`/api/admin/force-refresh-ical/${a.id}`).expect(200);
      expect(forced.body).toMatchObject({ success: true, syncedCount: 1 });
      expect(feeds.requestsTo('/admin.ics').at(-1)!.ifNoneMatch).toBeUndefined(); // forced: no validators

      const syncAll = await admin.post('/api/admin/sync-all-ical').expect(200);
      expect(syncAll.body).toMatchObject({ success: true });
      expect(syncAll.body.total).toBeGreaterThanOrEqual(2);
      // The syncs run through the queue; let them end before the duplicate is removed.
      await t.app.get(FeedScheduler).whenIdle();

      const cleanup = await admin.post('/api/admin/cleanup-duplicates').expect(200);
      expect(cleanup.body).toEqual({ found: 1, removed: 1 });
      expect((await owner.get('/api/ical-feeds')).body.map((f: { id: number }) => f.id)).not.toContain(dup.id);
      expect((await admin.post('/api/admin/cleanup-duplicates').expect(200)).body).toEqual({ found: 0, removed: 0 });
    });

    it('shows mini admins only where a feed comes from, never its secret export link', async () => {
      const { agent: admin } = await t.loginAs('admin');
      const { agent: mini } = await t.loginAs('miniAdmin');
      const user = await t.createUser('user');
      const url = 'https://www.airbnb.com/calendar/ical/12345.ics?s=7f3c9a1b2d4e';
      const feed = await createFeed(t, admin, { name: 'Airbnb', url, userId: user.id });
      const find = (rows: { id: number; url: string }[]) => rows.find((f) => f.id === feed.id)!;
      for (const path of ['/api/admin/all-ical-feeds', `/api/admin/ical-feeds?userId=${user.id}`]) {
        expect(find((await mini.get(path).expect(200)).body).url).toBe('https://www.airbnb.com/…');
        expect(find((await admin.get(path).expect(200)).body).url).toBe(url);
      }
      expect(find((await mini.get('/api/admin/feed-health').expect(200)).body.feeds).url).toBe('https://www.airbnb.com/…');
    });

    it('flags feeds without a recent success in the sync-health view', async () => {
      const { agent: admin } = await t.loginAs('admin');
      const user = await t.createUser('user');
      const feed = await createFeed(t, admin, { name: 'Gammel', url: 'https://example.com/old.ics', userId: user.id });
      await t.app.get(DataSource).query(`UPDATE ical_feeds SET created_at = $2::timestamptz - interval '3 days', last_synced = NULL, last_error = 'timed out after 1000 ms' WHERE id = $1`, [feed.id, t.clock.now()]);
      const health = (await admin.get('/api/admin/feed-health').expect(200)).body;
      expect(health.staleAfterHours).toBe(24);
      expect(health.feeds.find((f: { id: number }) => f.id === feed.id)).toMatchObject({ stale: true, lastError: 'timed out after 1000 ms' });
      expect(health.stale).toBeGreaterThanOrEqual(1);
    });

    it('shows imported events in the admin user calendar', async () => {
      const { agent: admin } = await t.loginAs('admin');
      const { agent: owner, user } = await t.loginAs('user');
      const url = feeds.serve('/cal.ics', stays({ uid: 'cal@x', start: '2027-01-07', end: '2027-01-09' }));
      const feed = await createFeed(t, owner, { name: 'Airbnb', url });
      await owner.post(`/api/ical-feeds/${feed.id}/sync`).expect(200);
      const cal = (await admin.get(`/api/admin/user-calendar/${user.id}`).query(Q1_2027).expect(200)).body;
      expect(cal.icalEvents).toHaveLength(1);
      expect(cal.icalEvents[0]).toMatchObject({ startTime: '2027-01-07', source: { type: 'ical', feedName: 'Airbnb' } });
      // Imported events cannot be deleted from the admin calendar.
      expect((await admin.delete(`/api/admin/events/${cal.icalEvents[0].id}`).expect(409)).body.message).toMatch(/^Kan ikke slette booking/);
    });
  });
});

describe('SSRF rule', () => {
  let t: TestApp;
  let feeds: FeedServer;
  beforeAll(async () => {
    feeds = await new FeedServer().start();
    t = await TestApp.start();
  });
  afterAll(async () => {
    await t.close();
    await feeds.stop();
  });

  it('refuses feeds on loopback and private addresses unless ALLOW_PRIVATE_FEED_HOSTS is set', async () => {
    const { agent } = await t.loginAs('user');
    const url = feeds.serve('/local.ics', stays({ uid: 'l@x', start: '2027-01-01', end: '2027-01-02' }));
    const feed = await createFeed(t, agent, { name: 'Lokal', url });
    const res = (await agent.post(`/api/ical-feeds/${feed.id}/sync`).expect(200)).body;
    expect(res.status).toBe('failed');
    expect(res.error).toMatch(/not allowed/);
    expect(feeds.requests).toHaveLength(0);
  });
});

describe('scheduled sync', () => {
  let t: TestApp;
  let feeds: FeedServer;
  beforeAll(async () => {
    feeds = await new FeedServer().start();
    t = await TestApp.start({ ALLOW_PRIVATE_FEED_HOSTS: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await feeds.stop();
  });

  it('syncs due feeds through the job queue without anyone asking', async () => {
    const { agent } = await t.loginAs('user');
    const one = { uid: 's1@x', start: '2027-01-02', end: '2027-01-04' };
    const url = feeds.serve('/scheduled.ics', stays(one));
    await createFeed(t, agent, { name: 'Planlagt', url });
    const [synced] = (await agent.get('/api/ical-feeds')).body;
    expect(new Date(synced.nextSyncAt).getTime()).toBe(t.clock.now().getTime() + 15 * 60_000);

    // Not due yet: a tick enqueues nothing. Fifteen minutes later it is, and the worker brings the new booking.
    feeds.serve('/scheduled.ics', stays(one, { uid: 's2@x', start: '2027-01-10', end: '2027-01-11' }));
    expect(await t.app.get(FeedScheduler).tick()).toBe(0);
    t.clock.advance(15 * 60_000);
    expect(await t.app.get(FeedScheduler).tick()).toBe(1);
    await t.jobsDone();
    expect((await agent.get('/api/ical-feed-events').query(Q1_2027)).body).toHaveLength(2);
    const [feed] = (await agent.get('/api/ical-feeds')).body;
    expect(new Date(feed.nextSyncAt).getTime()).toBe(t.clock.now().getTime() + 15 * 60_000);
  });
});
