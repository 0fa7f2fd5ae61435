import request from 'supertest';
import { DataSource } from 'typeorm';
import { AgreementsService } from '../src/agreements/agreements.service';
import { AppointmentHoursService } from '../src/appointments/appointment-hours.service';
import { AppointmentsService } from '../src/appointments/appointments.service';
import { PasswordResetService } from '../src/auth/password-reset.service';
import { BackupsService } from '../src/backups/backups.service';
import { Beds24Config } from '../src/beds24/beds24-config.entity';
import { CalendarService } from '../src/calendar/calendar.service';
import { CasesService } from '../src/cases/cases.service';
import { FileStore } from '../src/common/adapters/file-store';
import { SubscriptionService } from '../src/calendar/subscription.service';
import { FeedsService } from '../src/feeds/feeds.service';
import { NotificationsService } from '../src/notifications/notifications.service';
import { PayoutsService } from '../src/payouts/payouts.service';
import { PayoutLinesService } from '../src/payouts/payout-lines.service';
import { PricesService } from '../src/prices/prices.service';
import { InvitationsService } from '../src/properties/invitations.service';
import { PropertiesService } from '../src/properties/properties.service';
import { PropertyAccess } from '../src/properties/property-access.service';
import { Secret, TOTP } from 'otpauth';
import { TwoFactorService } from '../src/auth/two-factor.service';
import { User } from '../src/users/user.entity';
import { StaysService } from '../src/stays/stays.service';
import { WebhooksService } from '../src/webhooks/webhooks.service';
import { TokensService } from '../src/tokens/tokens.service';
import { registeredRoutes } from './helpers/routes';
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
  /** It reads a property's money: a viewer without canSeeMoney is refused (403 property_money_hidden) in the property walk. */
  money?: true;
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
const eventOf = async (ctx: Ctx) => calendarOf(ctx.t).createEvent(ctx.owner, await ctx.t.propertyOf(ctx.owner), { title: 'Eiersperre tid', startTime: '2027-01-10T10:00:00Z', endTime: '2027-01-10T14:00:00Z' });
const markedDayOf = async (ctx: Ctx) => calendarOf(ctx.t).createMarkedDay(ctx.owner, (await ctx.t.propertyOf(ctx.owner)).id, { date: '2027-01-11', markerType: 'busy' });
/** Feeds here point at a loopback address, which the SSRF rule refuses at once: syncs fail fast without a network. */
const feedOf = (ctx: Ctx) => ctx.t.app.get(FeedsService).create(ctx.owner, { name: 'Airbnb', url: 'http://127.0.0.1:9/calendar.ics' });
/** Webhooks here point at a closed loopback port (ALLOW_PRIVATE_WEBHOOK_HOSTS): a delivery fails at once without a network. */
const webhookOf = async (ctx: Ctx) => (await ctx.t.app.get(WebhooksService).create(await ctx.t.createUser('admin'), { url: 'http://127.0.0.1:9/hook', events: ['payout.created'] })).endpoint;
const webhookDeliveryOf = async (ctx: Ctx) => {
  const endpoint = await webhookOf(ctx);
  return { endpoint, delivery: await ctx.t.app.get(WebhooksService).recordTest(endpoint.id) };
};
const notificationOf = (ctx: Ctx) => ctx.t.app.get(NotificationsService).create({ userId: ctx.owner.id, type: 'system', params: { text: 'Hei' } });
const payoutOf = async (ctx: Ctx) => ctx.t.app.get(PayoutsService).create(await ctx.t.createUser('admin'), { userId: ctx.owner.id, month: 3, year: 2026, amount: '1000.00' });
const priceOf = async (ctx: Ctx) => ctx.t.app.get(PricesService).create(await ctx.t.createUser('admin'), { userId: ctx.owner.id, name: 'Høysesong', priceFrom: '1500', priceTo: '2500', discountPercent: '0' });
/** A payout of "owner" with a rent line that has a PDF receipt. */
const receiptLineOf = async (ctx: Ctx) => {
  const admin = await ctx.t.createUser('admin');
  const payout = await ctx.t.app.get(PayoutsService).create(admin, { userId: ctx.owner.id, month: 7, year: 2026, amount: '0' });
  const lines = ctx.t.app.get(PayoutLinesService);
  const { lines: [line] } = await lines.add(admin, payout.id, { kind: 'rent', description: 'Leie', amount: '100' });
  const file = await ctx.t.app.get(FileStore).put(Buffer.from('%PDF-1.4\n%%EOF\n'), 'kvittering.pdf');
  await lines.attachReceipt(admin, payout.id, line.id, file);
  return { payout, line };
};
/** The owner's first property; `withViewer` adds a member the owner may remove. */
const propertyOf = async (ctx: Ctx) => (await ctx.t.app.get(PropertyAccess).resolve(ctx.owner, undefined, 'read')).property;
const viewerOf = async (ctx: Ctx) => {
  const property = await propertyOf(ctx);
  const viewer = await ctx.t.createUser('user');
  await ctx.t.app.get(DataSource).query(`INSERT INTO property_members (property_id, user_id, role) VALUES ($1, $2, 'viewer')`, [property.id, viewer.id]);
  return { property, viewer };
};
/** A property's members read it, staff too; anyone else hears it does not exist. */
/** A stay the owner asked for under rules that ask for approval, waiting for staff (docs/product/stays.md#stays-as-requests). */
const stayRequestOf = async (ctx: Ctx) => {
  const property = await propertyOf(ctx);
  const stays = ctx.t.app.get(StaysService);
  await stays.setRules(await ctx.t.createUser('admin'), property, { approval: 'request', blackouts: [] });
  const event = await calendarOf(ctx.t).createEvent(ctx.owner, property, { title: 'Sommerferie', startTime: '2027-07-01T00:00:00Z', endTime: '2027-07-04T00:00:00Z' });
  const { rows } = await stays.list({ filter: { propertyId: property.id, status: 'pending' }, paged: false });
  return rows.find((r) => r.eventId === event.id)!;
};
const MEMBER_READ = [401, 200, 404, 200, 200] as RouteCase['expect'];
/** The owner (or an admin) changes it; mini admins only read. */
const MEMBER_WRITE = [401, 200, 404, 403, 200] as RouteCase['expect'];
/** An invitation to the owner's first property, made by the owner, for an address of its own. */
const invitationOf = async (ctx: Ctx) => {
  const property = await propertyOf(ctx);
  const { invitation, link } = await ctx.t.app.get(InvitationsService).create(ctx.owner, property.id, { email: `gjest${ctx.n}@example.com`, role: 'viewer' });
  return { property, invitation, token: link.split('/').pop()! };
};
/** The owner (or an admin) makes one; mini admins only read. */
const MEMBER_CREATES = [401, 201, 404, 403, 201] as RouteCase['expect'];
/** Admin-only writes that create a row answer 201. */
const ADMIN_CREATES = [401, 403, 403, 403, 201] as RouteCase['expect'];
const noteOf = async (ctx: Ctx) => calendarOf(ctx.t).saveNote(ctx.owner, await ctx.t.propertyOf(ctx.owner), 'ical-1-abc', 'Gjest kommer sent');
/**
 * A Beds24 configuration of the owner, written straight to its table: its sealed key opens under no secret, so a sync
 * or a connection test answers 'needs new credentials' without calling anyone (beds24.e2e-spec.ts covers the calls).
 */
