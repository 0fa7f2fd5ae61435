import { isDeepStrictEqual } from 'node:util';
import { DataSource } from 'typeorm';
import { SOURCE_KIND_NAMES } from '../../src/bookings/external-booking.types';
import { dayOf } from '../../src/common/time/date-range';
import { ConflictsService } from '../../src/conflicts/conflicts.service';
import { EXTERNAL_BOOKING_COLOR } from '../../src/bookings/external-booking.dto';
import { BaselineHandler, sessionIdFromCookie, startBaseline } from '../lib/baseline';
import type { QueryPool } from '../lib/engines';
import { probe } from '../lib/http-probe';
import { LoadResult, LoadSettings, measure } from '../lib/load';
import { round, Scenario, ScenarioEntry, versusBaseline } from '../lib/scenario';
import { BENCH_PASSWORD, currentWindow, seedHost } from '../lib/seed-calendar';

/** The three reads the calendar client made for one view, in the order each connection repeats them. */
const SEPARATE_PATHS = ['/api/events', '/api/marked-days', '/api/ical-feed-events'];
/** The one read the calendar page makes for a view (GET /api/calendar-window). */
const WINDOW_PATH = '/api/calendar-window';
const MAIN_SIZE = 5000;
const HISTORY_SIZES = [1000, 10_000, 100_000];
/** The measurement: 50 connections (the other scenarios keep the default). */
const CONNECTIONS = 50;
/** Two feeds of 500 bookings each, as the issue describes the heavy host. */
const FEEDS = 2;

const METHOD =
  `autocannon, ${CONNECTIONS} connections, every body checked. calendar-window: GET ${WINDOW_PATH} (own events, marked days and imported ` +
  'bookings for 3 months in one answer) against a bare node:http + pg handler answering the same JSON with ONE SQL statement ' +
  '(session, user and json_agg of the three lists). calendar-window-spec-calls: each connection requests events, marked-days and ' +
  'ical-feed-events in turn, against the same kind of handler with one statement per call; windowsPerSecond = req/s ÷ 3.';

/**
 * The calendar read for one 3-month window against a bare baseline that builds the answer in one SQL statement (the
 * least any server can do), then the same read for hosts whose history is 1k, 10k and 100k events long (each with
 * ~125 events in the window): the (user, time range) GiST indexes should keep the cost flat however long the history.
 */
