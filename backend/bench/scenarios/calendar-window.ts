import { DataSource } from 'typeorm';
import { mapEvent, mapMarkedDay } from '../../src/calendar/calendar.dto';
import { CalendarService } from '../../src/calendar/calendar.service';
import { DateRange, dayOf, toDateRange } from '../../src/common/time/date-range';
import { CalendarEvent } from '../../src/calendar/event.entity';
import { MarkedDay } from '../../src/calendar/marked-day.entity';
import { ExternalBookingsStore } from '../../src/bookings/external-bookings.store';
import { mapFeedEvent } from '../../src/feeds/feeds.dto';
import { UsersService } from '../../src/users/users.service';
import type { AppUnderTest } from '../lib/app-under-test';
import { BaselineHandler, sendJson, sessionUser, startBaseline } from '../lib/baseline';
import { probe } from '../lib/http-probe';
import type { QueryPool } from '../lib/engines';
import { LoadResult, measure } from '../lib/load';
import { captureStatement, entityReader } from '../lib/replay-sql';
import { round, Scenario, versusBaseline } from '../lib/scenario';
import { BENCH_PASSWORD, currentWindow, seedHost } from '../lib/seed-calendar';

/** The three reads the calendar client makes for one view, in the order each connection repeats them. */
const WINDOW_PATHS = ['/api/events', '/api/marked-days', '/api/ical-feed-events'];
const MAIN_SIZE = 5000;
const HISTORY_SIZES = [1000, 10_000, 100_000];

const METHOD =
  'autocannon request sequence: each connection requests events, marked-days and ical-feed-events for the same 3 months in turn ' +
  '(one pass = one calendar window), every body checked; req/s and latencies are per request, windowsPerSecond = req/s ÷ 3.';

/**
 * The calendar read for one 3-month window against a bare baseline, then the same read for hosts whose history
 * is 1k, 10k and 100k events long (each with ~125 events in the window): the (user, time range) GiST indexes
 * should keep the cost flat however long the history.
 */
export const calendarWindow: Scenario = {
  name: 'calendar-window',
  title: 'events + marked days + imported events for one 3-month window',

  async run({ db, app, load }) {
    const window = currentWindow();
    const sizes = [MAIN_SIZE, ...HISTORY_SIZES];
    const hosts = new Map<number, string>();
    for (const size of sizes) {
      const username = `bench-calendar-${size}@example.com`;
      await seedHost(app, username, size, window);
      hosts.set(size, await app.login(username, BENCH_PASSWORD));
    }
    await app.app.get(DataSource).query('ANALYZE events, marked_days, external_bookings');

    const pool = db.openBaselinePool();
    const baseline = await startBaseline(await windowBaseline(app, pool));
    try {
      const paths = WINDOW_PATHS.map((p) => `${p}?${window.query}`);
      const cookie = hosts.get(MAIN_SIZE)!;
      const bodies = await sameAnswers(app.url, baseline.url, paths, cookie);
      const target = (origin: string, headers: Record<string, string>, oneOf: string[]) => ({ url: origin, headers, sequence: paths, verify: { oneOf } });
      const main = {
        app: await measure(target(app.url, { cookie }, bodies), load),
        baseline: await measure(target(baseline.url, { cookie }, bodies), load),
      };
      const counts = windowCounts(bodies);

      const bySize = new Map<number, LoadResult>([[MAIN_SIZE, main.app]]);
      const sizeCounts: Record<string, number> = {};
      for (const size of HISTORY_SIZES) {
        const sizeCookie = hosts.get(size)!;
        const sizeBodies = await Promise.all(paths.map((p) => get(`${app.url}${p}`, sizeCookie)));
        sizeCounts[`windowEventsAt${label(size)}`] = windowCounts(sizeBodies).windowEvents;
        bySize.set(size, await measure(target(app.url, { cookie: sizeCookie }, sizeBodies), load));
      }

      const history: Record<string, number> = {};
      for (const size of [HISTORY_SIZES[0], MAIN_SIZE, ...HISTORY_SIZES.slice(1)]) {
        const r = bySize.get(size)!;
        history[`p50At${label(size)}`] = r.p50;
        history[`meanMsAt${label(size)}`] = round(r.mean, 2);
        history[`rpsAt${label(size)}`] = round(r.rps);
      }
      const small = bySize.get(HISTORY_SIZES[0])!;
      const large = bySize.get(HISTORY_SIZES[HISTORY_SIZES.length - 1])!;
      return [
        versusBaseline('calendar-window', main, 0.5, { windowsPerSecond: round(main.app.rps / 3), baselineWindowsPerSecond: round(main.baseline.rps / 3), hostEvents: MAIN_SIZE, ...counts }, METHOD),
        {
          scenario: 'calendar-window-history',
          method: `The same window read (app only) for hosts with 1k, 5k, 10k and 100k events over 10 years, each with a similar number in the window; ${METHOD}`,
          figures: { ...history, ...sizeCounts, p50Ratio: round(large.p50 / small.p50, 3), meanRatio: round(large.mean / small.mean, 3) },
          target: { figure: 'p50Ratio', op: '<=', value: 1.5 },
        },
      ];
    } finally {
      await baseline.close();
      await pool.end();
    }
  },
};