const beds24ConfigOf = async (ctx: Ctx) => {
  await ctx.t.app.get(DataSource).getRepository(Beds24Config).save({ userId: ctx.owner.id, credentialSealed: 'x.y.z', credentialKind: 'refresh', credentialLast4: 'abcd', propId: 1001, sync: { nextSyncAt: new Date('2100-01-01') } });
  return ctx.owner.id;
};
/** An agreement of "owner", made by an admin: staff read it, the owner reads it and writes notes, others hear 404. */
const agreementOf = async (ctx: Ctx) => {
  const admin = await ctx.t.createUser('admin');
  return (await ctx.t.app.get(AgreementsService).create(admin, { userId: ctx.owner.id, title: 'Gjennomgang', meetingDate: '2026-07-01T10:00:00Z' })).view.agreement;
};
const AGREEMENT_READ = [401, 200, 404, 200, 200] as RouteCase['expect'];
/** A case of "owner" (opened by them) with one message and, when asked, an attachment. */
const caseOf = async (ctx: Ctx) => (await ctx.t.app.get(CasesService).create(ctx.owner, { title: 'Får ikke logget inn', category: 'account', message: 'Hei' })).kase;
const closedCaseOf = async (ctx: Ctx) => {
  const kase = await caseOf(ctx);
  await ctx.t.app.get(CasesService).close(ctx.owner, kase.id);
  return kase;
};
/** A message staff wrote to "owner": the owner's side marks it read. */
const caseAnswerOf = async (ctx: Ctx) => {
  const kase = await caseOf(ctx);
  return (await ctx.t.app.get(CasesService).addMessage(await ctx.t.createUser('admin'), kase.id, { message: 'Vi ser på det' })).message;
};
const caseAttachmentOf = async (ctx: Ctx) => {
  const kase = await caseOf(ctx);
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const stored = await ctx.t.app.get(FileStore).put(png, 'feil.png');
  return (await ctx.t.app.get(CasesService).addMessage(ctx.owner, kase.id, { message: 'Bilde' }, [stored])).attachments[0];
};
/** The owner and staff read a case; another owner hears it does not exist. */
const CASE_READ = [401, 200, 404, 200, 200] as RouteCase['expect'];
/** The owner and admins write on a case; mini admins only read. */
const CASE_WRITE = [401, 200, 404, 403, 200] as RouteCase['expect'];

/**
 * A free appointment slot on Tuesday 2026-06-02 09:00 (Oslo): each call publishes the range for a new staff member,
 * so one is always free however many bookings the walk made.
 */
const SLOT = '2026-06-02T07:00:00.000Z';
const freeSlot = async (ctx: Ctx) => {
  const staff = await ctx.t.createUser('admin');
  return ctx.t.app.get(AppointmentHoursService).create(staff, { weekday: 2, startTime: '09:00', endTime: '09:30', staffUserIds: [staff.id] });
};
const appointmentOf = async (ctx: Ctx) => {
  await freeSlot(ctx);
  return (await ctx.t.app.get(AppointmentsService).book(ctx.owner, { start: SLOT, subject: 'Gjennomgang', location: 'video' })).appointment;
};
const hoursOf = async (ctx: Ctx) => (await freeSlot(ctx)).hours;
/** A day far ahead, one per call, for closed dates (their date is unique). */
const closedDay = (n: number) => new Date(Date.UTC(2030, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const closedDateOf = async (ctx: Ctx) => ctx.t.app.get(AppointmentHoursService).addClosedDate(await ctx.t.createUser('admin'), { date: closedDay(ctx.n + 20_000) });
/** "owner" with two-factor sign-in on, for the admin's reset. */
const twoFactorOwner = async (ctx: Ctx) => {
  const twoFactor = ctx.t.app.get(TwoFactorService);
  const { secret } = await twoFactor.setup(ctx.owner);
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ctx.t.clock.now().getTime() });
  await twoFactor.enable(ctx.owner, code, { browser: null, os: null, ipPrefix: null });
  return ctx.owner;
};
/** Routes that check their body against the caller's own state: without a setup, or with 2FA off, every caller is refused alike. */
const ANY_USER_REFUSED = (status: number) => [401, status, status, status, status] as RouteCase['expect'];

