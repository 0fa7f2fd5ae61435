import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { DataSource } from 'typeorm';
import { calendarVersion, POLL_SQL, SubscriptionService } from '../../src/calendar/subscription.service';
import { sha256Hex } from '../../src/common/secrets';
import { startBaseline } from '../lib/baseline';
import { probe } from '../lib/http-probe';
import { measure } from '../lib/load';
import { round, Scenario, ScenarioEntry, versusBaseline } from '../lib/scenario';
import { currentWindow, seedHost } from '../lib/seed-calendar';

const SIZE = 5000;
/** 50 calendar apps fetching the whole feed at once must not starve the polls. */
const CONCURRENT = 50;

/** Headers that belong to one connection or one moment, not to the answer a baseline must copy. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The personal subscription link a phone polls: GET /api/ical/{id}?token=… for a host with 5,000 events (plus
 * marked days and imported bookings). Measured on both paths a calendar app takes:
 * - 200, the full render (no target): against a node:http server sending the app's rendered body as it is.
 * - 304, a poll with If-None-Match, the target: against a bare node:http server doing the same poll (POLL_SQL on the
 *   same driver, the same validators) and answering 304 with the same headers, as every baseline here does the same
 *   work as the app without the framework. For scale, the rate of a node:http server answering 304 with no database
 *   work at all is reported beside it (staticRps).
 * - 50 connections of full GETs against 50 connections of 304 polls on the same app (subscription-feed-concurrent):
 *   a render is cached by its ETag, so full GETs must reach at least half the polls' rate, and none may time out.
 */
export const subscriptionFeed: Scenario = {
  name: 'subscription-feed',
  title: 'GET /api/ical/{id}?token=… full render and 304 poll',

  async run({ db, app, load }) {
    const { user } = await seedHost(app, 'bench-subscription@example.com', SIZE, currentWindow());
    await app.app.get(DataSource).query('ANALYZE events, marked_days, external_bookings');
    const link = new URL((await app.app.get(SubscriptionService).renew(user.id)).url);
    const url = `${app.url}${link.pathname}${link.search}`;

    const first = await probe(url);
    const body = first.body;
    if (first.status !== 200) throw new Error(`GET ${link.pathname} answered ${first.status}: ${body.toString().slice(0, 200)}`);
    const etag = first.headers.etag;
    if (!etag) throw new Error('The subscription feed sent no ETag');
    const poll = await probe(url, { headers: { 'if-none-match': etag } });
    if (poll.status !== 304) throw new Error(`A poll with the ETag answered ${poll.status}, not 304`);

    const text = body.toString('utf8');
    const rendered = { startsWith: 'BEGIN:VCALENDAR', endsWith: 'END:VCALENDAR', length: text.length, tolerance: 0.01 };
    const vevents = text.split('BEGIN:VEVENT').length - 1;

    const full = await startBaseline(async (_req, res) => void res.writeHead(200, copyable(first.headers)).end(body));
    const pollHeaders = copyable(poll.headers);
    const pool = db.openBaselinePool();
    const samePoll = await startBaseline(async (req, res) => {
      const u = new URL(req.url ?? '/', 'http://baseline');
      const userId = Number(u.pathname.split('/').pop());
      const [row] = (await pool.query(POLL_SQL, [userId, sha256Hex(u.searchParams.get('token') ?? ''), 0])).rows;
      if (!row) return void res.writeHead(404).end();
      const version = calendarVersion(userId, 0, row, new Date());
      if (req.headers['if-none-match'] !== version.etag) throw new Error('the baseline computed another ETag than the app');
      res.writeHead(304, pollHeaders).end();
    });
    const notModified = await startBaseline(async (_req, res) => void res.writeHead(304, pollHeaders).end());
    try {
      const conditional = { 'if-none-match': etag };
      const render = {
        app: await measure({ url, verify: rendered, countFailures: true }, load),
        baseline: await measure({ url: `${full.url}${link.pathname}${link.search}`, verify: rendered }, load),
      };
      const polls = {
        app: await measure({ url, headers: conditional, expectStatus: 304 }, load),
        baseline: await measure({ url: `${samePoll.url}${link.pathname}${link.search}`, headers: conditional, expectStatus: 304 }, load),
      };
      const crowd = { ...load, connections: CONCURRENT };
      const crowdFull = await measure({ url, verify: rendered, countFailures: true }, crowd);
      const crowdPolls = await measure({ url, headers: conditional, expectStatus: 304, countFailures: true }, crowd);
      const failed = crowdFull.timeouts + crowdPolls.timeouts + crowdFull.connectionErrors + crowdPolls.connectionErrors;
      const concurrentEntry: ScenarioEntry = {
        scenario: 'subscription-feed-concurrent',
        method: `${CONCURRENT} connections of full GETs (no If-None-Match), then ${CONCURRENT} of 304 polls, on the app; ratio = full GETs/s ÷ polls/s; any timeout or failed request fails it.`,
        figures: {
          fullRps: round(crowdFull.rps), fullP50: crowdFull.p50, fullP99: crowdFull.p99, fullTimeouts: crowdFull.timeouts, fullErrors: crowdFull.connectionErrors, fullCpuUsPerRequest: round(crowdFull.cpuUsPerRequest),
          pollRps: round(crowdPolls.rps), pollP50: crowdPolls.p50, pollP99: crowdPolls.p99, pollTimeouts: crowdPolls.timeouts, pollErrors: crowdPolls.connectionErrors,
          ratio: round(crowdFull.rps / crowdPolls.rps, 3), hostEvents: SIZE,
        },
        target: { figure: 'ratio', op: '>=', value: 0.5 },
        problems: failed ? [`${failed} requests timed out or failed`] : [],
      };
      const staticPolls = await measure({ url: `${notModified.url}${link.pathname}${link.search}`, headers: conditional, expectStatus: 304 }, load);
      const fullEntry = versusBaseline('subscription-feed-200', render, 0, { bodyBytes: body.length, vevents, hostEvents: SIZE, timeouts: render.app.timeouts, connectionErrors: render.app.connectionErrors }, 'Full render of the link (no If-None-Match) against node:http sending the same pre-rendered body and headers; figures only.');
      const renderFailed = render.app.timeouts + render.app.connectionErrors;
      if (renderFailed) fullEntry.problems = [`${renderFailed} full GETs timed out or failed`];
      return [
        { ...fullEntry, target: null },
        concurrentEntry,
        versusBaseline(
          'subscription-feed-304',
          polls,
          0.5,
          { hostEvents: SIZE, rpsPerFullRender: round(polls.app.rps / render.app.rps, 1), staticRps: round(staticPolls.rps), ratioToStatic: round(polls.app.rps / staticPolls.rps, 3) },
          'Poll with If-None-Match (the ETag of the first answer) against node:http doing the same poll statement on the same driver and answering 304 with the same headers; staticRps: node:http answering 304 with no database work.',
        ),
      ];
    } finally {
      await full.close();
      await samePoll.close();
      await notModified.close();
      await pool.end();
    }
  },
};

/** The app's response headers, minus the per-connection ones, for a baseline to send verbatim. */
function copyable(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_CONNECTION.has(name)));
}
