import { FeedServer, fixture, stays } from './helpers/feed-server';
import { TestApp } from './helpers/test-app';

/**
 * Calendars as the world writes them, through a real feed server on 127.0.0.1 (docs/interop.md#rules-for-feeds-we-did-not-write):
 * dates without VALUE=DATE, an absurd DURATION, bad events beside removals, and refusals that always carry a code.
 */

type Agent = Awaited<ReturnType<TestApp['loginAs']>>['agent'];
type FeedEvent = { title: string; startTime: string; endTime: string; allDay: boolean; source: { uid: string } };
const YEAR_2027 = { startDate: '2027-01-01', endDate: '2028-01-01' };

describe('feeds as other programs write them', () => {
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
  async function feedFor(agent: Agent, path: string, body: Buffer | string) {
    const url = feeds.serve(path, body);
    const feed = (await agent.post('/api/ical-feeds').send({ name: path.slice(1), url }).expect(201)).body as { id: number };
    await t.jobsDone();
    return feed;
  }
  const sync = async (agent: Agent, id: number) => (await agent.post(`/api/ical-feeds/${id}/sync`).expect(200)).body;
  const events = async (agent: Agent) => (await agent.get('/api/ical-feed-events').query(YEAR_2027).expect(200)).body as FeedEvent[];
  const uids = async (agent: Agent) => (await events(agent)).map((e) => e.source.uid).sort();

  it('imports a holiday calendar whose dates have no VALUE=DATE as all-day days', async () => {
    const { agent } = await t.loginAs('user');
    const feed = await feedFor(agent, '/holidays.ics', fixture('dates-without-value.ics'));
    // Six with Grunnlovsdag's 2028 instance, which the sync window (two years ahead) holds.
    expect(await sync(agent, feed.id)).toMatchObject({ status: 'unchanged', syncedCount: 6 });
    const days = (await events(agent)).map((e) => [e.source.uid, e.startTime, e.endTime, e.allDay]);
    expect(days).toEqual(
      expect.arrayContaining([
        ['julaften-2027@fixtures.invalid', '2027-12-24', '2027-12-25', true],
        ['juledag-2027@fixtures.invalid', '2027-12-25', '2027-12-26', true],
        ['romjul-2027@fixtures.invalid', '2027-12-27', '2027-12-30', true],
        ['grunnlovsdag@fixtures.invalid', '2027-05-17', '2027-05-18', true],
      ]),
    );
    expect(days).toHaveLength(5);
  });

  it('a feed with one bad event still removes a booking that disappeared from it, a cancelled stay included, sync after sync', async () => {
    const { agent } = await t.loginAs('user');
    const bad = { uid: 'bad@x', start: '2027-02-01', end: '2027-02-05' };
    const stay = { uid: 'stay@x', start: '2027-03-01', end: '2027-03-04' };
    const leaving = { uid: 'leaving@x', start: '2027-04-01', end: '2027-04-03' };
    const later = { uid: 'later@x', start: '2027-05-01', end: '2027-05-03' };
    const feed = await feedFor(agent, '/one-bad.ics', stays(bad, stay, leaving, later));
    expect(await uids(agent)).toEqual(['bad@x', 'later@x', 'leaving@x', 'stay@x']);

    // From now on bad@x cannot be read; leaving@x was cancelled and left the feed.
    const broken = (...items: (typeof stay)[]) => stays(bad, ...items).replace('DTEND;VALUE=DATE:20270205', 'DTEND;VALUE=DATE:20270132');
    feeds.serve('/one-bad.ics', broken(stay, later));
    const first = await sync(agent, feed.id);
    expect(first).toMatchObject({ status: 'updated', syncedCount: 2, warningCode: 'feed.sync.eventsRejected', warningParams: { skipped: 1, reason: 'feed.event.invalidEnd' } });
    expect(await uids(agent)).toEqual(['bad@x', 'later@x', 'stay@x']);

    // The bad event stays bad: the next sync removes what leaves all the same.
    feeds.serve('/one-bad.ics', broken(stay));
    expect(await sync(agent, feed.id)).toMatchObject({ status: 'updated', warningCode: 'feed.sync.eventsRejected' });
    expect(await uids(agent)).toEqual(['bad@x', 'stay@x']);
    const [state] = ((await agent.get('/api/ical-feeds').expect(200)).body as { id: number; eventCount: number; lastError: string | null }[]).filter((f) => f.id === feed.id);
    expect(state).toMatchObject({ eventCount: 2, lastError: null });
  });

  it('rejects an event with an absurd DURATION with a warning and imports the rest', async () => {
    const { agent } = await t.loginAs('user');
    const feed = await feedFor(agent, '/absurd.ics', fixture('absurd-duration.ics'));
    const answer = await sync(agent, feed.id);
    expect(answer).toMatchObject({ status: 'unchanged', syncedCount: 1 });
    const [state] = ((await agent.get('/api/ical-feeds').expect(200)).body as Record<string, unknown>[]).filter((f) => f.id === feed.id);
    expect(state).toMatchObject({
      lastError: null,
      lastErrorCode: null,
      eventCount: 1,
      lastWarningCode: 'feed.sync.eventsRejected',
      lastWarningParams: { skipped: 2, reason: 'feed.event.invalidDuration' },
    });
    expect(await uids(agent)).toEqual(['good-duration@fixtures.invalid']);
  });

  it('a yearly 29 February is kept to leap years, RSCALE=HEBREW is refused with a warning, an all-day UTC UNTIL ends on its UTC date', async () => {
    const { agent } = await t.loginAs('user');
    const feed = await feedFor(agent, '/recurrence.ics', fixture('recurrence-edge-cases.ics'));
    // The sync window reaches from a year before the fixed today (2026-06-01) to two years after.
    const all = (await agent.get('/api/ical-feed-events').query({ startDate: '2025-06-01', endDate: '2028-06-01' }).expect(200)).body as FeedEvent[];
    const starts = (uid: string) => all.filter((e) => e.source.uid === uid).map((e) => e.startTime);
    expect(starts('leap-day@fixtures.invalid')).toEqual(['2028-02-29']);
    expect(starts('leap-day-count@fixtures.invalid')).toEqual(['2028-02-29']);
    expect(starts('allday-until-utc@fixtures.invalid')).toEqual(['2027-03-01', '2027-03-02', '2027-03-03']);
    expect(starts('hebrew-yearly@fixtures.invalid')).toEqual([]);
    const [state] = ((await agent.get('/api/ical-feeds').expect(200)).body as Record<string, unknown>[]).filter((f) => f.id === feed.id);
    expect(state).toMatchObject({ lastError: null, lastWarningCode: 'feed.sync.eventsRejected', lastWarningParams: { skipped: 1, reason: 'feed.event.unsupportedCalendarScale' } });
  });

  it('every refusal has a code, and only an answer that is no calendar says the link may have expired', async () => {
    const { agent } = await t.loginAs('user');
    const feed = await feedFor(agent, '/refusals.ics', stays({ uid: 'kept@x', start: '2027-06-01', end: '2027-06-03' }));
    const refusal = async (name: string, body: string) => {
      feeds.serve('/refusals.ics', body, name === 'html' ? 'text/html' : 'text/calendar');
      const answer = await sync(agent, feed.id);
      expect([name, answer.status, answer.syncedCount]).toEqual([name, 'failed', 1]);
      return answer as { error: string; errorCode: string; errorParams: Record<string, unknown> };
    };
    const good = stays({ uid: 'kept@x', start: '2027-06-01', end: '2027-06-03' });
    const cases: [string, string, string][] = [
      ['html', fixture('not-a-calendar.ics').toString(), 'feed.parse.notACalendar'],
      ['empty', '', 'feed.parse.notACalendar'],
      ['junk before the calendar', `Warning: Undefined variable $x\r\n${good}`, 'feed.parse.structure'],
      ['unbalanced', good.replace('END:VEVENT\r\n', ''), 'feed.parse.structure'],
      ['unreadable outside any event', good.replace('BEGIN:VEVENT', 'BEGIN:VTIMEZONE\r\nTZID:X\r\nBEGIN:STANDARD\r\nRRULE:FREQ=NEVER\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\nBEGIN:VEVENT'), 'feed.parse.unreadable'],
      ['truncated', fixture('truncated.ics').toString(), 'feed.parse.truncated'],
    ];
    for (const [name, body, code] of cases) {
      const answer = await refusal(name, body);
      expect([name, answer.errorCode]).toEqual([name, code]);
      // The owner's text comes from the catalogue by code; no parameter carries a library's error text.
      expect(JSON.stringify(answer.errorParams)).not.toMatch(/Cannot read|undefined|invalid frequency/);
      if (code !== 'feed.parse.notACalendar') expect(answer.error).not.toMatch(/expired/);
    }
    expect(await uids(agent)).toEqual(['kept@x']);
  });
});
