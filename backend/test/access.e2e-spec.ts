import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import request from 'supertest';
import { ACCESS_KEY } from '../src/common/access.decorator';
import { PasswordResetService } from '../src/auth/password-reset.service';
import { CalendarService } from '../src/calendar/calendar.service';
import { SubscriptionService } from '../src/calendar/subscription.service';
import { FeedsService } from '../src/feeds/feeds.service';
import { User } from '../src/users/user.entity';
import { PASSWORD, TestApp } from './helpers/test-app';

/**
 * Every route, called as each kind of caller. "owner" is the user the request is about (their own account, or the
 * target of an admin route); "otherUser" is a regular user it is not about. Adding a route without adding it here
 * fails the coverage test below.
 */
type Who = 'anonymous' | 'owner' | 'otherUser' | 'miniAdmin' | 'admin';
const WHO: Who[] = ['anonymous', 'owner', 'otherUser', 'miniAdmin', 'admin'];

interface Ctx { t: TestApp; owner: User; n: number }
interface RouteCase {
  route: string;
  call: (ctx: Ctx) => Promise<{ path: string; body?: object }> | { path: string; body?: object };
  expect: [anonymous: number, owner: number, otherUser: number, miniAdmin: number, admin: number];
}

const ADMIN_ONLY = [401, 403, 403, 403, 200] as RouteCase['expect'];
const STAFF_READ = [401, 403, 403, 200, 200] as RouteCase['expect'];
const ANY_USER = [401, 200, 200, 200, 200] as RouteCase['expect'];
const PUBLIC = [200, 200, 200, 200, 200] as RouteCase['expect'];
const ANY_USER_CREATES = [401, 201, 201, 201, 201] as RouteCase['expect'];
/** Resources owned by "owner": anyone else is told it does not exist. */
const OWNED = [401, 200, 404, 404, 404] as RouteCase['expect'];
const RANGE = 'startDate=2027-01-01&endDate=2027-04-01';

const calendarOf = (t: TestApp) => t.app.get(CalendarService);
const eventOf = (ctx: Ctx) => calendarOf(ctx.t).createEvent(ctx.owner, { title: 'Eiersperre tid', startTime: '2027-01-10T10:00:00Z', endTime: '2027-01-10T14:00:00Z' });
const markedDayOf = (ctx: Ctx) => calendarOf(ctx.t).createMarkedDay(ctx.owner, { date: '2027-01-11', markerType: 'busy' });
/** Feeds here point at a loopback address, which the SSRF rule refuses at once: syncs fail fast without a network. */
const feedOf = (ctx: Ctx) => ctx.t.app.get(FeedsService).create(ctx.owner, { name: 'Airbnb', url: 'http://127.0.0.1:9/calendar.ics' });
const OWNED_OR_ADMIN = [401, 200, 404, 404, 200] as RouteCase['expect'];
const noteOf = (ctx: Ctx) => calendarOf(ctx.t).saveNote(ctx.owner, 'ical-1-abc', 'Gjest kommer sent');

