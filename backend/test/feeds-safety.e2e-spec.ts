import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { FeedScheduler } from '../src/feeds/feed-scheduler.service';
import { FeedSyncService } from '../src/feeds/feed-sync.service';
import { syncMessage } from '../src/feeds/feeds.dto';
import { FeedServer, stays } from './helpers/feed-server';
import { TEST_NOW, TestApp } from './helpers/test-app';
import { waitFor } from './helpers/wait-for';

/**
 * Sync safety: no booking is lost to a partial, past-dropping or suddenly empty feed; syncs of
 * one feed never overlap; and no HTTP answer waits for an outside fetch it only asked for.
 */

const DAY_MS = 86_400_000;
/** 'YYYY-MM-DD' `offset` days from the app's (fixed) today: the rules depend on what is past and what is future. */
const day = (offset: number) => new Date(TEST_NOW.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
const WINDOW = { startDate: day(-200), endDate: day(200) };

type Agent = Awaited<ReturnType<TestApp['loginAs']>>['agent'];
const uids = async (agent: Agent) =>
  ((await agent.get('/api/ical-feed-events').query(WINDOW).expect(200)).body as { source: { uid: string } }[]).map((e) => e.source.uid).sort();
type FeedState = { id: number; eventCount: number; lastError: string | null; lastWarning: string | null };
const feedState = async (agent: Agent, id: number) => ((await agent.get('/api/ical-feeds').expect(200)).body as FeedState[]).find((f) => f.id === id)!;

/** A feed server whose answers wait until the test releases them, to hold a sync in the middle of its fetch. */
class GatedFeedServer {
  private server!: Server;
  private readonly parked: ServerResponse[] = [];
  requests = 0;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((_req: IncomingMessage, res: ServerResponse) => {
      this.requests++;
      this.parked.push(res);
    });
    await new Promise<void>((ok) => this.server.listen(0, '127.0.0.1', ok));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gated.ics`;
    return this;
  }

  /** Answers every waiting request with `body`. */
  release(body: string): void {
    for (const res of this.parked.splice(0)) res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(body);
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((ok) => this.server.close(() => ok()));
  }
}

describe('feed sync safety', () => {
  let t: TestApp;
  let feeds: FeedServer;
  beforeAll(async () => {
    feeds = await new FeedServer().start();
    t = await TestApp.start({ ALLOW_PRIVATE_FEED_HOSTS: 'true', FEED_TIMEOUT_SECONDS: '2' });
  });
  afterAll(async () => {
    await t.close();
    await feeds.stop();
  });

  /** Adds a feed and waits for the sync the app starts for every new feed, so the test's own syncs never meet it. */
  async function feedFor(agent: Agent, path: string, body: string) {
    const url = feeds.serve(path, body);
    const feed = (await agent.post('/api/ical-feeds').send({ name: path.slice(1), url }).expect(201)).body as { id: number };
    await t.jobsDone();
    return feed;
  }
  const sync = async (agent: Agent, id: number) => (await agent.post(`/api/ical-feeds/${id}/sync`).expect(200)).body;

  it('keeps the stored copy of a VEVENT that fails validation, and still removes what left the feed', async () => {
    const { agent } = await t.loginAs('user');
    const a = { uid: 'a@x', start: day(10), end: day(12) };
    const b = { uid: 'b@x', start: day(20), end: day(25) };
    const c = { uid: 'c@x', start: day(30), end: day(31) };
    const feed = await feedFor(agent, '/partial.ics', stays(a, b, c));
    expect(await feedState(agent, feed.id)).toMatchObject({ eventCount: 3, lastError: null });

    // b's start date is broken and c has left the feed: b keeps its stored copy, c goes.
    const corrupted = stays(a, b).replace(`DTSTART;VALUE=DATE:${b.start.replace(/-/g, '')}`, 'DTSTART:tomorrow');
    feeds.serve('/partial.ics', corrupted);
    const partial = await sync(agent, feed.id);
    expect(partial).toMatchObject({ status: 'updated', syncedCount: 1 });
    expect(partial.warning).toMatch(/1 event\(s\) could not be read.*DTSTART/);
    expect(partial).toMatchObject({ warningCode: 'feed.sync.eventsRejected', warningParams: { skipped: 1, reason: 'feed.event.invalidStart' } });
    expect(await uids(agent)).toEqual(['a@x', 'b@x']);
    const state = await feedState(agent, feed.id);
    expect(state).toMatchObject({ eventCount: 2, lastError: null });
    expect(state).toMatchObject({ lastWarningCode: 'feed.sync.eventsRejected', lastWarningParams: partial.warningParams });

    // Once the feed parses completely again, the warning clears.
    feeds.serve('/partial.ics', stays(a, b));
    expect(await sync(agent, feed.id)).toMatchObject({ status: 'updated', syncedCount: 2 });
    expect(await uids(agent)).toEqual(['a@x', 'b@x']);
    expect(await feedState(agent, feed.id)).toMatchObject({ lastWarning: null, lastWarningCode: null, lastWarningParams: null });
  });

  it('keeps past stays that drop out of the feed (Airbnb exports future dates only) and removes future ones', async () => {
    const { agent } = await t.loginAs('user');
    const past = { uid: 'past@x', start: day(-30), end: day(-25) };
    const ended = { uid: 'ended-today@x', start: day(-3), end: day(0) };
    const future = { uid: 'future@x', start: day(40), end: day(45) };
    const cancelled = { uid: 'cancelled@x', start: day(50), end: day(52) };
    const feed = await feedFor(agent, '/airbnb-past.ics', stays(past, ended, future, cancelled));
    await sync(agent, feed.id);
    expect(await uids(agent)).toEqual(['cancelled@x', 'ended-today@x', 'future@x', 'past@x']);

    feeds.serve('/airbnb-past.ics', stays(future));
    await sync(agent, feed.id);
    expect(await uids(agent)).toEqual(['ended-today@x', 'future@x', 'past@x']);
    expect((await feedState(agent, feed.id)).eventCount).toBe(3);
  });

  it('keeps the id of a booking that leaves the feed and comes back, so its personal note is still there', async () => {
    const { agent } = await t.loginAs('user');
    const stay = { uid: 'returning@x', start: day(20), end: day(23) };
    const other = { uid: 'other@x', start: day(30), end: day(33) };
    const feed = await feedFor(agent, '/returning.ics', stays(stay, other));
    await sync(agent, feed.id);
    const idOf = async (uid: string) =>
      ((await agent.get('/api/ical-feed-events').query(WINDOW).expect(200)).body as { id: string; source: { uid: string } }[]).find((e) => e.source.uid === uid)?.id;
    const id = (await idOf('returning@x'))!;
    expect(id).toMatch(/^ical-\d+-[0-9a-f]{16}$/);
    await agent.post('/api/ical-event-notes').send({ eventExternalId: id, notes: 'Gjestene kommer sent' }).expect(201);

    feeds.serve('/returning.ics', stays(other));
    await sync(agent, feed.id);
    expect(await idOf('returning@x')).toBeUndefined();
    feeds.serve('/returning.ics', stays(other, stay));
    await sync(agent, feed.id);
    expect(await idOf('returning@x')).toBe(id);
    expect((await agent.get(`/api/ical-event-notes/event/${id}`).expect(200)).body).toMatchObject({ notes: 'Gjestene kommer sent' });
    expect(await idOf('other@x')).not.toBe(id);
  });

  it('a feed with future bookings that turns valid-but-empty loses them only on the second empty parse in a row', async () => {
    const { agent } = await t.loginAs('user');
    const one = { uid: 'one@x', start: day(5), end: day(8) };
    const two = { uid: 'two@x', start: day(60), end: day(63) };
    const feed = await feedFor(agent, '/emptied.ics', stays(one, two));
    await sync(agent, feed.id);

    // One empty answer (an OTA glitch) keeps everything and says so in the feed status.
    feeds.serve('/emptied.ics', stays());
    const first = await sync(agent, feed.id);
    expect(first).toMatchObject({ status: 'updated', syncedCount: 0 });
    expect(first.warning).toMatch(/no future events.*2 stored event\(s\) are kept/);
    expect(await uids(agent)).toEqual(['one@x', 'two@x']);
    expect(await feedState(agent, feed.id)).toMatchObject({ lastWarning: first.warning, lastWarningCode: 'feed.sync.emptyHeldBack', lastWarningParams: { kept: 2 } });

    // The feed recovers: the count starts over, so the next single empty answer is held back again.
    feeds.serve('/emptied.ics', stays(one, two));
    expect((await sync(agent, feed.id)).warning).toBeUndefined();
    feeds.serve('/emptied.ics', stays());
    expect((await sync(agent, feed.id)).warning).toMatch(/no future events/);
    expect(await uids(agent)).toEqual(['one@x', 'two@x']);

    // A second empty parse in a row (the same body: it is re-read, not answered from the ETag) confirms it.
    const second = await sync(agent, feed.id);
    expect(second).toMatchObject({ status: 'updated', syncedCount: 0 });
    expect(second.warning).toBeUndefined();
    expect(feeds.requestsTo('/emptied.ics').at(-1)!.ifNoneMatch).toBeUndefined();
    expect(await uids(agent)).toEqual([]);
    expect(await feedState(agent, feed.id)).toMatchObject({ eventCount: 0, lastWarning: null });
  });

  it('re-parses an unchanged feed once its last parse is a day old, so recurring series roll forward', async () => {
    const { agent } = await t.loginAs('user');
    const feed = await feedFor(agent, '/daily.ics', stays({ uid: 'd@x', start: day(3), end: day(4) }));
    await sync(agent, feed.id);
    expect((await sync(agent, feed.id)).status).toBe('unchanged');
    expect(feeds.requestsTo('/daily.ics').at(-1)!.ifNoneMatch).toMatch(/^"/);

    await t.app.get(DataSource).query(`UPDATE ical_feeds SET last_parsed_at = $2::timestamptz - interval '25 hours' WHERE id = $1`, [feed.id, t.clock.now()]);
    expect((await sync(agent, feed.id)).status).toBe('updated');
    expect(feeds.requestsTo('/daily.ics').at(-1)!.ifNoneMatch).toBeUndefined(); // fetched in full, then parsed
    expect((await sync(agent, feed.id)).status).toBe('unchanged'); // and conditional again for the next day
  });

  it('does not fetch a disabled feed and says so', async () => {
    const { agent } = await t.loginAs('user');
    const url = feeds.serve('/off.ics', stays({ uid: 'off@x', start: day(3), end: day(4) }));
    const feed = (await agent.post('/api/ical-feeds').send({ name: 'Av', url, enabled: false }).expect(201)).body;
    await t.jobsDone();
    const answer = await sync(agent, feed.id);
    expect(answer).toMatchObject({ status: 'skipped', skipped: 'disabled', syncedCount: 0, message: 'Kalenderen er deaktivert og ble ikke synkronisert' });
    expect(feeds.requestsTo('/off.ics')).toHaveLength(0);
  });

  it('never runs two syncs of one feed at once: a scheduled one is skipped, a person\'s waits and then runs', async () => {
    const gated = await new GatedFeedServer().start();
    try {
      const { agent } = await t.loginAs('user');
      // The first sync is the one the app starts for a new feed (a job); it waits for the gated feed.
      const feed = (await agent.post('/api/ical-feeds').send({ name: 'Treg', url: gated.url }).expect(201)).body;
      await waitFor(() => gated.requests === 1, 'the first fetch');

      // A sync that does not wait (a scheduler tick) answers while the first still waits, and fetches nothing itself.
      const scheduled = await t.app.get(FeedSyncService).sync(feed.id);
      expect(scheduled).toMatchObject({ status: 'skipped', skipped: 'busy' });
      expect(syncMessage(scheduled, '')).toBe('Kalenderen synkroniseres allerede');
      expect(gated.requests).toBe(1);

      // 'Synkroniser nå' waits for the running sync instead of answering 'already syncing'…
      const manual = agent.post(`/api/ical-feeds/${feed.id}/sync`).then((r) => r.body);
      await new Promise((ok) => setTimeout(ok, 600));
      expect(gated.requests).toBe(1);
      gated.release(stays({ uid: 'slow@x', start: day(7), end: day(9) }));
      // …then runs its own once the lock is free (the gated server is asked again).
      await waitFor(() => gated.requests === 2, 'the waiting sync\'s fetch');
      gated.release(stays({ uid: 'slow@x', start: day(7), end: day(9) }));
      expect(await manual).toMatchObject({ status: 'unchanged', syncedCount: 1 });
      await t.jobsDone();
      expect(await feedState(agent, feed.id)).toMatchObject({ eventCount: 1, lastError: null });
    } finally {
      await gated.stop();
    }
  });

  it('queues a due feed once however many ticks run at once (the queue\'s singleton key, no tick lock)', async () => {
    const gated = await new GatedFeedServer().start();
    try {
      const { agent } = await t.loginAs('user');
      const feed = (await agent.post('/api/ical-feeds').send({ name: 'Tikk', url: gated.url }).expect(201)).body;
      await waitFor(() => gated.requests === 1, 'the first fetch');
      gated.release(stays({ uid: 'tick@x', start: day(7), end: day(9) }));
      await t.jobsDone();
      await t.app.get(DataSource).query('UPDATE ical_feeds SET next_sync_at = $2 WHERE id = $1', [feed.id, new Date(0)]);

      const scheduler = t.app.get(FeedScheduler);
      const [a, b] = await Promise.all([scheduler.tick(), scheduler.tick()]);
      expect(Math.min(a, b)).toBeGreaterThanOrEqual(1);
      // One sync fetches (and is held at the gate); the other tick's job was refused, so no second fetch follows.
      await waitFor(() => gated.requests === 2, 'the due feed\'s fetch');
      await new Promise((ok) => setTimeout(ok, 1500));
      gated.release(stays({ uid: 'tick@x', start: day(7), end: day(9) }));
      await t.jobsDone();
      expect(gated.requests).toBe(2);
    } finally {
      await gated.stop();
    }
  });
});

describe('sync requests that must not wait for a feed', () => {
  let t: TestApp;
  let gated: GatedFeedServer;
  beforeAll(async () => {
    gated = await new GatedFeedServer().start();
    // A long fetch timeout: an answer that waited for the hanging feed would take 30 s.
    t = await TestApp.start({ ALLOW_PRIVATE_FEED_HOSTS: 'true', FEED_TIMEOUT_SECONDS: '30' });
  });
  afterAll(async () => {
    gated.release(stays());
    await t.close();
    await gated.stop();
  });

  it("force_refresh on the admin user calendar starts a sync of the user's feeds and answers without waiting for it", async () => {
    const { agent: admin } = await t.loginAs('admin');
    const { agent: owner, user } = await t.loginAs('user');
    const feed = (await owner.post('/api/ical-feeds').send({ name: 'Airbnb', url: gated.url }).expect(201)).body;
    // A new feed is fetched at once (empty here); that sync ends before the test goes on.
    await waitFor(() => gated.requests === 1, 'the fetch of the new feed');
    gated.release(stays());
    await t.jobsDone();

    await admin.get(`/api/admin/user-calendar/${user.id}`).query(WINDOW).expect(200);
    expect(gated.requests).toBe(1); // a plain read never fetches

    const started = Date.now();
    const first = (await admin.get(`/api/admin/user-calendar/${user.id}`).query({ ...WINDOW, force_refresh: 'true' }).expect(200)).body;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(first.icalEvents).toEqual([]);
    await waitFor(() => gated.requests === 2, 'the background fetch');

    // When the feed answers, the next poll shows the booking.
    gated.release(stays({ uid: 'fresh@x', start: day(14), end: day(16) }));
    const polled = await waitFor(async () => {
      const cal = (await admin.get(`/api/admin/user-calendar/${user.id}`).query(WINDOW).expect(200)).body;
      return cal.icalEvents.length === 1 && cal;
    }, 'the imported booking');
    expect(polled.icalEvents[0]).toMatchObject({ startTime: day(14), source: { type: 'ical', feedName: 'Airbnb', feedId: feed.id } });
  });

  it('sync-all answers { success, total } at once while the syncs run in the background', async () => {
    const { agent: admin } = await t.loginAs('admin');
    const owner = await t.createUser('user');
    const before = gated.requests;
    const feed = (await admin.post('/api/ical-feeds').send({ name: 'Henger', url: gated.url, userId: owner.id }).expect(201)).body;
    await waitFor(() => gated.requests === before + 1, 'the fetch of the new feed');
    gated.release(stays());
    await t.jobsDone();

    const started = Date.now();
    const answer = (await admin.post('/api/admin/sync-all-ical').expect(200)).body;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer).toMatchObject({ success: true });
    expect(answer.total).toBeGreaterThanOrEqual(1);
    // Every enabled feed of this app points at the gated server; wait until all of them are fetching.
    await waitFor(() => gated.requests === before + 1 + answer.total, 'the background fetches');

    gated.release(stays({ uid: 'all@x', start: day(21), end: day(22) }));
    const synced = await waitFor(async () => {
      const all = (await admin.get('/api/admin/all-ical-feeds').expect(200)).body as { id: number; eventCount: number }[];
      const row = all.find((f) => f.id === feed.id)!;
      return row.eventCount === 1 && row;
    }, 'the background sync to store the event');
    expect(synced).toMatchObject({ lastError: null });
  });
});