const label = (size: number) => (size >= 1000 ? `${size / 1000}k` : String(size));

/**
 * The same three answers with node:http and the app's own SQL: session row, user row, then the statement the
 * app's service sends for the path, mapped with the app's own mapX functions. Imported events go through
 * ExternalBookingsStore itself (plain SQL over whatever `query` it is given), here on the baseline's pool.
 */
async function windowBaseline(app: AppUnderTest, pool: QueryPool): Promise<BaselineHandler> {
  const dataSource = app.app.get(DataSource);
  const calendar = app.app.get(CalendarService);
  const probe = { userId: 987_654, start: new Date('2001-02-03T04:05:06Z'), end: new Date('2001-05-03T04:05:06Z') };
  const marked = markedDayBounds(probe);
  const userSql = (await captureStatement(dataSource, { userId: probe.userId }, () => app.app.get(UsersService).findById(probe.userId))).sql;
  const eventsSql = await captureStatement(dataSource, probe, () => calendar.listEvents(probe.userId, probe));
  const markedSql = await captureStatement(dataSource, { userId: probe.userId, ...marked }, () => calendar.listMarkedDays(probe.userId, probe));
  const toEvent = entityReader(dataSource, CalendarEvent, 'e');
  const toMarkedDay = entityReader(dataSource, MarkedDay, 'd');
  const feedEvents = new ExternalBookingsStore({ query: async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rows } as unknown as DataSource);

  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://baseline');
    const user = await sessionUser(pool, app.sessionSecret, userSql, req);
    if (!user) return sendJson(res, 401, { message: 'Du må logge inn' });
    const range = toDateRange(url.searchParams.get('startDate') ?? '', url.searchParams.get('endDate') ?? '');
    const userId = user.id;
    if (url.pathname === '/api/events') {
      const { rows } = await pool.query(eventsSql.sql, eventsSql.params({ userId, ...range }));
      return sendJson(res, 200, rows.map((r) => mapEvent(toEvent(r))));
    }
    if (url.pathname === '/api/marked-days') {
      const { rows } = await pool.query(markedSql.sql, markedSql.params({ userId, ...markedDayBounds(range) }));
      return sendJson(res, 200, rows.map((r) => mapMarkedDay(toMarkedDay(r))));
    }
    if (url.pathname === '/api/ical-feed-events') return sendJson(res, 200, (await feedEvents.listForUser(userId, range)).map(mapFeedEvent));
    sendJson(res, 404, { message: 'Not found' });
  };
}

/** The date bounds CalendarService.listMarkedDays derives from a range (days touched by [start, end)). */
function markedDayBounds(range: DateRange) {
  return { from: dayOf(range.start), to: dayOf(new Date(range.end.getTime() + 86_399_999)) };
}

async function get(url: string, cookie: string): Promise<string> {
  const res = await probe(url, { headers: { cookie } });
  const body = res.body.toString('utf8');
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${body}`);
  return body;
}

/** Each path must answer the same 200 body from the app and the baseline before either is measured. */
async function sameAnswers(appOrigin: string, baselineOrigin: string, paths: string[], cookie: string): Promise<string[]> {
  return Promise.all(
    paths.map(async (p) => {
      const [fromApp, fromBaseline] = await Promise.all([get(`${appOrigin}${p}`, cookie), get(`${baselineOrigin}${p}`, cookie)]);
      if (fromApp !== fromBaseline) throw new Error(`The baseline does not answer ${p} like the app.\n  app:      ${fromApp.slice(0, 400)}\n  baseline: ${fromBaseline.slice(0, 400)}`);
      return fromApp;
    }),
  );
}

function windowCounts([events, marked, imported]: string[]) {
  return {
    windowEvents: JSON.parse(events).length,
    windowMarkedDays: JSON.parse(marked).length,
    windowImported: JSON.parse(imported).length,
    windowBytes: events.length + marked.length + imported.length,
  };
}
