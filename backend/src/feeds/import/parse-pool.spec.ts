/**
 * FeedParsePool on real worker threads: a rule that never yields is stopped and reported while the rest of the
 * feed imports; rules that explode stop at the instance budgets; the main thread stays free meanwhile.
 */
import { loadConfig } from '../../config/app-config';
import { parseFeed, STALLED_SERIES } from './parse-feed';
import { FeedParsePool } from './parse-pool';

const WINDOW = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2029-01-01T00:00:00Z') };
const OPTIONS = { window: WINDOW, defaultTimeZone: 'Europe/Oslo' };

function calendar(...events: string[][]): Buffer {
  const vevents = events.map((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n'));
  return Buffer.from(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...vevents, 'END:VCALENDAR', ''].join('\r\n'));
}

const NEVER_YIELDS = ['UID:never', 'DTSTART;VALUE=DATE:20260101', 'SUMMARY:Never', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'];
const minutely = (uid: string) => [`UID:${uid}`, 'DTSTART:20260101T000000Z', 'DTEND:20260101T000100Z', 'SUMMARY:Tick', 'RRULE:FREQ=MINUTELY'];
const BOOKING = ['UID:booking-1', 'DTSTART;VALUE=DATE:20260610', 'DTEND;VALUE=DATE:20260614', 'SUMMARY:Reserved'];

describe('FeedParsePool', () => {
  let pool: FeedParsePool;
  beforeAll(() => {
    pool = new FeedParsePool(loadConfig({ FEED_MAX_INSTANCES: '5000' }));
  });
  afterAll(() => pool.onApplicationShutdown());

  it('stops a rule that never yields, rejects that series and imports the rest, without blocking the main thread', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const started = Date.now();
    const result = await pool.parse(calendar(NEVER_YIELDS, BOOKING), OPTIONS);
    const elapsed = Date.now() - started;
    clearInterval(ticker);

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.events.map((e) => e.uid)).toEqual(['booking-1']);
    expect(result.rejected).toEqual([{ uid: 'never', code: 'feed.event.stalledSeries', reason: STALLED_SERIES }]);
    // The main thread's timer kept firing while the worker was stuck (roughly one tick per 20 ms elapsed).
    expect(ticks).toBeGreaterThan(elapsed / 20 / 2);
  }, 30_000);

  it('caps exploding rules at the per-series and per-feed instance budgets and says so', async () => {
    const result = await pool.parse(calendar(minutely('tick-1'), minutely('tick-2'), minutely('tick-3'), BOOKING), OPTIONS);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const perUid = new Map<string, number>();
    for (const e of result.events) perUid.set(e.uid, (perUid.get(e.uid) ?? 0) + 1);
    // 2,000 per series, 5,000 per feed: 2,000 + 2,000 + 1,000, and the single booking is never cut.
    expect([perUid.get('tick-1'), perUid.get('tick-2'), perUid.get('tick-3'), perUid.get('booking-1')]).toEqual([2000, 2000, 1000, 1]);
    expect(result.truncated).toEqual([
      { uid: 'tick-1', imported: 2000, limit: 'instancesPerEvent' },
      { uid: 'tick-2', imported: 2000, limit: 'instancesPerEvent' },
      { uid: 'tick-3', imported: 1000, limit: 'instancesPerFeed' },
    ]);
    expect(result.rejected).toEqual([]);
  }, 30_000);

  it('gives the same events as an in-thread parse for an ordinary feed', async () => {
    const weekly = ['UID:weekly', 'DTSTART:20260105T090000Z', 'DTEND:20260105T100000Z', 'SUMMARY:Cleaning', 'RRULE:FREQ=WEEKLY;COUNT=10'];
    const body = calendar(weekly, BOOKING);
    const inWorker = await pool.parse(body, OPTIONS);
    expect(inWorker).toEqual(parseFeed(body, { ...OPTIONS, budget: { instancesPerFeed: 5000, instancesPerEvent: 2000, msPerEvent: 1000 } }));
    expect(inWorker.ok && inWorker.events.length).toBe(11);
  });
});