const cases: RouteCase[] = [
  { route: 'GET /api/health', call: () => ({ path: '/api/health' }), expect: PUBLIC },
  { route: 'GET /api/health/live', call: () => ({ path: '/api/health/live' }), expect: PUBLIC },
  { route: 'GET /api/health/ready', call: () => ({ path: '/api/health/ready' }), expect: PUBLIC },
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
  // No sign-in waits for a code on these agents: the code step has nothing to complete.
  { route: 'POST /api/login/2fa', call: () => ({ path: '/api/login/2fa', body: { code: '123456' } }), expect: [401, 401, 401, 401, 401] },
  { route: 'GET /api/user/sessions', call: () => ({ path: '/api/user/sessions' }), expect: ANY_USER },
  { route: 'DELETE /api/user/sessions', call: () => ({ path: '/api/user/sessions' }), expect: ANY_USER },
  // "owner"'s session, ended by its id: nobody else has a session of that id.
  {
    route: 'DELETE /api/user/sessions/:id',
    call: async ({ t, owner }) => {
      await t.anon().post('/api/login').send({ username: owner.username, password: PASSWORD }).expect(200);
      const [{ public_id }] = await t.app.get(DataSource).query('SELECT public_id FROM session WHERE user_id = $1 ORDER BY created_at DESC, sid LIMIT 1', [owner.id]);
      return { path: `/api/user/sessions/${public_id}` };
    },
    expect: OWNED,
  },
  { route: 'GET /api/user/tokens', call: () => ({ path: '/api/user/tokens' }), expect: ANY_USER },
  { route: 'POST /api/user/tokens', call: ({ n }) => ({ path: '/api/user/tokens', body: { name: `Skript ${n}`, scopes: ['calendar:read'], expiresInDays: 30 } }), expect: ANY_USER_CREATES },
  // "owner"'s token: nobody else has a token of that id.
  {
    route: 'DELETE /api/user/tokens/:id',
    call: async ({ t, owner }) => ({ path: `/api/user/tokens/${(await t.app.get(TokensService).create(owner, { name: 'Skript', scopes: ['calendar:read'], expiresInDays: 30 })).saved.id}` }),
    expect: OWNED,
  },
  { route: 'GET /api/user/2fa', call: () => ({ path: '/api/user/2fa' }), expect: ANY_USER },
  { route: 'POST /api/user/2fa/setup', call: () => ({ path: '/api/user/2fa/setup' }), expect: ANY_USER },
  { route: 'POST /api/user/2fa/enable', call: () => ({ path: '/api/user/2fa/enable', body: { code: '123456' } }), expect: ANY_USER_REFUSED(400) },
  { route: 'POST /api/user/2fa/disable', call: () => ({ path: '/api/user/2fa/disable' }), expect: ANY_USER_REFUSED(409) },
  { route: 'POST /api/admin/users/:id/2fa/reset', call: async (ctx) => ({ path: `/api/admin/users/${(await twoFactorOwner(ctx)).id}/2fa/reset` }), expect: ADMIN_ONLY },
  { route: 'POST /api/user/reauth', call: () => ({ path: '/api/user/reauth', body: { password: PASSWORD } }), expect: ANY_USER },
  { route: 'PUT /api/user/profile', call: ({ n }) => ({ path: '/api/user/profile', body: { name: 'Navn', email: `p${n}@example.com` } }), expect: ANY_USER },
  { route: 'PUT /api/user/password', call: () => ({ path: '/api/user/password', body: { newPassword: 'nytt-passord' } }), expect: ANY_USER },
  // An admin may not delete their own account (docs/roles.md).
  { route: 'DELETE /api/user/account', call: () => ({ path: '/api/user/account' }), expect: [401, 200, 200, 200, 403] },
  { route: 'POST /api/register', call: ({ n }) => ({ path: '/api/register', body: { username: `reg${n}@example.com`, name: 'Ny', password: 'hemmelig-passord' } }), expect: [401, 403, 403, 403, 201] },
  { route: 'GET /api/admin/users', call: () => ({ path: '/api/admin/users' }), expect: STAFF_READ },
  { route: 'GET /api/admin/users/:id', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}` }), expect: STAFF_READ },
  { route: 'GET /api/admin/users/:id/account-number-history', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}/account-number-history` }), expect: STAFF_READ },
  { route: 'GET /api/admin/users/:id/account-number-log', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}/account-number-log` }), expect: ADMIN_ONLY },
  { route: 'GET /api/admin/users/:id/activity', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}/activity` }), expect: ADMIN_ONLY },
  { route: 'GET /api/user/activity', call: () => ({ path: '/api/user/activity' }), expect: ANY_USER },
  { route: 'POST /api/admin/users', call: ({ n }) => ({ path: '/api/admin/users', body: { username: `new${n}@example.com`, name: 'Ny', password: 'hemmelig-passord' } }), expect: [401, 403, 403, 403, 201] },
  { route: 'PUT /api/admin/users/:id', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}`, body: { name: 'Endret' } }), expect: ADMIN_ONLY },
  { route: 'DELETE /api/admin/users/:id', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}` }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/users/:id/change-password', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}/change-password`, body: { newPassword: 'byttet-passord-123' } }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/users/:id/reset-password', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}/reset-password` }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/users/:id/block', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}/block`, body: { reason: 'Test' } }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/users/:id/unblock', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}/unblock` }), expect: ADMIN_ONLY },

  { route: 'GET /api/calendar-window', call: () => ({ path: `/api/calendar-window?${RANGE}` }), expect: ANY_USER },
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
  { route: 'GET /api/translate', call: () => ({ path: '/api/translate' }), expect: ANY_USER },
  { route: 'POST /api/translate', call: () => ({ path: '/api/translate', body: { text: 'Hei', targetLanguage: 'en' } }), expect: ANY_USER },
  { route: 'GET /api/admin/user-calendar/:userId', call: ({ owner }) => ({ path: `/api/admin/user-calendar/${owner.id}?${RANGE}` }), expect: ADMIN_ONLY },
  { route: 'GET /api/admin/user-marked-days/:userId', call: ({ owner }) => ({ path: `/api/admin/user-marked-days/${owner.id}?${RANGE}` }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/user-events/:userId', call: ({ owner }) => ({ path: `/api/admin/user-events/${owner.id}`, body: { title: 'Service', startTime: '2027-02-02T10:00:00Z' } }), expect: [401, 403, 403, 403, 201] },
  { route: 'DELETE /api/admin/events/:id', call: async (ctx) => ({ path: `/api/admin/events/${(await eventOf(ctx)).id}` }), expect: ADMIN_ONLY },
  { route: 'GET /api/ical-feeds', call: () => ({ path: '/api/ical-feeds' }), expect: ANY_USER },
  { route: 'POST /api/ical-feeds', call: () => ({ path: '/api/ical-feeds', body: { name: 'Booking.com', url: 'https://example.com/b.ics' } }), expect: ANY_USER_CREATES },
  { route: 'PUT /api/ical-feeds/:id', call: async (ctx) => ({ path: `/api/ical-feeds/${(await feedOf(ctx)).id}`, body: { enabled: false } }), expect: MEMBER_WRITE },
  { route: 'DELETE /api/ical-feeds/:id', call: async (ctx) => ({ path: `/api/ical-feeds/${(await feedOf(ctx)).id}` }), expect: MEMBER_WRITE },
  { route: 'POST /api/ical-feeds/:id/sync', call: async (ctx) => ({ path: `/api/ical-feeds/${(await feedOf(ctx)).id}/sync` }), expect: MEMBER_WRITE },
  // Double bookings: the owner's own; another owner asking for them is refused; staff read everyone's.
  { route: 'GET /api/conflicts', call: ({ owner }) => ({ path: `/api/conflicts?userId=${owner.id}` }), expect: [401, 200, 403, 200, 200] },
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
      const { url } = await t.app.get(SubscriptionService).renew(owner.id);
      return { path: new URL(url).pathname + new URL(url).search };
    },
    expect: PUBLIC,
  },
  { route: 'GET /api/calendar/export-ical', call: () => ({ path: '/api/calendar/export-ical' }), expect: ANY_USER },
  { route: 'GET /api/user/calendar-link', call: () => ({ path: '/api/user/calendar-link' }), expect: ANY_USER },
  { route: 'POST /api/user/calendar-link/renew', call: () => ({ path: '/api/user/calendar-link/renew' }), expect: ANY_USER },
  { route: 'GET /api/admin/users/:id/calendar-link', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}/calendar-link` }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/users/:id/calendar-link/renew', call: ({ owner }) => ({ path: `/api/admin/users/${owner.id}/calendar-link/renew` }), expect: ADMIN_ONLY },
  { route: 'GET /api/admin/jobs', call: () => ({ path: '/api/admin/jobs' }), expect: STAFF_READ },
  { route: 'GET /api/admin/webhooks', call: () => ({ path: '/api/admin/webhooks' }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/webhooks', call: () => ({ path: '/api/admin/webhooks', body: { url: 'http://127.0.0.1:9/hook', events: ['case.created'] } }), expect: ADMIN_CREATES },
  { route: 'GET /api/admin/webhooks/:id', call: async (ctx) => ({ path: `/api/admin/webhooks/${(await webhookOf(ctx)).id}` }), expect: ADMIN_ONLY },
  { route: 'PATCH /api/admin/webhooks/:id', call: async (ctx) => ({ path: `/api/admin/webhooks/${(await webhookOf(ctx)).id}`, body: { description: 'Endret' } }), expect: ADMIN_ONLY },
  { route: 'DELETE /api/admin/webhooks/:id', call: async (ctx) => ({ path: `/api/admin/webhooks/${(await webhookOf(ctx)).id}` }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/webhooks/:id/rotate-secret', call: async (ctx) => ({ path: `/api/admin/webhooks/${(await webhookOf(ctx)).id}/rotate-secret` }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/webhooks/:id/test', call: async (ctx) => ({ path: `/api/admin/webhooks/${(await webhookOf(ctx)).id}/test` }), expect: [401, 403, 403, 403, 202] },
  { route: 'GET /api/admin/webhooks/:id/deliveries', call: async (ctx) => ({ path: `/api/admin/webhooks/${(await webhookOf(ctx)).id}/deliveries` }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver', call: async (ctx) => { const { endpoint, delivery } = await webhookDeliveryOf(ctx); return { path: `/api/admin/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver` }; }, expect: [401, 403, 403, 403, 202] },
  { route: 'POST /api/admin/jobs/:id/run', call: () => ({ path: '/api/admin/jobs/session-cleanup/run' }), expect: ADMIN_ONLY },
  { route: 'GET /api/notifications', call: () => ({ path: '/api/notifications' }), expect: ANY_USER },
  { route: 'GET /api/notifications/unread-count', call: () => ({ path: '/api/notifications/unread-count' }), expect: ANY_USER },
  { route: 'PATCH /api/notifications/:id/read', call: async (ctx) => ({ path: `/api/notifications/${(await notificationOf(ctx)).id}/read` }), expect: OWNED },
  { route: 'POST /api/notifications/read-all', call: () => ({ path: '/api/notifications/read-all' }), expect: ANY_USER },
  { route: 'DELETE /api/notifications/:id', call: async (ctx) => ({ path: `/api/notifications/${(await notificationOf(ctx)).id}` }), expect: OWNED },
  { route: 'POST /api/notifications/register', call: () => ({ path: '/api/notifications/register', body: { language: 'nb' } }), expect: ANY_USER },
  { route: 'GET /api/admin/beds24-configs', call: () => ({ path: '/api/admin/beds24-configs' }), expect: ADMIN_ONLY },
  { route: 'GET /api/admin/beds24-config/:userId', call: async (ctx) => ({ path: `/api/admin/beds24-config/${await beds24ConfigOf(ctx)}` }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/beds24-config/:userId', call: async (ctx) => ({ path: `/api/admin/beds24-config/${await beds24ConfigOf(ctx)}`, body: { syncFutureDays: 200 } }), expect: ADMIN_ONLY },
  { route: 'DELETE /api/admin/beds24-config/:userId', call: async (ctx) => ({ path: `/api/admin/beds24-config/${await beds24ConfigOf(ctx)}` }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/beds24-config/:userId/test', call: async (ctx) => ({ path: `/api/admin/beds24-config/${await beds24ConfigOf(ctx)}/test` }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/beds24-sync/:userId', call: async (ctx) => ({ path: `/api/admin/beds24-sync/${await beds24ConfigOf(ctx)}` }), expect: ADMIN_ONLY },
  { route: 'GET /api/admin-agreements', call: () => ({ path: '/api/admin-agreements' }), expect: ANY_USER },
  { route: 'POST /api/admin-agreements', call: ({ owner }) => ({ path: '/api/admin-agreements', body: { userId: owner.id, title: 'Gjennomgang', meetingDate: '2026-07-01T10:00:00Z' } }), expect: [401, 403, 403, 403, 201] },
  { route: 'GET /api/admin-agreements/:id', call: async (ctx) => ({ path: `/api/admin-agreements/${(await agreementOf(ctx)).id}` }), expect: AGREEMENT_READ },
  { route: 'PUT /api/admin-agreements/:id', call: async (ctx) => ({ path: `/api/admin-agreements/${(await agreementOf(ctx)).id}`, body: { title: 'Endret' } }), expect: ADMIN_ONLY },
  { route: 'DELETE /api/admin-agreements/:id', call: async (ctx) => ({ path: `/api/admin-agreements/${(await agreementOf(ctx)).id}` }), expect: ADMIN_ONLY },
  { route: 'GET /api/admin-agreements/:id/notes', call: async (ctx) => ({ path: `/api/admin-agreements/${(await agreementOf(ctx)).id}/notes` }), expect: AGREEMENT_READ },
  { route: 'POST /api/admin-agreements/:id/notes', call: async (ctx) => ({ path: `/api/admin-agreements/${(await agreementOf(ctx)).id}/notes`, body: { content: 'Hei' } }), expect: [401, 201, 404, 403, 201] },
  { route: 'GET /api/appointments/slots', call: () => ({ path: '/api/appointments/slots?from=2026-06-01&to=2026-06-30' }), expect: ANY_USER },
  { route: 'GET /api/appointments', call: () => ({ path: '/api/appointments' }), expect: ANY_USER },
  // Owners book; staff do not book meetings with themselves.
  { route: 'POST /api/appointments', call: async (ctx) => (await freeSlot(ctx), { path: '/api/appointments', body: { start: SLOT, subject: 'Gjennomgang', location: 'phone' } }), expect: [401, 201, 201, 403, 403] },
  { route: 'GET /api/appointments/:id', call: async (ctx) => ({ path: `/api/appointments/${(await appointmentOf(ctx)).id}` }), expect: AGREEMENT_READ },
  // The owner cancels their own, admins any; mini admins only read.
  { route: 'DELETE /api/appointments/:id', call: async (ctx) => ({ path: `/api/appointments/${(await appointmentOf(ctx)).id}` }), expect: [401, 200, 404, 403, 200] },
  { route: 'GET /api/admin/appointment-hours', call: () => ({ path: '/api/admin/appointment-hours' }), expect: STAFF_READ },
  { route: 'GET /api/admin/appointment-hours/:id', call: async (ctx) => ({ path: `/api/admin/appointment-hours/${(await hoursOf(ctx)).id}` }), expect: STAFF_READ },
  { route: 'POST /api/admin/appointment-hours', call: async (ctx) => ({ path: '/api/admin/appointment-hours', body: { weekday: 3, startTime: '10:00', endTime: '12:00', staffUserIds: [(await ctx.t.createUser('admin')).id] } }), expect: ADMIN_CREATES },
  { route: 'PUT /api/admin/appointment-hours/:id', call: async (ctx) => ({ path: `/api/admin/appointment-hours/${(await hoursOf(ctx)).id}`, body: { endTime: '10:00' } }), expect: ADMIN_ONLY },
  { route: 'DELETE /api/admin/appointment-hours/:id', call: async (ctx) => ({ path: `/api/admin/appointment-hours/${(await hoursOf(ctx)).id}` }), expect: ADMIN_ONLY },
  { route: 'GET /api/admin/appointment-closed-dates', call: () => ({ path: '/api/admin/appointment-closed-dates' }), expect: STAFF_READ },
  { route: 'GET /api/admin/appointment-closed-dates/:id', call: async (ctx) => ({ path: `/api/admin/appointment-closed-dates/${(await closedDateOf(ctx)).id}` }), expect: STAFF_READ },
  { route: 'POST /api/admin/appointment-closed-dates', call: ({ n }) => ({ path: '/api/admin/appointment-closed-dates', body: { date: closedDay(n), reason: 'Stengt' } }), expect: ADMIN_CREATES },
  { route: 'DELETE /api/admin/appointment-closed-dates/:id', call: async (ctx) => ({ path: `/api/admin/appointment-closed-dates/${(await closedDateOf(ctx)).id}` }), expect: ADMIN_ONLY },
  { route: 'GET /api/cases', call: () => ({ path: '/api/cases' }), expect: ANY_USER },
  // A mini admin opening a case of their own is a write: mini admins only read cases.
  { route: 'POST /api/cases', call: () => ({ path: '/api/cases', body: { title: 'Faktura', category: 'billing', message: 'Hei' } }), expect: [401, 201, 201, 403, 201] },
  { route: 'GET /api/cases/unread-count', call: () => ({ path: '/api/cases/unread-count' }), expect: ANY_USER },
  { route: 'GET /api/cases/:id', call: async (ctx) => ({ path: `/api/cases/${(await caseOf(ctx)).id}` }), expect: CASE_READ },
  { route: 'GET /api/cases/:id/messages', call: async (ctx) => ({ path: `/api/cases/${(await caseOf(ctx)).id}/messages` }), expect: CASE_READ },
  { route: 'POST /api/cases/:id/messages', call: async (ctx) => ({ path: `/api/cases/${(await caseOf(ctx)).id}/messages`, body: { message: 'Hei igjen' } }), expect: [401, 201, 404, 403, 201] },
  { route: 'POST /api/cases/messages/:id/read', call: async (ctx) => ({ path: `/api/cases/messages/${(await caseAnswerOf(ctx)).id}/read` }), expect: CASE_WRITE },
  { route: 'POST /api/cases/:id/close', call: async (ctx) => ({ path: `/api/cases/${(await caseOf(ctx)).id}/close` }), expect: CASE_WRITE },
  { route: 'POST /api/cases/:id/reopen', call: async (ctx) => ({ path: `/api/cases/${(await closedCaseOf(ctx)).id}/reopen` }), expect: CASE_WRITE },
  { route: 'GET /api/cases/attachments/:id', call: async (ctx) => ({ path: `/api/cases/attachments/${(await caseAttachmentOf(ctx)).id}` }), expect: CASE_READ },
  { route: 'GET /api/admin/cases', call: () => ({ path: '/api/admin/cases' }), expect: STAFF_READ },
  { route: 'POST /api/admin/cases/:id/assign', call: async (ctx) => ({ path: `/api/admin/cases/${(await caseOf(ctx)).id}/assign`, body: { department: 'customer_service' } }), expect: ADMIN_ONLY },
  { route: 'PUT /api/admin/events/:id/color', call: async (ctx) => ({ path: `/api/admin/events/${(await eventOf(ctx)).id}/color`, body: { color: '#16a34a' } }), expect: ADMIN_ONLY },

  { route: 'GET /api/user/beds24', call: () => ({ path: '/api/user/beds24' }), expect: ANY_USER },
  { route: 'GET /api/user/payouts/year/:year', call: () => ({ path: '/api/user/payouts/year/2026' }), expect: ANY_USER, money: true },
  { route: 'GET /api/user/payouts/year/:year/statement.csv', call: () => ({ path: '/api/user/payouts/year/2026/statement.csv' }), expect: ANY_USER, money: true },
  { route: 'GET /api/user/payouts/year/:year/statement.pdf', call: () => ({ path: '/api/user/payouts/year/2026/statement.pdf' }), expect: ANY_USER, money: true },
  { route: 'GET /api/user/insights', call: () => ({ path: '/api/user/insights?year=2027' }), expect: ANY_USER, money: true },
  { route: 'GET /api/admin/payouts', call: ({ owner }) => ({ path: `/api/admin/payouts?userId=${owner.id}&year=2026` }), expect: STAFF_READ },
  { route: 'GET /api/admin/payouts/user/:userId/year/:year', call: ({ owner }) => ({ path: `/api/admin/payouts/user/${owner.id}/year/2026` }), expect: STAFF_READ },
  { route: 'GET /api/admin/payouts/:id', call: async (ctx) => ({ path: `/api/admin/payouts/${(await payoutOf(ctx)).id}` }), expect: STAFF_READ },
  { route: 'POST /api/admin/payouts', call: ({ owner }) => ({ path: '/api/admin/payouts', body: { userId: owner.id, month: 4, year: 2026, amount: '250.50' } }), expect: ADMIN_CREATES },
  { route: 'POST /api/admin/payouts/calculate-rental-days', call: ({ owner }) => ({ path: '/api/admin/payouts/calculate-rental-days', body: { userId: owner.id, month: 4, year: 2026 } }), expect: ADMIN_ONLY },
  { route: 'PATCH /api/admin/payouts/:id', call: async (ctx) => ({ path: `/api/admin/payouts/${(await payoutOf(ctx)).id}`, body: { status: 'paid' } }), expect: ADMIN_ONLY },
  { route: 'DELETE /api/admin/payouts/:id', call: async (ctx) => ({ path: `/api/admin/payouts/${(await payoutOf(ctx)).id}` }), expect: ADMIN_ONLY },
  { route: 'GET /api/user/payouts/:id', call: async (ctx) => ({ path: `/api/user/payouts/${(await payoutOf(ctx)).id}` }), expect: MEMBER_READ },
  { route: 'GET /api/user/payouts/:id/lines/:lineId/receipt', call: async (ctx) => { const { payout, line } = await receiptLineOf(ctx); return { path: `/api/user/payouts/${payout.id}/lines/${line.id}/receipt` }; }, expect: MEMBER_READ },
  { route: 'GET /api/admin/payouts/:id/lines', call: async (ctx) => ({ path: `/api/admin/payouts/${(await payoutOf(ctx)).id}/lines` }), expect: STAFF_READ },
  { route: 'POST /api/admin/payouts/:id/lines', call: async (ctx) => ({ path: `/api/admin/payouts/${(await payoutOf(ctx)).id}/lines`, body: { kind: 'rent', description: 'Leie', amount: '100' } }), expect: ADMIN_CREATES },
  { route: 'PATCH /api/admin/payouts/:id/lines/:lineId', call: async (ctx) => { const { payout, line } = await receiptLineOf(ctx); return { path: `/api/admin/payouts/${payout.id}/lines/${line.id}`, body: { description: 'Leie juli' } }; }, expect: ADMIN_ONLY },
  { route: 'DELETE /api/admin/payouts/:id/lines/:lineId', call: async (ctx) => { const { payout, line } = await receiptLineOf(ctx); return { path: `/api/admin/payouts/${payout.id}/lines/${line.id}` }; }, expect: ADMIN_ONLY },
  { route: 'GET /api/admin/payouts/:id/lines/:lineId/receipt', call: async (ctx) => { const { payout, line } = await receiptLineOf(ctx); return { path: `/api/admin/payouts/${payout.id}/lines/${line.id}/receipt` }; }, expect: STAFF_READ },
  { route: 'POST /api/admin/payouts/:id/lines/:lineId/receipt', call: async (ctx) => { const { payout, line } = await receiptLineOf(ctx); return { path: `/api/admin/payouts/${payout.id}/lines/${line.id}/receipt` }; }, expect: [401, 403, 403, 403, 400] },
  { route: 'DELETE /api/admin/payouts/:id/lines/:lineId/receipt', call: async (ctx) => { const { payout, line } = await receiptLineOf(ctx); return { path: `/api/admin/payouts/${payout.id}/lines/${line.id}/receipt` }; }, expect: ADMIN_ONLY },
  { route: 'POST /api/admin/payouts/lines/import', call: async (ctx) => ({ path: '/api/admin/payouts/lines/import', body: { csv: `propertyId,year,month,kind,description,amount\n${(await propertyOf(ctx)).id},2026,${(ctx.n % 12) + 1},rent,Leie,100` } }), expect: ADMIN_CREATES },
  { route: 'GET /api/properties', call: () => ({ path: '/api/properties' }), expect: ANY_USER },
  { route: 'GET /api/properties/:id', call: async (ctx) => ({ path: `/api/properties/${(await propertyOf(ctx)).id}` }), expect: MEMBER_READ },
  { route: 'PATCH /api/properties/:id', call: async (ctx) => ({ path: `/api/properties/${(await propertyOf(ctx)).id}`, body: { name: 'Hytta' } }), expect: MEMBER_WRITE },
  { route: 'GET /api/properties/:id/members', call: async (ctx) => ({ path: `/api/properties/${(await propertyOf(ctx)).id}/members` }), expect: MEMBER_READ },
  {
    route: 'PATCH /api/properties/:id/members/:userId',
    call: async (ctx) => {
      const { property, viewer } = await viewerOf(ctx);
      return { path: `/api/properties/${property.id}/members/${viewer.id}`, body: { canSeeMoney: true } };
    },
    expect: MEMBER_WRITE,
  },
  {
    route: 'DELETE /api/properties/:id/members/:userId',
    call: async (ctx) => {
      const { property, viewer } = await viewerOf(ctx);
      return { path: `/api/properties/${property.id}/members/${viewer.id}` };
    },
    expect: MEMBER_WRITE,
  },
  { route: 'PUT /api/properties/:id/shares', call: async (ctx) => ({ path: `/api/properties/${(await propertyOf(ctx)).id}/shares`, body: { shares: [{ userId: ctx.owner.id, share: '100' }] } }), expect: MEMBER_WRITE },
  { route: 'POST /api/properties/:id/invitations', call: async (ctx) => ({ path: `/api/properties/${(await propertyOf(ctx)).id}/invitations`, body: { email: `ny${ctx.n}@example.com`, role: 'viewer' } }), expect: MEMBER_CREATES },
  { route: 'GET /api/properties/:id/invitations', call: async (ctx) => ({ path: `/api/properties/${(await propertyOf(ctx)).id}/invitations` }), expect: MEMBER_WRITE },
  {
    route: 'DELETE /api/properties/:id/invitations/:invitationId',
    call: async (ctx) => {
      const { property, invitation } = await invitationOf(ctx);
      return { path: `/api/properties/${property.id}/invitations/${invitation.id}` };
    },
    expect: MEMBER_WRITE,
  },
  { route: 'GET /api/invitations/:token', call: async (ctx) => ({ path: `/api/invitations/${(await invitationOf(ctx)).token}` }), expect: PUBLIC },
  // Signed out, the link makes the invited address's account; signed in, the caller joins (the owner is a member already).
  {
    route: 'POST /api/invitations/:token/accept',
    call: async (ctx) => ({ path: `/api/invitations/${(await invitationOf(ctx)).token}/accept`, body: { name: 'Gjest', password: 'et-langt-passord-42' } }),
    expect: [201, 409, 201, 201, 201],
  },
  { route: 'GET /api/admin/properties', call: ({ owner }) => ({ path: `/api/admin/properties?userId=${owner.id}` }), expect: STAFF_READ },
  { route: 'POST /api/admin/properties', call: ({ owner }) => ({ path: '/api/admin/properties', body: { name: 'Sjøbua', ownerUserId: owner.id } }), expect: ADMIN_CREATES },
  { route: 'PATCH /api/admin/properties/:id', call: async (ctx) => ({ path: `/api/admin/properties/${(await propertyOf(ctx)).id}`, body: { name: 'Hytta' } }), expect: ADMIN_ONLY },
  {
    route: 'DELETE /api/admin/properties/:id',
    call: async (ctx) => ({ path: `/api/admin/properties/${(await ctx.t.app.get(PropertiesService).create(await ctx.t.createUser('admin'), { name: 'Borte', ownerUserId: ctx.owner.id })).id}` }),
    expect: ADMIN_ONLY,
  },
  { route: 'GET /api/properties/:id/nights', call: async (ctx) => ({ path: `/api/properties/${(await propertyOf(ctx)).id}/nights?year=2027` }), expect: MEMBER_READ },
  { route: 'GET /api/properties/:id/stay-rules', call: async (ctx) => ({ path: `/api/properties/${(await propertyOf(ctx)).id}/stay-rules` }), expect: MEMBER_READ },
  {
    route: 'PUT /api/admin/properties/:id/stay-rules',
    call: async (ctx) => ({ path: `/api/admin/properties/${(await propertyOf(ctx)).id}/stay-rules`, body: { minNights: 2, blackouts: [] } }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'GET /api/properties/:id/stay-preview',
    call: async (ctx) => ({ path: `/api/properties/${(await propertyOf(ctx)).id}/stay-preview?startTime=2027-07-01T00:00:00Z&endTime=2027-07-04T00:00:00Z` }),
    expect: MEMBER_WRITE,
  },
  { route: 'GET /api/admin/nights/past-limit', call: () => ({ path: '/api/admin/nights/past-limit?year=2027' }), expect: STAFF_READ },
  { route: 'GET /api/admin/stay-requests', call: () => ({ path: '/api/admin/stay-requests?status=pending' }), expect: STAFF_READ },
  { route: 'GET /api/admin/stay-requests/:id', call: async (ctx) => ({ path: `/api/admin/stay-requests/${(await stayRequestOf(ctx)).id}` }), expect: STAFF_READ },
  { route: 'POST /api/admin/stay-requests/:id/approve', call: async (ctx) => ({ path: `/api/admin/stay-requests/${(await stayRequestOf(ctx)).id}/approve`, body: { note: 'Ok' } }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/stay-requests/:id/decline', call: async (ctx) => ({ path: `/api/admin/stay-requests/${(await stayRequestOf(ctx)).id}/decline`, body: {} }), expect: ADMIN_ONLY },
  { route: 'GET /api/prices', call: () => ({ path: '/api/prices' }), expect: ANY_USER },
  { route: 'POST /api/prices', call: ({ owner }) => ({ path: '/api/prices', body: { userId: owner.id, name: 'Lavsesong', priceFrom: 900, priceTo: 1200.5, discountPercent: 10 } }), expect: ADMIN_CREATES },
  { route: 'PUT /api/prices/:id', call: async (ctx) => ({ path: `/api/prices/${(await priceOf(ctx)).id}`, body: { name: 'Endret', priceFrom: '1000', priceTo: '2000', discountPercent: '5' } }), expect: ADMIN_ONLY },
  { route: 'DELETE /api/prices/:id', call: async (ctx) => ({ path: `/api/prices/${(await priceOf(ctx)).id}` }), expect: ADMIN_ONLY },
  { route: 'GET /api/system-settings', call: () => ({ path: '/api/system-settings' }), expect: PUBLIC },
  { route: 'PUT /api/system-settings/:key', call: () => ({ path: '/api/system-settings/frontPage.backgroundColor', body: { value: '#1e3a8a' } }), expect: ADMIN_ONLY },
  { route: 'POST /api/system-settings', call: () => ({ path: '/api/system-settings', body: { key: 'calendar.eventColor', value: '#ef4444' } }), expect: [401, 403, 403, 403, 201] },
  // Turning maintenance off: turning it on would close the other routes of this shared app (system-settings.e2e-spec covers on).
  { route: 'POST /api/admin/maintenance-mode', call: () => ({ path: '/api/admin/maintenance-mode', body: { enabled: false } }), expect: ADMIN_ONLY },
  { route: 'GET /api/maintenance-status', call: () => ({ path: '/api/maintenance-status' }), expect: PUBLIC },
  { route: 'GET /api/admin/backups', call: () => ({ path: '/api/admin/backups' }), expect: ADMIN_ONLY },
  { route: 'POST /api/admin/backups', call: () => ({ path: '/api/admin/backups' }), expect: ADMIN_CREATES },
  // A backup of this moment, restored: the admin's restore puts back the same rows (backups.e2e-spec covers the rest).
  {
    route: 'POST /api/admin/backups/restore/:filename',
    call: async ({ t }) => ({ path: `/api/admin/backups/restore/${(await t.app.get(BackupsService).create(false, null)).filename}` }),
    expect: ADMIN_ONLY,
  },
];

describe('access control on every route', () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => (t = await TestApp.start({ ALLOW_PRIVATE_WEBHOOK_HOSTS: 'true' })));
  afterAll(() => t.close());

  it('every registered route declares its access level and has a role test here', () => {
    const routes = registeredRoutes(t);
    expect(routes.filter((r) => !r.declared).map((r) => r.route)).toEqual([]);
    // And whether API tokens may call it (@TokenScope or @NoTokens; docs/security.md#api-tokens).
    expect(routes.filter((r) => !r.tokenScope).map((r) => r.route)).toEqual([]);
    expect(routes.map((r) => r.route).sort()).toEqual(cases.map((c) => c.route).sort());
  });

  async function agentFor(who: Who, owner: User) {
    if (who === 'anonymous') return request.agent(t.server);
    const actor = who === 'owner' ? owner : await t.createUser(who === 'otherUser' ? 'user' : who);
    return (await t.loginAs(actor)).agent;
  }

  /**
   * The property walk (docs/product/properties.md#who-may-do-what): a route that reads `?propertyId=` acts on a
   * property's data, so, naming the owner's property, it answers a viewer of it and a mini admin as the owner for a
   * read and 403 for a write (and a viewer without canSeeMoney 403 for a read of money), and anyone who is no member
   * 404. A route that forgets PropertyAccess answers otherwise.
   */
  it('every route that reads ?propertyId= keeps the property access rule for its viewer, a mini admin and a non-member', async () => {
    const named = new Set(registeredRoutes(t).filter((r) => r.namesProperty).map((r) => r.route));
    expect(named).toContain('GET /api/marked-days');
    expect(named).toContain('GET /api/user/payouts/year/:year');
    expect(named).toContain('GET /api/prices');
    expect(named).toContain('GET /api/admin-agreements');
    const wrong: object[] = [];
    for (const c of cases.filter((c) => named.has(c.route))) {
      const method = c.route.split(' ')[0].toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      for (const who of ['viewer', 'miniAdmin', 'nonMember'] as const) {
        const owner = await t.createUser('user');
        const property = await t.propertyOf(owner);
        const actor = await t.createUser(who === 'miniAdmin' ? 'miniAdmin' : 'user');
        if (who === 'viewer') await t.app.get(DataSource).query(`INSERT INTO property_members (property_id, user_id, role) VALUES ($1, $2, 'viewer')`, [property.id, actor.id]);
        const { agent } = await t.loginAs(actor);
        const { path, body } = await c.call({ t, owner, n: ++n });
        const req = agent[method](`${path}${path.includes('?') ? '&' : '?'}propertyId=${property.id}`);
        const res = body ? await req.send(body) : await req;
        const expected = who === 'nonMember' ? 404 : who === 'viewer' && c.money ? 403 : method === 'get' ? c.expect[WHO.indexOf('owner')] : 403;
        if (res.status !== expected) wrong.push({ route: c.route, who, status: res.status, expected });
      }
    }
    expect(wrong).toEqual([]);
  });

  describe.each(cases)('$route', (c) => {
    it.each(WHO)('as %s', async (who) => {
      const owner = await t.createUser('user');
      const agent = await agentFor(who, owner);
      const { path, body } = await c.call({ t, owner, n: ++n });
      const method = c.route.split(' ')[0].toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      const req = agent[method](path);
      const res = body ? await req.send(body) : await req;
      expect({ who, status: res.status }).toEqual({ who, status: c.expect[WHO.indexOf(who)] });
      if (res.status >= 400) expect(res.body).toEqual(expect.objectContaining({ message: expect.any(String), code: expect.any(String) }));
      if (c.route === 'POST /api/ical-feeds/:id/sync' && res.status === 200) expect(res.body.error).toMatch(/not allowed/);
    });
  });
});