export const calendarWindow: Scenario = {
  name: 'calendar-window',
  title: 'events + marked days + imported events for one 3-month window',

  async run({ db, app, load: defaults }) {
    const load: LoadSettings = { ...defaults, connections: CONNECTIONS };
    const window = currentWindow();
    const sizes = [MAIN_SIZE, ...HISTORY_SIZES];
    const hosts = new Map<number, string>();
    for (const size of sizes) {
      const username = `bench-calendar-${size}@example.com`;
      const { user } = await seedHost(app, username, size, window, FEEDS);
      // The main host's double bookings, stored as detection after an import stores them; the read only reads them.
      if (size === MAIN_SIZE) await app.app.get(ConflictsService).detect(user.id);
      hosts.set(size, await app.login(username, BENCH_PASSWORD));
    }
    await app.app.get(DataSource).query('ANALYZE events, marked_days, external_bookings');

    const pool = db.openBaselinePool();
    const baseline = await startBaseline(jsonAggBaseline(pool, app.sessionSecret));
    try {
      const cookie = hosts.get(MAIN_SIZE)!;
      const separatePaths = SEPARATE_PATHS.map((p) => `${p}?${window.query}`);
      const windowPath = `${WINDOW_PATH}?${window.query}`;
      // An app without the combined read (an older commit): only the three separate calls are measured.
      const hasWindowRead = (await probe(`${app.url}${windowPath}`, { headers: { cookie } })).status !== 404;
      const readPaths = hasWindowRead ? [windowPath] : separatePaths;
      const entries: ScenarioEntry[] = [];

      const compare = async (paths: string[]) => {
        const [appBodies, baselineBodies] = await sameAnswers(app.url, baseline.url, paths, cookie);
        return {
          app: await measure({ url: app.url, headers: { cookie }, sequence: paths, verify: { oneOf: appBodies } }, load),
          baseline: await measure({ url: baseline.url, headers: { cookie }, sequence: paths, verify: { oneOf: baselineBodies } }, load),
          bodies: appBodies,
        };
      };
      if (hasWindowRead) {
        const m = await compare([windowPath]);
        const answer = JSON.parse(m.bodies[0]);
        entries.push(versusBaseline('calendar-window', m, 0.7, { windowsPerSecond: round(m.app.rps), baselineWindowsPerSecond: round(m.baseline.rps), hostEvents: MAIN_SIZE, feeds: FEEDS, ...counts(answer.events, answer.markedDays, answer.feedEvents, m.bodies[0].length) }, METHOD));
        entries.push(await revalidation(app.url, windowPath, cookie, m.baseline, load));
      }
      const spec = await compare(separatePaths);
      const [events, marked, imported] = spec.bodies.map((b) => JSON.parse(b));
      entries.push(versusBaseline(hasWindowRead ? 'calendar-window-spec-calls' : 'calendar-window', spec, 0.7, { windowsPerSecond: round(spec.app.rps / 3), baselineWindowsPerSecond: round(spec.baseline.rps / 3), hostEvents: MAIN_SIZE, feeds: FEEDS, ...counts(events, marked, imported, spec.bodies.join('').length) }, METHOD));

      const bySize = new Map<number, LoadResult>();
      const sizeCounts: Record<string, number> = {};
      for (const size of [HISTORY_SIZES[0], MAIN_SIZE, ...HISTORY_SIZES.slice(1)]) {
        const sizeCookie = hosts.get(size)!;
        const sizeBodies = await Promise.all(readPaths.map((p) => get(`${app.url}${p}`, sizeCookie)));
        sizeCounts[`windowEventsAt${label(size)}`] = hasWindowRead ? JSON.parse(sizeBodies[0]).events.length : JSON.parse(sizeBodies[0]).length;
        bySize.set(size, await measure({ url: app.url, headers: { cookie: sizeCookie }, sequence: readPaths, verify: { oneOf: sizeBodies } }, load));
      }
      const history: Record<string, number> = {};
      for (const [size, r] of bySize) {
        history[`p50At${label(size)}`] = r.p50;
        history[`meanMsAt${label(size)}`] = round(r.mean, 2);
        history[`rpsAt${label(size)}`] = round(r.rps);
      }
      const small = bySize.get(HISTORY_SIZES[0])!;
      const large = bySize.get(HISTORY_SIZES[HISTORY_SIZES.length - 1])!;
      entries.push({
        scenario: 'calendar-window-history',
        method: `The same window read (app only, ${readPaths.length === 1 ? WINDOW_PATH : "the three calls"}) for hosts with 1k, 5k, 10k and 100k events over 10 years, each with a similar number in the window.`,
        figures: { ...history, ...sizeCounts, p50Ratio: round(large.p50 / small.p50, 3), meanRatio: round(large.mean / small.mean, 3) },
        target: { figure: 'p50Ratio', op: '<=', value: 1.5 },
      });
      return entries;
    } finally {
      await baseline.close();
      await pool.end();
    }
  },
};

/**
 * calendar-window-304 alone (BENCH_SCENARIOS=calendar-window-304): the main host only, its bare handler's full answer
 * and the app's 304 revalidation, without the history hosts that calendar-window seeds (100k
 * events); the same entry as in calendar-window, for working on the per-request path.
 */
export const calendarWindowRevalidation: Scenario = {
  name: 'calendar-window-304',
  title: 'a 304 revalidation of one 3-month window against the bare full answer',

  async run({ db, app, load: defaults }) {
    const load: LoadSettings = { ...defaults, connections: CONNECTIONS };
    const window = currentWindow();
    const username = 'bench-calendar-304@example.com';
    const { user } = await seedHost(app, username, MAIN_SIZE, window, FEEDS);
    await app.app.get(ConflictsService).detect(user.id);
    const cookie = await app.login(username, BENCH_PASSWORD);
    await app.app.get(DataSource).query('ANALYZE events, marked_days, external_bookings');
    const pool = db.openBaselinePool();
    const baseline = await startBaseline(jsonAggBaseline(pool, app.sessionSecret));
    try {
      const windowPath = `${WINDOW_PATH}?${window.query}`;
      const [, baselineBodies] = await sameAnswers(app.url, baseline.url, [windowPath], cookie);
      const bareFull = await measure({ url: baseline.url, headers: { cookie }, sequence: [windowPath], verify: { oneOf: baselineBodies } }, load);
      const entry = await revalidation(app.url, windowPath, cookie, bareFull, load);
      entry.figures = { ...entry.figures, bareFullCpuUsPerRequest: round(bareFull.cpuUsPerRequest) };
      return [entry];
    } finally {
      await baseline.close();
      await pool.end();
    }
  },
};