const cases: RouteCase[] = [
  { route: 'GET /api/health', call: () => ({ path: '/api/health' }), expect: PUBLIC },
  { route: 'POST /api/login', call: ({ owner }) => ({ path: '/api/login', body: { username: owner.username, password: PASSWORD } }), expect: PUBLIC },
  { route: 'POST /api/logout', call: () => ({ path: '/api/logout' }), expect: PUBLIC },
  {
    route: 'POST /api/reset-password',
    call: async ({ t, owner }) => {
      const { resetLink } = await t.app.get(PasswordResetService).createLink(owner.id);
      return { path: '/api/reset-password', body: { token: new URL(resetLink).searchParams.get('token'), newPassword: 'nytt-passord' } };
    },
    expect: PUBLIC,
  },
  { route: 'GET /api/user', call: () => ({ path: '/api/user' }), expect: ANY_USER },
  { route: 'PUT /api/user/profile', call: ({ n }) => ({ path: '/api/user/profile', body: { name: 'Navn', email: `p${n}@example.com` } }), expect: ANY_USER },
  { route: 'PUT /api/user/password', call: () => ({ path: '/api/user/password', body: { currentPassword: PASSWORD, newPassword: 'nytt-passord' } }), expect: ANY_USER },
  { route: 'DELETE /api/user/account', call: () => ({ path: '/api/user/account' }), expect: ANY_USER },
  { route: 'POST /api/register', call: ({ n }) => ({ path: '/api/register', body: { username: `reg${n}@example.com`, name: 'Ny', password: 'hemmelig' } }), expect: [401, 403, 403, 403, 201] },
  { route: 'GET /api/admin/users', call: () => ({ path: '/api/admin/users' }), expect: STAFF_READ },
  { route: 'GET /api/admin/users/:id', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}` }), expect: STAFF_READ },
  { route: 'GET /api/admin/users/:id/account-number-log', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}/account-number-log` }), expect: STAFF_READ },
  { route: 'POST /api/admin/users', call: ({ n }) => ({ path: '/api/admin/users', body: { username: `new${n}@example.com`, name: 'Ny', password: 'hemmelig' } }), expect: [401, 403, 403, 403, 201] },
  { route: 'PUT /api/admin/users/:id', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}`, body: { name: 'Endret' } }), expect: ADMIN_ONLY },
  { route: 'DELETE /api/admin/users/:id', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}` }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/users/:id/change-password', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}/change-password`, body: { newPassword: 'byttet123' } }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/users/:id/reset-password', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}/reset-password` }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/users/:id/block', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}/block`, body: { reason: 'Test' } }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/users/:id/unblock', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}/unblock` }), expect: ADMIN_ONLY },

  { route: 'GET /api/events', call: () => ({ path: `/api/events?${RANGE}` }), expect: ANY_USER },
  { route: 'POST /api/events', call: () => ({ path: '/api/events', body: { title: 'Eiersperre tid', startTime: '2027-02-01T10:00:00Z', endTime: '2027-02-01T14:00:00Z' } }), expect: ANY_USER_CREATES },
  { route: 'PUT /api/events/:id', call: async (ctx) => ({ path: `/api/events/${(await eventOf(ctx)).id}`, body: { title: 'Endret' } }), expect: OWNED },
  { route: 'DELETE /api/events/:id', call: async (ctx) => ({ path: `/api/events/${(await eventOf(ctx)).id}` }), expect: OWNED },
  { route: 'GET /api/marked-days', call: () => ({ path: `/api/marked-days?${RANGE}` }), expect: ANY_USER },
  { route: 'POST /api/marked-days', call: () => ({ path: '/api/marked-days', body: { date: '2027-03-01', markerType: 'vacation' } }), expect: ANY_USER_CREATES },
  { route: 'PUT /api/marked-days/:id', call: async (ctx) => ({ path: `/api/marked-days/${(await markedDayOf(ctx)).id}`, body: { notes: 'Ferie' } }), expect: OWNED },
  { route: 'DELETE /api/marked-days/:id', call: async (ctx) => ({ path: `/api/marked-days/${(await markedDayOf(ctx)).id}` }), expect: OWNED },
  { route: 'GET /api/ical-event-notes/event/:externalId', call: () => ({ path: '/api/ical-event-notes/event/ical-1-abc' }), expect: ANY_USER },
  { route: 'POST /api/ical-event-notes', call: () => ({ path: '/api/ical-event-notes', body: { eventExternalId: 'ical-1-abc', notes: 'Notat' } }), expect: ANY_USER_CREATES },
  { route: 'PUT /api/ical-event-notes/:id', call: async (ctx) => ({ path: `/api/ical-event-notes/${(await noteOf(ctx)).id}`, body: { notes: 'Nytt' } }), expect: OWNED },
  { route: 'DELETE /api/ical-event-notes/:id', call: async (ctx) => ({ path: `/api/ical-event-notes/${(await noteOf(ctx)).id}` }), expect: OWNED },
  { route: 'POST /api/translate', call: () => ({ path: '/api/translate', body: { text: 'Hei', targetLanguage: 'en' } }), expect: ANY_USER },
  { route: 'GET /api/admin/user-calendar/:userId', call: ({ owner }) => ({ path: `/api/admin/user-calendar/${owner.id}?${RANGE}` }), expect: ADMIN_ONLY },
  { route: 'GET /api/admin/user-marked-days/:userId', call: ({ owner }) => ({ path: `/api/admin/user-marked-days/${owner.id}?${RANGE}` }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/user-events/:userId', call: ({ owner }) => ({ path: `/api/admin/user-events/${owner.id}`, body: { title: 'Service', startTime: '2027-02-02T10:00:00Z' } }), expect: [401, 403, 403, 403, 201] },
  { route: 'DELETE /api/admin/events/:id', call: async (ctx) => ({ path: `/api/admin/events/${(await eventOf(ctx)).id}` }), expect: ADMIN_ONLY },
  { route: 'GET /api/ical-feeds', call: () => ({ path: '/api/ical-feeds' }), expect: ANY_USER },
  { route: 'POST /api/ical-feeds', call: () => ({ path: '/api/ical-feeds', body: { name: 'Booking.com', url: 'https://example.com/b.ics' } }), expect: ANY_USER_CREATES },
  { route: 'PUT /api/ical-feeds/:id', call: async (ctx) => ({ path: `/api/ical-feeds/${(await feedOf(ctx)).id}`, body: { enabled: false } }), expect: OWNED_OR_ADMIN },
  { route: 'DELETE /api/ical-feeds/:id', call: async (ctx) => ({ path: `/api/ical-feeds/${(await feedOf(ctx)).id}` }), expect: OWNED_OR_ADMIN },
  { route: 'POST /api/ical-feeds/:id/sync', call: async (ctx) => ({ path: `/api/ical-feeds/${(await feedOf(ctx)).id}/sync` }), expect: OWNED_OR_ADMIN },
  { route: 'GET /api/ical-feed-events', call: () => ({ path: `/api/ical-feed-events?${RANGE}` }), expect: ANY_USER },
  { route: 'GET /api/admin/ical-feeds', call: () => ({ path: '/api/admin/ical-feeds' }), expect: STAFF_READ },
  { route: 'GET /api/admin/all-ical-feeds', call: () => ({ path: '/api/admin/all-ical-feeds' }), expect: STAFF_READ },
  { route: 'GET /api/admin/feed-health', call: () => ({ path: '/api/admin/feed-health' }), expect: STAFF_READ },
  { route: 'POST /api/admin/force-refresh-ical/:feedId', call: async (ctx) => ({ path: `/api/admin/force-refresh-ical/${(await feedOf(ctx)).id}` }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/sync-all-ical', call: () => ({ path: '/api/admin/sync-all-ical' }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/cleanup-duplicates', call: () => ({ path: '/api/admin/cleanup-duplicates' }), expect: ADMIN_ONLY },
  {
    route: 'GET /api/ical/:userId',
    call: async ({ t, owner }) => {
      const link = await t.app.get(SubscriptionService).renew(owner.id);
      return { path: new URL(link).pathname + new URL(link).search };
    },
    expect: PUBLIC,
  },
  { route: 'GET /api/calendar/export-ical', call: () => ({ path: '/api/calendar/export-ical' }), expect: ANY_USER },
  { route: 'GET /api/user/calendar-link', call: () => ({ path: '/api/user/calendar-link' }), expect: ANY_USER },
  { route: 'POST /api/user/calendar-link/renew', call: () => ({ path: '/api/user/calendar-link/renew' }), expect: ANY_USER },
  { route: 'GET /api/admin/users/:id/calendar-link', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}/calendar-link` }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/users/:id/calendar-link/renew', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}/calendar-link/renew` }), expect: ADMIN_ONLY },
  { route: 'GET /api/admin/jobs', call: () => ({ path: '/api/admin/jobs' }), expect: STAFF_READ },
  { route: 'POST /api/admin/jobs/:id/run', call: () => ({ path: '/api/admin/jobs/session-cleanup/run' }), expect: ADMIN_ONLY },
  { route: 'PUT /api/admin/events/:id/color', call: async (ctx) => ({ path: `/api/admin/events/${(await eventOf(ctx)).id}/color`, body: { color: '#16a34a' } }), expect: ADMIN_ONLY },
];

