/**
 * No 500 for bad input, anywhere: a property-based walk over every registered JSON route, as an admin and as an
 * owner, with one fault per request on top of an otherwise valid request (bad ids, NUL characters, null fields,
 * impossible dates, repeated or malformed query parameters, huge strings, wrong types, malformed bodies). Every
 * answer must be a 4xx in the error shape, and the stored data must not move. A second walk sends the names every
 * object inherits (`__proto__`, `constructor`, …) and queries out of shape to every route as every role, and watches
 * the prototypes of the process (docs/api.md, "Input that names things").
 *
 * The seed is fixed unless FUZZ_SEED says otherwise (`FUZZ_SEED=random`, as `npm run bench` runs it, or a number to
 * replay a run); FUZZ_RUNS sets the requests per route and role.
 */
import fc from 'fast-check';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AccessLevel } from '../src/common/access.decorator';
import { ScheduledJobs } from '../src/jobs/scheduled-jobs.service';
import { registeredRoutes } from './helpers/routes';
import { TestApp } from './helpers/test-app';
import { listen, openSocket, sessionCookie } from './helpers/ws-client';
import { waitFor } from './helpers/wait-for';

const FIXED_SEED = 20260601;
const seed = process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? FIXED_SEED);
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
if (seed !== FIXED_SEED) console.log(`fuzz seed ${seed} (replay with FUZZ_SEED=${seed})`);
fc.configureGlobal({ seed, numRuns: RUNS });

type Agent = ReturnType<typeof request.agent>;
type Json = unknown;
interface SchemaProperty { type?: string; format?: string; nullable?: boolean; items?: SchemaProperty; enum?: string[] }
interface Schema { properties?: Record<string, SchemaProperty>; required?: string[] }
interface Operation { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: { $ref: string } }> } }
interface OpenApiDocument { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } }

/** One request with exactly one fault; `mustReject` false means the fault is an odd but harmless read (2xx allowed). */
interface Case { fault: string; path: string; query?: string; body?: { json: Json } | { raw: string }; mustReject: boolean }

const HUGE = 'x'.repeat(1_000_000);
const NUL = 'a\u0000b';
const INT4_MAX = 2 ** 31 - 1;

const badIds = fc.oneof(
  fc.constantFrom('2147483648', '4294967296', '9223372036854775808', '99999999999999999999999', '-1', '0', 'abc', '1e3', '1.5', '0x10', ' 1', '1 ', '\u0000', '1\u0000', 'null', '[]', "1' OR '1'='1", 'NaN', 'Infinity', '١٢'),
  fc.bigInt({ min: BigInt(INT4_MAX) + 1n, max: 2n ** 80n }).map(String),
);

/** Path parameters that are free text rather than row ids: only what no text may hold is a fault there. */
const FREE_TEXT_PARAMS = new Set(['externalId']);

/** Dates no calendar has, or ISO forms the API does not take: each must be refused, never stored or a 500. */
const badDates = fc.constantFrom(
  '2026-02-30', '2026-02-29', '2025-04-31', '2026-02-30T10:00:00Z', '2026-02-30T10:00:00.000Z', '2025-04-31T00:00:00+02:00',
  '10000-01-01', '+010000-01-01T00:00:00Z', '99999-12-31T00:00:00Z', '+275760-09-14T00:00:00Z', '-000001-01-01T00:00:00Z',
  '2026-01-01T24:00:00Z', '2026-01-01T24:00', '2026-13-01', '2026-00-10', '2026-06-00', '2026-06-01T10:60:00Z', '2026-06-01T25:00:00Z',
  '2026-06-01T10:00:61Z', '2026-06-01T10:00:00+25:00', 'tomorrow', '2026-06-01 garbage', '', ' ',
);

const stringFaults = fc.constantFrom<Json>(NUL, HUGE, 12345, true, ['a'], { a: 1 }, '\u0000');
const booleanFaults = fc.constantFrom<Json>('true', 1, 0, [], {}, NUL);
const numberFaults = fc.constantFrom<Json>(2147483648, 2 ** 53, 1e308, -1, 1.5, '1', 'abc', [], {}, true, NUL);
const arrayFaults = fc.constantFrom<Json>('x', 1, {}, [null], [1], [{}], [NUL], [HUGE]);
const objectFaults = fc.constantFrom<Json>('x', 1, [], true, NUL);
const looksLikeDate = (name: string) => /date|time/i.test(name);

function faultsFor(name: string, prop: SchemaProperty, required: boolean): fc.Arbitrary<Json> {
  const kinds: fc.Arbitrary<Json>[] = [];
  if (!prop.nullable || required) kinds.push(fc.constant(null));
  switch (prop.type) {
    case 'boolean': kinds.push(booleanFaults); break;
    case 'number': case 'integer': kinds.push(numberFaults); break;
    case 'array': kinds.push(arrayFaults); break;
    case 'object': kinds.push(objectFaults); break;
    default: kinds.push(stringFaults); if (looksLikeDate(name)) kinds.push(badDates);
  }
  return fc.oneof(...kinds);
}