/**
 * The headers the app's calendar read carries when it revalidates a window it has (Chromium's fetch with
 * cache: 'no-store' and the app's If-None-Match): what a 304 is parsed, checked and answered against.
 */
const REVALIDATION_HEADERS = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'nb-NO,nb;q=0.9,no;q=0.8,en;q=0.7',
  'cache-control': 'no-cache',
  pragma: 'no-cache',
  'sec-ch-ua': '"Chromium";v="141", "Not?A_Brand";v="8"',
  'sec-ch-ua-mobile': '?1',
  'sec-ch-ua-platform': '"Android"',
  'sec-fetch-dest': 'empty',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'same-origin',
  'user-agent': 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36',
};

/**
 * calendar-window-304: the same window revalidated with the ETag the app got, as the app sends it (docs/api.md,
 * Conditional requests), every answer a 304. Target: 1.5 × the bare handler's full answers per second, which a
 * validator read from a per-owner version can reach and one made by rendering and hashing the answer cannot.
 */
async function revalidation(appUrl: string, windowPath: string, cookie: string, bareFull: LoadResult, load: LoadSettings): Promise<ScenarioEntry> {
  const first = await probe(`${appUrl}${windowPath}`, { headers: { cookie } });
  const etag = first.headers.etag;
  if (first.status !== 200 || typeof etag !== 'string') throw new Error(`GET ${windowPath} answered ${first.status} without an ETag`);
  const headers = { ...REVALIDATION_HEADERS, cookie, 'if-none-match': etag };
  const r = await measure({ url: `${appUrl}${windowPath}`, headers, expectStatus: 304 }, load);
  return {
    scenario: 'calendar-window-304',
    method: `autocannon, ${load.connections} connections: GET ${WINDOW_PATH} with If-None-Match (the ETag of the previous answer) and a phone browser's other request headers, every answer a 304; against the bare handler's full answers (calendar-window's baseline).`,
    figures: {
      rps: round(r.rps), p50: r.p50, p99: r.p99, cpuUsPerRequest: round(r.cpuUsPerRequest),
      bareFullRps: round(bareFull.rps), ratio: round(r.rps / bareFull.rps, 3),
    },
    target: { figure: 'ratio', op: '>=', value: 1.5 },
  };
}

const label = (size: number) => (size >= 1000 ? `${size / 1000}k` : String(size));

// ---- the baseline: node:http + the driver, one statement per answer ----

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Each list as a json_agg over the (property or user, time range) indexes, written here by hand from the API's
 * documented shape (not taken from the app), for the user `me.id` and their first property `me.property_id` (see
 * oneStatement): the calendar's own rows by property, imported bookings by person; :start/:end the window and
 * :from/:to the marked days' date bounds; a sorted sub-select orders json_agg's input.
 */
const EVENTS_JSON = `(SELECT coalesce(json_agg(x), '[]') FROM (
    SELECT e.id, e.user_id AS "userId", e.title, e.description, ${iso('e.start_time')} AS "startTime", ${iso('e.end_time')} AS "endTime",
      e.all_day AS "allDay", e.color, e.admin_color_override AS "adminColorOverride", e.routes, e.source, e.location,
      (coalesce(e.source NOT IN ('null', 'false', '0', '""'), false) OR e.csv_protected) AS "isBinding", e.created_by_id AS "createdById",
      ${iso('e.created_at')} AS "createdAt", ${iso('e.updated_at')} AS "updatedAt"
    FROM events e WHERE e.property_id = me.property_id AND tstzrange(e.start_time, e.ends_at, '[)') && tstzrange(:start, :end, '[)') ORDER BY e.start_time, e.id) x)`;