/** Every route Nest registered, as 'METHOD /api/path', with whether it declares an access level. */
function registeredRoutes(t: TestApp): { route: string; declared: boolean }[] {
  const routes: { route: string; declared: boolean }[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as Type;
      const base = Reflect.getMetadata(PATH_METADATA, type) as string;
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = type.prototype[name];
        const path = Reflect.getMetadata(PATH_METADATA, handler);
        if (name === 'constructor' || path === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        const full = ['/api', base, path].filter((p) => p && p !== '/').join('/').replace(/\/+/g, '/');
        const declared = Reflect.getMetadata(ACCESS_KEY, handler) ?? Reflect.getMetadata(ACCESS_KEY, type);
        routes.push({ route: `${method} ${full}`, declared: Boolean(declared) });
      }
    }
  }
  return routes;
}

describe('access control on every route', () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  it('every registered route declares its access level and has a role test here', () => {
    const routes = registeredRoutes(t);
    expect(routes.filter((r) => !r.declared).map((r) => r.route)).toEqual([]);
    expect(routes.map((r) => r.route).sort()).toEqual(cases.map((c) => c.route).sort());
  });

  async function agentFor(who: Who, owner: User) {
    if (who === 'anonymous') return request.agent(t.server);
    const actor = who === 'owner' ? owner : await t.createUser(who === 'otherUser' ? 'user' : who);
    return (await t.loginAs(actor)).agent;
  }

  describe.each(cases)('$route', (c) => {
    it.each(WHO)('as %s', async (who) => {
      const owner = await t.createUser('user');
      const agent = await agentFor(who, owner);
      const { path, body } = await c.call({ t, owner, n: ++n });
      const method = c.route.split(' ')[0].toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      const req = agent[method](path);
      const res = body ? await req.send(body) : await req;
      expect({ who, status: res.status }).toEqual({ who, status: c.expect[WHO.indexOf(who)] });
      if (res.status >= 400) expect(typeof res.body.message).toBe('string');
      if (c.route === 'POST /api/ical-feeds/:id/sync' && res.status === 200) expect(res.body.error).toMatch(/not allowed/);
    });
  });
});