const malformedBodies = fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"title": "x",}', "{'a': 1}", '\u0000', '{"a":"\\u0000"');
const wrongTopLevel = fc.constantFrom<Json>([], [{}], 'text', 123, true);

/** Query faults: the value to send in place of a valid one, as raw query text. */
const queryValueFaults = (name: string) => fc.oneof(
  fc.constantFrom('%00', 'a%00b', 'x'.repeat(8000), '%E0%A4%A'),
  ...(looksLikeDate(name) ? [badDates.map(encodeURIComponent)] : []),
);
const listParamFaults = fc.constantFrom(
  'filter={', 'filter=[1]', 'filter=1', 'filter=%22x%22', 'filter=null', 'filter={"nope":1}', 'filter={"q":"a%00b"}',
  'range=[5,1]', 'range=[-1,3]', 'range=["a","b"]', 'range=[0]', 'range={', 'range=[0,1e400]', 'range=[0.5,3]', 'range=[0,99999999999999999999]',
  'sort=[1]', 'sort={', 'sort=["passwordHash","ASC"]', 'sort=["id; DROP TABLE users","ASC"]', 'sort=[null,null]', 'sort=[{},"ASC"]',
  'filter={}&filter={}', 'range=[0,9]&range=[0,9]', 'sort=["id","ASC"]&sort=["id","DESC"]',
);
/** Odd values for a filter the list knows: the answer may be an empty or full page, but never a 500. */
const listFilterOddities = fc.constantFrom(
  '{"id":2147483648}', '{"id":["2147483648","1"]}', '{"id":{"a":1}}', '{"id":[null,1.5]}', '{"q":{"a":1}}', '{"q":[1,2]}', '{"q":12}',
  '{"userId":2147483648}', '{"userId":"abc"}', '{"userId":[1,"x"]}', '{"isAdmin":{"a":1}}', '{"enabled":"maybe"}',
).map((f) => `filter=${encodeURIComponent(f)}`);

/** A valid body for each request schema, so a single fault is what the API sees. */
const VALID_BODIES: Record<string, Record<string, Json>> = {
  UpdateProfileDto: { name: 'Eier Fuzz', email: 'fuzz-owner@example.com' },
  ChangeOwnPasswordDto: { newPassword: 'nytt-passord-1' },
  CreateUserDto: { username: 'fuzz-new@example.com', name: 'Fuzz Ny', password: 'passord-123-fuzz', phoneNumber: '12345678', accountNumber: '1234.56.78901' },
  UpdateUserDto: { name: 'Fuzz Endret', adminInfo: 'Hei', phoneNumber: '87654321', accountNumber: '9999.99.99999' },
  AdminSetPasswordDto: { newPassword: 'passord-456-nytt' },
  TwoFactorCodeDto: { code: '123456' },
  CreateTokenDto: { name: 'Fuzz', scopes: ['calendar:read'], expiresInDays: 30 },
  BlockUserDto: { reason: 'Fuzz' },
  LoginDto: { username: 'nobody@example.com', password: 'feil-passord' },
  ResetPasswordDto: { token: 'a'.repeat(43), newPassword: 'passord-456-nytt' },
  CreateEventDto: { title: 'Fuzz', startTime: '2026-06-10T10:00:00.000Z', endTime: '2026-06-10T11:00:00.000Z', allDay: false, color: '#123456', routes: ['a'], description: 'd', location: 'l' },
  UpdateEventDto: { title: 'Fuzz', startTime: '2026-06-10T10:00:00.000Z', endTime: '2026-06-10T11:00:00.000Z', allDay: false, color: '#123456', routes: ['a'], description: 'd', location: 'l' },
  MarkedDayDto: { date: '2026-06-11', markerType: 'busy', color: '#123456', notes: 'n' },
  UpdateMarkedDayDto: { date: '2026-06-12', markerType: 'vacation', color: '#123456', notes: 'n' },
  CreateNoteDto: { eventExternalId: 'ical-fuzz', notes: 'n' },
  UpdateNoteDto: { notes: 'n' },
  TranslateDto: { text: 'hei', targetLanguage: 'en', sourceLanguage: 'no' },
  CreateFeedDto: { name: 'Fuzz', url: 'https://calendar.example.com/fuzz.ics', color: '#123456', enabled: true },
  UpdateFeedDto: { name: 'Fuzz', url: 'https://calendar.example.com/fuzz2.ics', color: '#123456', enabled: true },
  EventColorDto: { color: '#123456' },
  CreateCaseDto: { title: 'Fuzz', category: 'other', priority: 'low', message: 'Hei' },
  CreateCaseMessageDto: { message: 'Hei' },
  AssignCaseDto: { department: 'insurance' },
  CreateAppointmentDto: { start: '2026-06-02T07:00:00.000Z', subject: 'Fuzz', description: 'd', location: 'phone', phone: '12345678' },
  CreateAppointmentHoursDto: { weekday: 2, startTime: '09:00', endTime: '10:00', staffUserIds: [1] },
  UpdateAppointmentHoursDto: { weekday: 2, startTime: '09:00', endTime: '10:00', staffUserIds: [1] },
  CreateClosedDateDto: { date: '2030-01-01', reason: 'Fuzz' },
};

/** Tables whose rows a refused request must leave alone (sessions and the job queue move on their own). */
const DATA_TABLES = ['users', 'account_number_logs', 'password_reset_tokens', 'admin_audit_log', 'ical_feeds', 'events', 'external_booking_notes', 'marked_days', 'admin_agreements', 'agreement_notes', 'cases', 'case_messages', 'case_attachments', 'appointments', 'appointment_hours', 'appointment_closed_dates'];

interface Violation { who: string; route: string; fault: string; status: number; body: string }

async function send(agent: Agent, method: string, c: Case) {
  const url = c.query ? `${c.path}?${c.query}` : c.path;
  const req = agent[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url);
  if (!c.body) return req;
  if ('raw' in c.body) return req.set('Content-Type', 'application/json').send(c.body.raw);
  return req.set('Content-Type', 'application/json').send(JSON.stringify(c.body.json));
}

/** What is wrong with an answer, or undefined when it is a clean refusal (or an allowed read). */
function problemWith(c: Case, status: number, body: unknown, text: string): string | undefined {
  if (status >= 500) return 'server error';
  if (status < 400) return c.mustReject ? 'accepted' : undefined;
  const shape = body as { message?: unknown; code?: unknown };
  if (typeof shape?.message !== 'string' || (shape.code !== undefined && typeof shape.code !== 'string')) return 'not the error shape';
  if (/\n\s+at /.test(text)) return 'stack trace';
  return undefined;
}

/** The owner's rows (and a user for admin routes) that path parameters name, so a fault elsewhere reaches the handler. */
async function ownerFixtures(t: TestApp): Promise<{ owner: Agent; admin: Agent; validParams: [RegExp, string][] }> {
  const ownerLogin = await t.loginAs('user');
  const owner = ownerLogin.agent;
  const admin = (await t.loginAs('admin')).agent;
  const target = await t.createUser('user');
  const event = (await owner.post('/api/events').send({ title: 'Fast', startTime: '2026-06-05T10:00:00Z', endTime: '2026-06-05T11:00:00Z' }).expect(201)).body;
  const day = (await owner.post('/api/marked-days').send({ date: '2026-06-06', markerType: 'busy' }).expect(201)).body;
  const note = (await owner.post('/api/ical-event-notes').send({ eventExternalId: 'ical-1', notes: 'Notat' }).expect(201)).body;
  const feed = (await owner.post('/api/ical-feeds').send({ name: 'Feed', url: 'https://calendar.example.com/a.ics' }).expect(201)).body;
  const kase = (await owner.post('/api/cases').send({ title: 'Fuzz-sak', category: 'other', message: 'Hei' }).expect(201)).body;
  const [caseMessage] = (await owner.get(`/api/cases/${kase.id}/messages`).expect(200)).body;
  const jobs = (await admin.get('/api/admin/jobs').expect(200)).body as { name: string }[];
  await t.jobsDone();
  // An appointment of the owner in a range a new staff member takes, and a closed date (docs/appointments.md).
  const staff = await t.createUser('admin');
  const hours = (await admin.post('/api/admin/appointment-hours').send({ weekday: 2, startTime: '09:00', endTime: '10:00', staffUserIds: [staff.id] }).expect(201)).body;
  const appointment = (await owner.post('/api/appointments').send({ start: '2026-06-02T07:30:00.000Z', subject: 'Fuzz', location: 'office' }).expect(201)).body;
  const closedDate = (await admin.post('/api/admin/appointment-closed-dates').send({ date: '2031-01-01' }).expect(201)).body;
  await t.jobsDone();
  const validParams: [RegExp, string][] = [
    [/^\/api\/appointments\/:id/, String(appointment.id)], [/appointment-hours\/:id/, String(hours.id)], [/appointment-closed-dates\/:id/, String(closedDate.id)],
    [/^\/api\/admin\/users\/:id/, String(target.id)], [/events\/:id/, String(event.id)], [/marked-days\/:id/, String(day.id)],
    [/ical-event-notes\/:id/, String(note.id)], [/:externalId/, 'ical-1'], [/ical-feeds\/:id|:feedId/, String(feed.id)],
    [/:userId/, String(ownerLogin.user.id)], [/jobs\/:id/, jobs[0]?.name ?? 'none'],
    [/^\/api\/cases\/messages\/:id/, String(caseMessage.id)], [/^\/api\/(admin\/)?cases\/:id/, String(kase.id)],
  ];
  return { owner, admin, validParams };
}

/** The route's path with every parameter valid (the owner's rows), or one of them replaced by `bad` as sent. */
function pathWith(path: string, validParams: [RegExp, string][], bad?: { param: string; value: string }): string {
  const valid = (param: string) => validParams.find(([pattern]) => pattern.test(path) && path.includes(`:${param}`))?.[1] ?? '1';
  return path.replace(/:(\w+)/g, (_, p: string) => (bad?.param === p ? encodeURIComponent(bad.value) : valid(p)));
}

describe('bad input never answers 500 and never changes data (fast-check)', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let admin: Agent;
  let owner: Agent;
  /** Valid path parameters, by the path they appear in: the owner's own rows, so a body fault reaches the handler. */
  let validParams: [RegExp, string][] = [];

  beforeAll(async () => {
    t = await TestApp.start();
    doc = (await t.anon().get('/api/docs-json').expect(200)).body;
    ({ owner, admin, validParams } = await ownerFixtures(t));
  }, 60_000);
  afterAll(() => t.close());

  async function snapshot(): Promise<string> {
    const db = t.app.get(DataSource);
    const tables = await Promise.all(DATA_TABLES.map((table) => db.query(`SELECT * FROM ${table} ORDER BY id`)));
    return JSON.stringify(tables);
  }

  /** The cases for one route, one fault each. */
  function casesFor(route: string): fc.Arbitrary<Case> | undefined {
    const [method, path] = route.split(' ');
    const op = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
    const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const buildPath = (bad?: { param: string; value: string }) => pathWith(path, validParams, bad);
    const schemaName = op?.requestBody?.content['application/json']?.schema.$ref.split('/').at(-1);
    const schema = schemaName ? doc.components.schemas[schemaName] : undefined;
    const validBody = schemaName ? (VALID_BODIES[schemaName] ?? {}) : undefined;
    const queryNames = (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    const validQuery = queryNames.includes('startDate') ? 'startDate=2026-06-01&endDate=2026-07-01' : queryNames.includes('from') ? 'from=2026-06-01&to=2026-06-30' : '';
    const body = validBody ? { json: validBody } : undefined;
    const arbitraries: fc.Arbitrary<Case>[] = [];

    for (const param of params) {
      const faults = FREE_TEXT_PARAMS.has(param) ? fc.constantFrom('\u0000', 'a\u0000b') : badIds;
      arbitraries.push(faults.map((value) => ({ fault: `${param}=${JSON.stringify(value)}`, path: buildPath({ param, value }), query: validQuery, body, mustReject: true })));
    }
    if (schema && validBody) {
      const props: Record<string, SchemaProperty> = { ...Object.fromEntries(Object.keys(validBody).map((k) => [k, { type: typeof validBody[k] === 'boolean' ? 'boolean' : Array.isArray(validBody[k]) ? 'array' : 'string' }])), ...schema.properties };
      for (const [name, prop] of Object.entries(props)) {
        const required = schema.required?.includes(name) ?? false;
        arbitraries.push(faultsFor(name, prop, required).map((value) => ({
          fault: `body.${name}=${JSON.stringify(value)?.slice(0, 40)}`, path: buildPath(), query: validQuery, body: { json: { ...validBody, [name]: value } }, mustReject: true,
        })));
      }
      const allNull = Object.fromEntries(Object.entries(props).filter(([name, p]) => !p.nullable || schema.required?.includes(name)).map(([name]) => [name, null]));
      arbitraries.push(fc.constant({ fault: 'every field null', path: buildPath(), query: validQuery, body: { json: allNull }, mustReject: true }));
      arbitraries.push(malformedBodies.map((raw) => ({ fault: `raw body ${JSON.stringify(raw)}`, path: buildPath(), query: validQuery, body: { raw }, mustReject: true })));
      arbitraries.push(wrongTopLevel.map((json) => ({ fault: `body ${JSON.stringify(json)}`, path: buildPath(), query: validQuery, body: { json }, mustReject: true })));
    }
    for (const name of queryNames) {
      const others = (extra: string) => [validQuery.split('&').filter((kv) => kv && !kv.startsWith(`${name}=`)).join('&'), extra].filter(Boolean).join('&');
      if (['sort', 'range', 'filter'].includes(name)) continue;
      arbitraries.push(queryValueFaults(name).map((value) => ({ fault: `?${name}=${value.slice(0, 40)}`, path: buildPath(), query: others(`${name}=${value}`), body, mustReject: true })));
      arbitraries.push(fc.constant({ fault: `?${name} repeated`, path: buildPath(), query: others(`${name}=2026-06-01&${name}=2026-06-02`), body, mustReject: true }));
    }
    if (queryNames.includes('filter')) {
      arbitraries.push(listParamFaults.map((q) => ({ fault: `?${q}`, path: buildPath(), query: q.replace(/[{}[\]"]/g, encodeURIComponent), body, mustReject: true })));
      arbitraries.push(listFilterOddities.map((q) => ({ fault: `?${decodeURIComponent(q)}`, path: buildPath(), query: q, body, mustReject: false })));
    }
    return arbitraries.length ? fc.oneof(...arbitraries) : undefined;
  }

  it('walks every JSON route as an admin and as an owner', async () => {
    const routes = registeredRoutes(t).map((r) => r.route).filter((r) => r !== 'POST /api/logout');
    const violations: Violation[] = [];
    let requests = 0;
    for (const route of routes) {
      const arbitrary = casesFor(route);
      if (!arbitrary) continue;
      const [method] = route.split(' ');
      for (const [who, agent] of [['admin', admin], ['owner', owner]] as const) {
        const before = await snapshot();
        await fc.assert(fc.asyncProperty(arbitrary, async (c) => {
          requests++;
          const res = await send(agent, method, c);
          const problem = problemWith(c, res.status, res.body, res.text);
          if (problem) violations.push({ who, route, fault: `${c.fault} → ${problem}`, status: res.status, body: res.text.slice(0, 160) });
        }));
        await t.jobsDone();
        const after = await snapshot();
        if (after !== before) violations.push({ who, route, fault: 'stored data changed', status: 0, body: firstDifference(before, after) });
      }
    }
    const serverErrors = violations.filter((v) => v.status >= 500).length;
    if (violations.length) console.log(`fuzz: ${requests} requests, ${serverErrors} answered 5xx, ${violations.length} violations (seed ${seed})`);
    expect(violations).toEqual([]);
    expect(requests).toBeGreaterThan(200);
  }, 600_000);
});

/** What every object inherits, sent as names: a lookup by name without an own-property check finds these. */
const INHERITED = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
/** The prototypes a polluting lookup writes on; the whole process (the scheduler too) shares them. */
const PROTOTYPES = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype } as const;
type PrototypeState = Record<keyof typeof PROTOTYPES, PropertyDescriptorMap>;

const prototypeState = (): PrototypeState =>
  Object.fromEntries(Object.entries(PROTOTYPES).map(([name, proto]) => [name, Object.getOwnPropertyDescriptors(proto)])) as PrototypeState;
const ownNames = () => Object.fromEntries(Object.entries(PROTOTYPES).map(([name, proto]) => [name, Object.getOwnPropertyNames(proto).sort()]));

/** Each property added to, removed from or replaced on a prototype since `start`, as `Object.prototype.a.id`. */
function prototypeChanges(start: PrototypeState): string[] {
  const changes: string[] = [];
  for (const [name, proto] of Object.entries(PROTOTYPES) as [keyof typeof PROTOTYPES, object][]) {
    const now = Object.getOwnPropertyDescriptors(proto);
    for (const key of new Set([...Reflect.ownKeys(start[name]), ...Reflect.ownKeys(now)])) {
      // Own keys only: a polluted Object.prototype would lend these descriptor maps what it gained.
      const [a, b] = [Object.hasOwn(start[name], key) ? start[name][key as string] : undefined, Object.hasOwn(now, key) ? now[key as string] : undefined];
      if (!a || !b || a.value !== b.value || a.get !== b.get || a.set !== b.set) changes.push(`${name}.prototype.${String(key)}`);
    }
  }
  return changes;
}

/**
 * Puts the prototypes back as they were. A polluted process stalls at the next cron tick (the cron library's search
 * for the next date never advances), which would hang this file instead of failing it: a pollution is recorded as a
 * violation and undone at once.
 */
function restorePrototypes(start: PrototypeState): void {
  for (const [name, proto] of Object.entries(PROTOTYPES) as [keyof typeof PROTOTYPES, object][]) {
    for (const key of Reflect.ownKeys(proto)) if (!Object.hasOwn(start[name], key)) delete (proto as Record<PropertyKey, unknown>)[key];
    for (const key of Reflect.ownKeys(start[name])) Object.defineProperty(proto, key, start[name][key as string]);
  }
}

/** `{"<key>":<raw>, ...body}` as JSON text: an object literal cannot carry an own `__proto__` key through JSON.stringify. */
const bodyWith = (body: Record<string, Json>, key: string, raw: string) => {
  const rest = JSON.stringify(body).slice(1);
  return `{${JSON.stringify(key)}:${raw}${rest === '}' ? '}' : `,${rest}`}`;
};

/**
 * Names that every object answers to, sent to every route as every role: as query keys (plain, bracketed as qs
 * would read them), as sort fields and filter keys of the lists, as body keys (at the top and nested) and as path
 * parameters; with them, repeated, bracketed and over-long query parameters. Each answer is a 4xx in the error shape
 * or, for a path parameter that is free text, a plain 2xx; no answer is a 5xx, and no prototype of the process
 * changes. Then the scheduler must keep ticking and the API answering in the same process.
 */
describe('names every object inherits, and query strings out of shape (every route, every role)', () => {
  type Who = 'anonymous' | 'owner' | 'otherUser' | 'miniAdmin' | 'admin';
  let t: TestApp;
  let doc: OpenApiDocument;
  let agents: [Who, Agent][];
  let validParams: [RegExp, string][] = [];
  let start: PrototypeState;
  let namesAtStart: ReturnType<typeof ownNames>;

  beforeAll(async () => {
    start = prototypeState();
    namesAtStart = ownNames();
    t = await TestApp.start();
    doc = (await t.anon().get('/api/docs-json').expect(200)).body;
    const fixtures = await ownerFixtures(t);
    validParams = fixtures.validParams;
    // Listening once, supertest's requests skip a listen and a close each.
    await listen(t);
    agents = [
      ['anonymous', t.anon()], ['owner', fixtures.owner], ['otherUser', (await t.loginAs('user')).agent],
      ['miniAdmin', (await t.loginAs('miniAdmin')).agent], ['admin', fixtures.admin],
    ];
  }, 60_000);
  afterAll(async () => {
    restorePrototypes(start);
    await t.close();
  });

  /**
   * The requests for one route. `reaches` is false when the route's access level turns the caller away at the guard,
   * before any pipe or handler reads the input: then one name of each kind is sent, to see the refusal is clean.
   * `oddQueries` adds the rest of the queries out of shape (repeated, bracketed, over-long), which one middleware
   * refuses for every caller before the guard: they go to every route as the admin, whom no guard stops.
   */
  function casesFor(route: string, reaches: boolean, oddQueries: boolean): Case[] {
    const names = reaches ? INHERITED : INHERITED.slice(0, 1);
    const [method, path] = route.split(' ');
    const op = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
    const queryNames = (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    const validQuery = queryNames.includes('startDate') ? 'startDate=2026-06-01&endDate=2026-07-01' : queryNames.includes('from') ? 'from=2026-06-01&to=2026-06-30' : '';
    const withQuery = (extra: string) => [validQuery, extra].filter(Boolean).join('&');
    const schemaName = op?.requestBody?.content['application/json']?.schema.$ref.split('/').at(-1);
    const validBody = schemaName ? (VALID_BODIES[schemaName] ?? {}) : undefined;
    const body = validBody ? { json: validBody } : undefined;
    const at = pathWith(path, validParams);
    const cases: Case[] = [];

    for (const param of [...path.matchAll(/:(\w+)/g)].map((m) => m[1])) {
      for (const name of names) {
        cases.push({ fault: `:${param}=${name}`, path: pathWith(path, validParams, { param, value: name }), query: validQuery, body, mustReject: !FREE_TEXT_PARAMS.has(param) });
      }
    }
    // All six names in one query: nothing refuses an unknown name before the route's DTO strips it, so each reaches
    // whatever reads the query.
    cases.push({ fault: `?${INHERITED.join('&')}`, path: at, query: withQuery(INHERITED.map((name) => `${name}=1`).join('&')), body, mustReject: true });
    const odd: [query: string, mustReject: boolean][] = [
      ['__proto__[polluted]=1&constructor[prototype][polluted]=1', true], ['a[b]=1&a%5Bc%5D=1', true], ['a=1&a=2', true],
      [`a=${'x'.repeat(2001)}`, true], [Array.from({ length: 9 }, (_, i) => `a${i}=${'x'.repeat(1000)}`).join('&'), true],
      // A dotted name is a plain name to the 'simple' parser (qs with allowDots would build an object of it).
      ['__proto__.polluted=1&constructor.prototype.polluted=1', false],
    ];
    for (const [query, mustReject] of oddQueries ? odd : odd.slice(0, 1)) cases.push({ fault: `?${query.slice(0, 40)}`, path: at, query: withQuery(query), body, mustReject });
    if (queryNames.includes('sort')) {
      for (const name of names) {
        cases.push({ fault: `sort by ${name}`, path: at, query: `sort=${encodeURIComponent(JSON.stringify([name, 'ASC']))}&range=%5B0%2C9%5D`, mustReject: true });
        cases.push({ fault: `filter on ${name}`, path: at, query: `filter=${encodeURIComponent(`{${JSON.stringify(name)}:1}`)}`, mustReject: true });
      }
      for (const filter of !reaches ? [] : ['{"q":{"toString":1}}', '{"id":{"valueOf":1}}', '{"q":{"__proto__":{"polluted":1}}}', '{"id":[{"constructor":{"prototype":{"polluted":1}}}]}']) {
        cases.push({ fault: `filter ${filter}`, path: at, query: `filter=${encodeURIComponent(filter)}`, mustReject: true });
      }
    }
    if (validBody) {
      for (const name of names) {
        cases.push({ fault: `body.${name}`, path: at, query: validQuery, body: { raw: bodyWith(validBody, name, '{"polluted":1}') }, mustReject: true });
      }
      if (reaches) cases.push({ fault: 'body.nested.constructor.prototype', path: at, query: validQuery, body: { raw: bodyWith(validBody, 'nested', '{"constructor":{"prototype":{"polluted":1}}}') }, mustReject: true });
      if (reaches) cases.push({ fault: 'body.list[0].__proto__', path: at, query: validQuery, body: { raw: bodyWith(validBody, 'list', '[{"__proto__":{"polluted":1}}]') }, mustReject: true });
      const [field, ...others] = Object.keys(validBody);
      if (field && reaches) {
        const rest = Object.fromEntries(others.map((key) => [key, validBody[key]]));
        cases.push({ fault: `body.${field}.__proto__`, path: at, query: validQuery, body: { raw: bodyWith(rest, field, '{"__proto__":{"polluted":1},"toString":1}') }, mustReject: true });
      }
    }
    return cases;
  }

  /** Whether the access level lets the caller through the guard (docs/api.md: mini admins only read staff routes). */
  function passesGuard(who: Who, level: AccessLevel | undefined, method: string): boolean {
    if (level === 'public') return true;
    if (level === 'user') return who !== 'anonymous';
    if (level === 'staff') return who === 'admin' || (who === 'miniAdmin' && method === 'GET');
    return who === 'admin';
  }

  /** A 4xx must say what was wrong as every error does: a message and a code. */
  function problemOf(c: Case, res: request.Response): string | undefined {
    const problem = problemWith(c, res.status, res.body, res.text);
    if (problem || res.status < 400) return problem;
    return typeof res.body?.code === 'string' ? undefined : 'no error code';
  }

  it('answers each with a 4xx in the error shape (or a plain read), never a 5xx, and leaves every prototype alone', async () => {
    // The routes that end the caller's session come last, so each role's walk keeps its session to the end.
    const endsSession = (route: string) => ['POST /api/logout', 'DELETE /api/user/account'].includes(route);
    const routes = registeredRoutes(t).sort((a, b) => Number(endsSession(a.route)) - Number(endsSession(b.route)));
    const violations: Violation[] = [];
    let requests = 0;
    // Two hundred violations tell the story; a server that accepts everything would otherwise do every write there is.
    walk: for (const [who, agent] of agents) {
      for (const { route, level } of routes) {
        if (violations.length >= 200) break walk;
        const [method] = route.split(' ');
        for (const c of casesFor(route, passesGuard(who, level, method), who === 'admin')) {
          requests++;
          const res = await send(agent, method, c);
          const problem = problemOf(c, res);
          if (problem) violations.push({ who, route, fault: `${c.fault} → ${problem}`, status: res.status, body: res.text.slice(0, 160) });
          const polluted = prototypeChanges(start);
          if (polluted.length) {
            violations.push({ who, route, fault: `${c.fault} → changed ${polluted.join(', ')}`, status: res.status, body: res.text.slice(0, 160) });
            restorePrototypes(start);
          }
        }
      }
    }
    await t.jobsDone();
    if (violations.length) console.log(`inherited names: ${requests} requests, ${violations.filter((v) => v.status >= 500).length} answered 5xx, ${violations.length} violations`);
    expect(violations).toEqual([]);
    expect(ownNames()).toEqual(namesAtStart);
    expect(requests).toBeGreaterThan(3500);
  }, 120_000);

  it('ignores /ws messages whose type every object inherits, and an auth userId that is an object', async () => {
    const { user } = await t.loginAs('user');
    const port = await listen(t);
    const socket = await openSocket(port, { cookie: await sessionCookie(t, user) });
    for (const type of INHERITED) socket.ws.send(`{"type":${JSON.stringify(type)},"__proto__":{"polluted":1}}`);
    socket.ws.send(JSON.stringify({ type: 'auth', userId: user.id }));
    expect(await socket.next('auth')).toEqual({ type: 'auth', ok: true });
    const other = await openSocket(port, { cookie: await sessionCookie(t, user) });
    // An object is no user id: refused (the pipe's 400 comes as an exception frame), the socket stays unauthenticated.
    other.ws.send(`{"type":"auth","userId":{"toString":1,"valueOf":1}}`);
    await waitFor(() => other.messages.some((m) => m.event === 'exception'), 'the exception frame');
    // Nor is a list, though Number([id]) is the id.
    other.ws.send(JSON.stringify({ type: 'auth', userId: [user.id] }));
    const stillOpen = new Promise((resolve) => setTimeout(() => resolve('still open'), 3000).unref());
    expect(await Promise.race([other.closed, stillOpen])).toEqual({ code: 1008, reason: 'userId is not the session user' });
    expect(other.messages.filter((m) => m.type === 'auth')).toEqual([]);
    socket.ws.close();
    expect(prototypeChanges(start)).toEqual([]);
  });

  it('names the rule each request broke', async () => {
    const { agent: owner, user } = await t.loginAs('user');
    const { agent: admin } = await t.loginAs('admin');
    const code = async (req: request.Test, status = 400) => {
      const res = await req;
      expect([res.status, typeof res.body.message]).toEqual([status, 'string']);
      return res.body.code;
    };
    const anon = t.anon();
    expect(await code(anon.get(`/api/ical/${user.id}?token=a&token=b`))).toBe('query_parameter_repeated');
    expect(await code(anon.get(`/api/ical/${user.id}?token[a]=b`))).toBe('query_parameter_name');
    expect(await code(anon.get(`/api/ical/${user.id}?__proto__=1`))).toBe('query_parameter_name');
    expect(await code(anon.get(`/api/ical/${user.id}?token=${'a'.repeat(2001)}`))).toBe('query_value_too_long');
    expect(await code(anon.get(`/api/ical/${user.id}?token=%E0%A4%A`))).toBe('query_value_encoding');
    expect(await code(admin.get('/api/admin/users?q=%E0%A4%A'))).toBe('query_value_encoding');
    // A search for a percent sign, sent as the browser encodes it, is a plain search.
    await admin.get('/api/admin/users?q=50%25').expect(200);
    expect(await code(anon.get(`/api/ical/${user.id}?${Array.from({ length: 5 }, (_, i) => `p${i}=${'a'.repeat(1700)}`).join('&')}`))).toBe('query_too_long');
    for (const junk of ['__proto__', 'constructor', '99999999999999999999999', '1e3']) expect(await code(anon.get(`/api/ical/${junk}`), 404)).toBe('calendar_not_found');
    expect(await code(owner.put('/api/events/%00').send({ title: 'x' }))).toBe('invalid_characters');
    expect(await code(owner.get('/api/admin-agreements').query({ sort: '["__proto__","ASC"]' }))).toBe('invalid_sort_field');
    expect(await code(admin.get('/api/admin/users').query({ sort: '["constructor","ASC"]' }))).toBe('invalid_sort_field');
    expect(await code(admin.get('/api/admin/users').query({ filter: '{"hasOwnProperty":1}' }))).toBe('invalid_list_parameter');
    expect(await code(admin.post('/api/system-settings').send({ key: '__proto__', value: '#123456' }))).toBe('setting_unknown_key');
    expect(await code(admin.put('/api/system-settings/constructor').send({ value: '#123456' }))).toBe('setting_unknown_key');
    const event = '{"title":"x","startTime":"2026-06-10T10:00:00Z",';
    expect(await code(owner.post('/api/events').set('Content-Type', 'application/json').send(`${event}"__proto__":{"polluted":1}}`))).toBe('invalid_field_name');
    expect(await code(owner.post('/api/events').set('Content-Type', 'application/json').send(`${event}"source":${'['.repeat(100_000)}${']'.repeat(100_000)}}`))).toBe('too_deep');
    expect((await admin.get('/api/system-settings').expect(200)).body).toEqual([]);
    expect(prototypeChanges(start)).toEqual([]);
  });

  it('keeps ticking and answering afterwards: cron ticks in this process enqueue and run a job', async () => {
    const registry = t.app.get(SchedulerRegistry);
    // Each of the app's schedules finds its next date (what a polluted process never finishes).
    for (const [name, job] of registry.getCronJobs()) expect([name, job.nextDate().toMillis() > Date.now()]).toEqual([name, true]);
    let runs = 0;
    t.app.get(ScheduledJobs).register({ id: 'tick-probe', schedule: '* * * * * *', run: async () => void runs++ });
    // A tick runs a job once the app's Clock reached its due time: time passes for the app as it does for the timer.
    const passing = setInterval(() => t.clock.advance(1000), 500);
    try {
      await waitFor(() => runs >= 2, 'two ticks of a job due every second');
    } finally {
      clearInterval(passing);
      registry.getCronJob('scheduled-job:tick-probe').stop();
    }
    // A fresh session: the walk ended each role's with POST /api/logout.
    const { agent: staff } = await t.loginAs('miniAdmin');
    await t.anon().get('/api/health').expect(200);
    expect((await staff.get('/api/admin/users').query({ sort: '["id","ASC"]', range: '[0,9]' }).expect(200)).headers['content-range']).toMatch(/^users 0-\d+\/\d+$/);
    expect(prototypeChanges(start)).toEqual([]);
  }, 30_000);
});

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `…${a.slice(Math.max(0, i - 80), i + 80)} ⇒ …${b.slice(Math.max(0, i - 80), i + 80)}`;
}

describe('the bad inputs that once broke the API',  () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await TestApp.start();
    admin = (await t.loginAs('admin')).agent;
  });
  afterAll(() => t.close());

  const expectRefusal = (res: request.Response, status = 400) => {
    expect(res.status).toBe(status);
    expect(typeof res.body.message).toBe('string');
    expect(typeof res.body.code).toBe('string');
  };

  it('stores no impossible date', async () => {
    const { agent } = await t.loginAs('user');
    for (const startTime of ['2026-02-30T10:00:00Z', '2026-02-30', '10000-01-01T00:00:00Z', '2026-01-01T24:00:00Z']) {
      expectRefusal(await agent.post('/api/events').send({ title: 'Umulig', startTime }));
    }
    const event = (await agent.post('/api/events').send({ title: 'Mulig', startTime: '2026-02-28T10:00:00Z' }).expect(201)).body;
    expectRefusal(await agent.put(`/api/events/${event.id}`).send({ endTime: '2026-02-30T12:00:00Z' }));
    expectRefusal(await agent.post('/api/marked-days').send({ date: '2026-02-30', markerType: 'busy' }));
    expectRefusal(await agent.get('/api/events').query({ startDate: '2026-02-30', endDate: '2026-03-30' }));
    const stored = (await agent.get('/api/events').query({ startDate: '2026-02-01', endDate: '2026-04-01' }).expect(200)).body;
    expect(stored.map((e: { title: string; endTime: string | null }) => [e.title, e.endTime])).toEqual([['Mulig', null]]);
  });

  it('refuses a 1 MB password and a 1 MB admin message', async () => {
    const { agent, user } = await t.loginAs('user');
    const huge = 'p'.repeat(1_000_000);
    expectRefusal(await admin.post('/api/admin/users').send({ username: 'stor@example.com', name: 'Stor', password: huge }));
    expectRefusal(await admin.post(`/api/admin/users/${user.id}/change-password`).send({ newPassword: huge }));
    expectRefusal(await agent.put('/api/user/password').send({ newPassword: huge }));
    // Login and reset bodies are capped at 16 kB before they are parsed.
    expectRefusal(await t.anon().post('/api/login').send({ username: user.username, password: huge }), 413);
    expectRefusal(await admin.put(`/api/admin/users/${user.id}`).send({ adminInfo: 'm'.repeat(1_000_000) }));
    await agent.post('/api/logout').expect(200);
    await t.loginAs(user);
    expect((await admin.get(`/api/admin/users/${user.id}`).expect(200)).body.adminInfo).toBeNull();
    await admin.put(`/api/admin/users/${user.id}`).send({ adminInfo: 'm'.repeat(5000) }).expect(200);
  });

  it('answers an oversized or malformed body in the error shape', async () => {
    const { agent } = await t.loginAs('user');
    const tooLarge = await agent.post('/api/events').set('Content-Type', 'application/json').send(JSON.stringify({ title: 'x'.repeat(1_100_000), startTime: '2026-06-01' }));
    expectRefusal(tooLarge, 413);
    expectRefusal(await agent.post('/api/events').set('Content-Type', 'application/json').send('{"title": '));
  });

  it('refuses ids beyond int4 before they reach the database', async () => {
    const { agent } = await t.loginAs('user');
    for (const id of ['2147483648', '99999999999999999999', '1e3', '0x10', '1 ']) {
      expect((await agent.put(`/api/marked-days/${encodeURIComponent(id)}`).send({ notes: 'x' }).expect(400)).body.code).toBe('invalid_id');
      expectRefusal(await agent.delete(`/api/events/${encodeURIComponent(id)}`));
    }
    expect((await admin.get('/api/admin/users').query({ filter: JSON.stringify({ id: [2147483648, 'x'] }) }).expect(200)).body).toEqual([]);
  });

  it('answers 409, not 500, when two creates of one username race', async () => {
    const body = { username: 'samtidig@example.com', name: 'Samtidig', password: 'passord-123-samtidig' };
    const answers = await Promise.all([1, 2, 3].map(() => admin.post('/api/admin/users').send(body)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const loser of answers.filter((a) => a.status === 409)) expect(loser.body.code).toBe('username_taken');
    const rows = await t.app.get(DataSource).query(`SELECT id FROM users WHERE lower(username) = $1`, [body.username]);
    expect(rows).toHaveLength(1);
  });
});
