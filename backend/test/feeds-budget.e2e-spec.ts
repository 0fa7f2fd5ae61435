import { STALLED_SERIES } from '../src/feeds/import/parse-feed';
import { FeedServer } from './helpers/feed-server';
import { TestApp } from './helpers/test-app';

/**
 * No feed can stall the service: a rule that never yields and rules that explode are read on
 * worker threads within a time and instance budget, while health and calendar reads keep answering; and one user
 * cannot add feeds without limit.
 */

function calendar(...events: string[][]): string {
  const vevents = events.map((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n'));
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...vevents, 'END:VCALENDAR', ''].join('\r\n');
}
// TEST_NOW is 2026-06-01: every series below starts inside the sync window.
const NEVER_YIELDS = ['UID:never', 'DTSTART;VALUE=DATE:20260101', 'SUMMARY:Never', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'];
const minutely = (uid: string) => [`UID:${uid}`, 'DTSTART:20260501T000000Z', 'DTEND:20260501T000100Z', 'SUMMARY:Tick', 'RRULE:FREQ=MINUTELY'];
const booking = (uid: string) => [`UID:${uid}`, 'DTSTART;VALUE=DATE:20260610', 'DTEND;VALUE=DATE:20260614', 'SUMMARY:Reserved'];

type FeedState = { id: number; eventCount: number; lastError: string | null; lastWarning: string | null; lastWarningCode: string | null };

describe('feed budgets', () => {
  let t: TestApp;
  let feeds: FeedServer;
  beforeAll(async () => {
    feeds = await new FeedServer().start();
    t = await TestApp.start({ ALLOW_PRIVATE_FEED_HOSTS: 'true', FEEDS_PER_USER: '3' });
  });
  afterAll(async () => {
    await t.close();
    await feeds.stop();
  });

  // How fast those reads stay is measured by `npm run bench` (feed-sync), not asserted here.
  it('imports a never-yielding and three exploding rules while /api/health and a calendar read keep answering', async () => {
    const { agent } = await t.loginAs('user');
    const stalling = feeds.serve('/never.ics', calendar(NEVER_YIELDS, booking('kept-1')));
    const exploding = feeds.serve('/minutely.ics', calendar(minutely('tick-1'), minutely('tick-2'), minutely('tick-3'), booking('kept-2')));

    // Both feeds are synced by the job workers as soon as they exist. The watchdog needs a full second before it
    // stops the never-yielding rule, so reads answered in that time show the parsing is off the event loop.
    let syncing = true;
    const answered = { health: 0, calendar: 0 };
    const probe = (async () => {
      while (syncing) {
        for (const [name, path] of [['health', '/api/health'], ['calendar', '/api/ical-feed-events?startDate=2026-06-01&endDate=2026-07-01']] as const) {
          await agent.get(path).expect(200);
          if (syncing) answered[name]++;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const created = [];
    for (const [name, url] of [['Never', stalling], ['Minutely', exploding]]) {
      created.push((await agent.post('/api/ical-feeds').send({ name, url }).expect(201)).body as { id: number });
    }
    await t.jobsDone();
    syncing = false;
    await probe;

    const state = ((await agent.get('/api/ical-feeds').expect(200)).body as FeedState[]).sort((a, b) => a.id - b.id);
    expect(state.map((f) => f.id)).toEqual(created.map((f) => f.id));
    const [never, minutelyFeed] = state;
    // The stuck series is reported and left out; the feed's other event is imported.
    expect(never).toMatchObject({ lastError: null, eventCount: 1, lastWarningCode: 'feed.sync.eventsRejected', lastWarningParams: { skipped: 1, reason: 'feed.event.stalledSeries' } });
    expect(never.lastWarning).toContain(STALLED_SERIES);
    // 2,000 per series, 5,000 per feed, and the single booking beside them.
    expect(minutelyFeed).toMatchObject({ lastError: null, eventCount: 5001, lastWarningCode: 'feed.sync.recurrenceTruncated' });
    expect(answered.health).toBeGreaterThanOrEqual(3);
    expect(answered.calendar).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('refuses a feed past FEEDS_PER_USER with 409, for the owner and for an admin adding one for them', async () => {
    const { agent, user } = await t.loginAs('user');
    for (let i = 1; i <= 3; i++) await agent.post('/api/ical-feeds').send({ name: `Feed ${i}`, url: feeds.serve(`/limit-${i}.ics`, calendar(booking(`b${i}`))) }).expect(201);
    const refused = await agent.post('/api/ical-feeds').send({ name: 'Feed 4', url: feeds.serve('/limit-4.ics', calendar(booking('b4'))) }).expect(409);
    expect(refused.body).toMatchObject({ code: 'feed_limit_reached', params: { max: 3 } });

    const admin = await t.loginAs('admin');
    await admin.agent.post('/api/ical-feeds').send({ name: 'Feed 4', url: feeds.url + '/limit-4.ics', userId: user.id }).expect(409);
    expect((await agent.get('/api/ical-feeds').expect(200)).body).toHaveLength(3);
    await t.jobsDone();
  });
});