const MARKED_JSON = `(SELECT coalesce(json_agg(x), '[]') FROM (
    SELECT d.id, d.user_id AS "userId", to_char(d.date, 'YYYY-MM-DD') AS date, d.marker_type AS "markerType", d.color, d.notes
    FROM marked_days d WHERE d.property_id = me.property_id AND d.date >= (:from)::date AND d.date < (:to)::date ORDER BY d.date) x)`;
const FEED_EVENTS_JSON = `(SELECT coalesce(json_agg(x), '[]') FROM (
    SELECT b.source_kind || '-' || b.source_id || '-' || left(md5(b.external_uid || '|' || b.recurrence_id), 16) AS id, b.user_id AS "userId",
      b.summary AS title, b.description,
      CASE WHEN b.all_day THEN to_char(b.start_date, 'YYYY-MM-DD') ELSE ${iso('b.start_time')} END AS "startTime",
      CASE WHEN b.all_day THEN to_char(b.end_date, 'YYYY-MM-DD') ELSE ${iso('b.ends_at')} END AS "endTime",
      b.all_day AS "allDay", coalesce(s.color, '${EXTERNAL_BOOKING_COLOR}') AS color, b.location,
      json_build_object('type', b.source_kind, 'feedName', coalesce(s.name, CASE b.source_kind ${Object.entries(SOURCE_KIND_NAMES).map(([k, v]) => `WHEN '${k}' THEN '${v}'`).join(' ')} END),
        'feedId', b.source_id, 'uid', b.external_uid, 'kind', b.kind, 'alsoFrom', coalesce(also.sources, '[]'::json)) AS source,
      true AS "isBinding", b.status
    FROM external_bookings b LEFT JOIN external_booking_sources s ON s.source_kind = b.source_kind AND s.source_id = b.source_id
    -- A Beds24 stay names the enabled iCal feeds that carry the same confirmation code (shown once, under Beds24).
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('type', i.source_kind, 'feedName', f.name, 'feedId', i.source_id) ORDER BY i.source_id) AS sources
      FROM external_bookings i JOIN external_booking_sources f ON f.source_kind = i.source_kind AND f.source_id = i.source_id AND f.enabled
      WHERE b.source_kind = 'beds24' AND i.user_id = b.user_id AND i.source_kind = 'ical' AND i.stay_reference = b.stay_reference) also ON true
    WHERE b.user_id = me.id AND s.enabled IS NOT FALSE AND tstzrange(b.start_time, b.ends_at, '[]') && tstzrange(:start, :end, '[)')
      -- …and the iCal copy of such a stay is left out.
      AND (b.source_kind <> 'ical' OR b.stay_reference IS NULL OR NOT EXISTS (
        SELECT 1 FROM external_bookings c WHERE c.user_id = b.user_id AND c.source_kind = 'beds24' AND c.stay_reference = b.stay_reference))
    ORDER BY b.start_time, b.id) x)`;

/** The owner's stored double bookings touching the window's days (detection runs on writes, never here). */
const CONFLICTS_JSON = `(SELECT coalesce(json_agg(x), '[]') FROM (
    SELECT CASE WHEN c.a_kind = 'own' THEN to_json(c.a_id::int) ELSE to_json(c.a_id) END AS a,
      CASE WHEN c.b_kind = 'own' THEN to_json(c.b_id::int) ELSE to_json(c.b_id) END AS b,
      to_char(c.from_date, 'YYYY-MM-DD') AS "from", to_char(c.to_date, 'YYYY-MM-DD') AS "to"
    FROM booking_conflicts c WHERE c.user_id = me.id AND c.resolved_at IS NULL AND c.to_date > (:from)::date AND c.from_date < (:to)::date
    ORDER BY c.from_date, c.a_id, c.b_id) x)`;

/** The signed-in, unblocked user behind the session, and the answer built from the lists, in the same statement. */
const oneStatement = (json: string) => `SELECT (${json})::text AS body FROM (
    SELECT u.id, (SELECT m.property_id FROM property_members m WHERE m.user_id = u.id ORDER BY m.joined_at, m.property_id LIMIT 1) AS property_id
    FROM session s JOIN users u ON u.id = (s.sess->>'userId')::int AND NOT u.is_blocked WHERE s.sid = :sid AND s.expire > now()) me`;

type Value = 'start' | 'end' | 'from' | 'to' | 'sid';

/** `:name` placeholders to $n, numbering only those the statement uses (PostgreSQL must type every parameter). */
function numbered(sql: string): { sql: string; values: Value[] } {
  const values: Value[] = [];
  const text = sql.replace(/:(start|end|from|to|sid)\b/g, (_, name: Value) => {
    if (!values.includes(name)) values.push(name);
    return `$${values.indexOf(name) + 1}`;
  });
  return { sql: text, values };
}

const BASELINE_SQL: Record<string, { sql: string; values: Value[] }> = {
  [WINDOW_PATH]: numbered(oneStatement(`json_build_object('events', ${EVENTS_JSON}, 'markedDays', ${MARKED_JSON}, 'feedEvents', ${FEED_EVENTS_JSON}, 'conflicts', ${CONFLICTS_JSON})`)),
  '/api/events': numbered(oneStatement(EVENTS_JSON)),
  '/api/marked-days': numbered(oneStatement(MARKED_JSON)),
  '/api/ical-feed-events': numbered(oneStatement(FEED_EVENTS_JSON)),
};

/**
 * The least a server can do for the calendar read: node:http, the driver, one statement that checks the session
 * and builds the whole JSON body, sent as the database wrote it. The user id comes from the session row, and the window and date bounds from the query string.
 */
function jsonAggBaseline(pool: QueryPool, sessionSecret: string): BaselineHandler {
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://baseline');
    const statement = BASELINE_SQL[url.pathname];
    if (!statement) return void res.writeHead(404).end();
    const sid = sessionIdFromCookie(req.headers.cookie, sessionSecret);
    const start = new Date(url.searchParams.get('startDate') ?? '');
    const end = new Date(url.searchParams.get('endDate') ?? '');
    if (!sid) return void res.writeHead(401).end();
    const values: Record<Value, unknown> = { start, end, from: dayOf(start), to: dayOf(new Date(end.getTime() + 86_399_999)), sid };
    const { rows } = await pool.query(statement.sql, statement.values.map((v) => values[v]));
    if (!rows.length) return void res.writeHead(401).end();
    const body: string = rows[0].body;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
}

async function get(url: string, cookie: string): Promise<string> {
  const res = await probe(url, { headers: { cookie } });
  const body = res.body.toString('utf8');
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${body}`);
  return body;
}

/**
 * Each path must answer the same JSON (same values, keys and order of list items; whitespace may differ) from the
 * app and the baseline before either is measured. Answers each side's own bodies, for the load's body check.
 */
async function sameAnswers(appOrigin: string, baselineOrigin: string, paths: string[], cookie: string): Promise<[string[], string[]]> {
  const pairs = await Promise.all(
    paths.map(async (p) => {
      const [fromApp, fromBaseline] = await Promise.all([get(`${appOrigin}${p}`, cookie), get(`${baselineOrigin}${p}`, cookie)]);
      const [a, b] = [JSON.parse(fromApp), JSON.parse(fromBaseline)];
      if (!isDeepStrictEqual(a, b)) throw new Error(`The baseline does not answer ${p} like the app: ${firstDifference(a, b)}`);
      return [fromApp, fromBaseline] as const;
    }),
  );
  return [pairs.map(([a]) => a), pairs.map(([, b]) => b)];
}

/** Where two parsed answers first differ, as 'path: app value ≠ baseline value', for a readable failure. */
function firstDifference(a: unknown, b: unknown, path = '$'): string {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  for (const key of keys) {
    const [x, y] = [(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]];
    if (!isDeepStrictEqual(x, y)) return firstDifference(x, y, `${path}.${key}`);
  }
  return `${path}: same keys, different order or types`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed API answers
function counts(events: any[], marked: any[], imported: any[], bytes: number) {
  return { windowEvents: events.length, windowMarkedDays: marked.length, windowImported: imported.length, windowBytes: bytes };
}
