import { DataSource } from 'typeorm';
import { Beds24Scheduler } from '../src/beds24/beds24-scheduler.service';
import { Beds24SyncService } from '../src/beds24/beds24-sync.service';
import { NEW_KEY_NEEDED } from '../src/beds24/beds24.service';
import { FeedsService } from '../src/feeds/feeds.service';
import { FeedSyncService } from '../src/feeds/feed-sync.service';
import { JobQueue } from '../src/jobs/job-queue.service';
import { SCHEDULED_JOB_QUEUE } from '../src/jobs/scheduled-jobs.service';
import type { User } from '../src/users/user.entity';
import { Beds24Server, booking, OTHER_PROPERTY, PROPERTY } from './helpers/beds24-server';
import { FeedServer } from './helpers/feed-server';
import { TEST_NOW, TestApp } from './helpers/test-app';
import { waitFor } from './helpers/wait-for';

type Agent = Awaited<ReturnType<TestApp['loginAs']>>['agent'];
interface CalendarEvent { id: string; title: string; description: string | null; startTime: string; endTime: string; status: string; source: { type: string; feedName: string; feedId: number; uid: string; kind: string; alsoFrom: { type: string; feedName: string; feedId: number }[] } }

const RANGE = 'startDate=2025-01-01&endDate=2027-06-01';
const STATUSES = ['confirmed', 'request', 'new', 'cancelled', 'black', 'inquiry'];

describe('Beds24 channel sync', () => {
  let t: TestApp;
  let beds24: Beds24Server;
  let admin: Agent;
  beforeAll(async () => {
    beds24 = await new Beds24Server().start();
    // Jobs run as in production. The scheduler's timer ticks follow the app's Clock, which stands at TEST_NOW, so
    // no configuration is synced behind a test's back: each test runs its syncs itself (one below runs a tick).
    t = await TestApp.start({ BEDS24_API_URL: beds24.url, ALLOW_PRIVATE_FEED_HOSTS: 'true' });
    ({ agent: admin } = await t.loginAs('admin'));
  });
  afterAll(async () => {
    await t.close();
    await beds24.stop();
  });
  beforeEach(() => {
    Object.assign(beds24, { tooMany: 0, fail500: false, strict: false, ignorePropertyFilter: false, remaining: 95, resetsIn: 120 });
    beds24.bookings = beds24.bookings.filter((b) => b.id < 1000);
  });

  /** A user with a configuration made from a fresh invite code (365 days of history, the forms' default). */
  async function configured(fields: object = {}): Promise<{ user: User; owner: Agent; config: Record<string, unknown> }> {
    const { agent: owner, user } = await t.loginAs('user');
    const res = await admin.post(`/api/admin/beds24-config/${user.id}`).send({ apiKey: beds24.inviteCode(), propId: PROPERTY, ...fields }).expect(200);
    return { user, owner, config: res.body };
  }
  const syncNow = (user: User) => admin.post(`/api/admin/beds24-sync/${user.id}`).expect(200).then((r) => r.body);
  const calendar = async (owner: Agent): Promise<CalendarEvent[]> => (await owner.get(`/api/ical-feed-events?${RANGE}`).expect(200)).body;
  const beds24Events = async (owner: Agent) => (await calendar(owner)).filter((e) => e.source.type === 'beds24');
  const uids = async (owner: Agent) => (await beds24Events(owner)).map((e) => e.source.uid).sort();

  describe('configuration', () => {
    it('exchanges an invite code at once, stores the refresh token sealed and shows only its last four characters', async () => {
      const code = beds24.inviteCode();
      const { user } = await t.loginAs('user');
      const res = await admin.post(`/api/admin/beds24-config/${user.id}`).send({ apiKey: code, propId: PROPERTY }).expect(200);
      expect(res.body).toMatchObject({ id: user.id, userId: user.id, propId: PROPERTY, apiKeySet: true, credentialKind: 'refresh', syncEnabled: true, syncHistoricalDays: 365, syncFutureDays: 365, needsCredentials: false });
      const [row] = await t.app.get(DataSource).query('SELECT credential_sealed, access_token_sealed FROM beds24_config WHERE user_id = $1', [user.id]);
      const setup = beds24.requestsTo('/authentication/setup').at(-1)!;
      expect(setup.headers.code).toBe(code);
      // The refresh token the code gave: its last four characters are shown, the token itself never.
      const refreshToken = [...(beds24 as unknown as { invites: Map<string, string> }).invites.entries()].find(([c]) => c === code)![1];
      expect(res.body.apiKeyLast4).toBe(refreshToken.slice(-4));
      expect(JSON.stringify(res.body)).not.toContain(refreshToken);
      expect(row.credential_sealed).not.toContain(refreshToken);
      expect(row.access_token_sealed).toBeTruthy();
      expect(JSON.stringify((await admin.get('/api/admin/beds24-configs').expect(200)).body)).not.toContain(refreshToken);

      // An invite code is single-use: Beds24 refuses it the second time, and so does the app.
      const { user: second } = await t.loginAs('user');
      const reused = await admin.post(`/api/admin/beds24-config/${second.id}`).send({ apiKey: code, propId: PROPERTY }).expect(400);
      expect(reused.body.code).toBe('beds24_key_rejected');
      await admin.get(`/api/admin/beds24-config/${second.id}`).expect(404);
    });

    it('takes a refresh token or a long-life token as they are', async () => {
      const { user: a } = await t.loginAs('user');
      const refresh = beds24.refreshToken();
      expect((await admin.post(`/api/admin/beds24-config/${a.id}`).send({ apiKey: refresh, propId: PROPERTY }).expect(200)).body).toMatchObject({ credentialKind: 'refresh', apiKeyLast4: refresh.slice(-4) });
      const { user: b } = await t.loginAs('user');
      const longLife = beds24.longLifeToken();
      expect((await admin.post(`/api/admin/beds24-config/${b.id}`).send({ apiKey: longLife, propId: PROPERTY }).expect(200)).body).toMatchObject({ credentialKind: 'longLife', apiKeyLast4: longLife.slice(-4) });
      expect((await syncNow(b)).success).toBe(true);
    });

    it('validates with the documented texts, refuses administrators and keeps the key when a change leaves it out', async () => {
      const { user } = await t.loginAs('user');
      const url = `/api/admin/beds24-config/${user.id}`;
      expect((await admin.post(url).send({ propId: PROPERTY }).expect(400)).body.message).toBe('API key and property ID are required');
      expect((await admin.post(url).send({ apiKey: beds24.inviteCode() }).expect(400)).body.message).toBe('API key and property ID are required');
      expect((await admin.post(url).send({ apiKey: 'x', propId: PROPERTY, syncHistoricalDays: 1096 }).expect(400)).body.message).toBe('Historiske dager må være mellom 0 og 1095');
      expect((await admin.post(url).send({ apiKey: 'x', propId: PROPERTY, syncFutureDays: 731 }).expect(400)).body.message).toBe('Fremtidige dager må være mellom 0 og 730');
      expect((await admin.post(url).send({ apiKey: 'x', propId: 'abc' }).expect(400)).body.message).toBe('Ugyldig eiendoms-ID');
      const { user: otherAdmin } = await t.loginAs('admin');
      expect((await admin.post(`/api/admin/beds24-config/${otherAdmin.id}`).send({ apiKey: beds24.inviteCode(), propId: PROPERTY }).expect(400)).body.code).toBe('beds24_admin_user');

      const created = (await admin.post(url).send({ apiKey: beds24.inviteCode(), propId: PROPERTY, syncHistoricalDays: 0, syncFutureDays: 730 }).expect(200)).body;
      const changed = (await admin.post(url).send({ syncEnabled: false, syncHistoricalDays: 1095 }).expect(200)).body;
      expect(changed).toMatchObject({ apiKeyLast4: created.apiKeyLast4, syncEnabled: false, syncHistoricalDays: 1095, syncFutureDays: 730 });
      // 'Sync now' only while enabled.
      expect((await admin.post(`/api/admin/beds24-sync/${user.id}`).expect(409)).body.code).toBe('beds24_sync_disabled');
      await admin.delete(url).expect(200);
      await admin.get(url).expect(404);
      await admin.post(`/api/admin/beds24-sync/${user.id}`).expect(404);
    });

    it('tests the connection: the scopes and whether the token reaches the property', async () => {
      const { user } = await t.loginAs('user');
      await admin.post(`/api/admin/beds24-config/${user.id}`).send({ apiKey: beds24.inviteCode(['read:bookings', 'read:bookings-personal']), propId: PROPERTY }).expect(200);
      expect((await admin.post(`/api/admin/beds24-config/${user.id}/test`).expect(200)).body).toEqual({
        ok: true, message: 'Tilkoblingen til Beds24 virker', scopes: ['read:bookings', 'read:bookings-personal'], propertyAccess: true, onlyPropertyId: null,
      });
      const { user: limited } = await t.loginAs('user');
      await admin.post(`/api/admin/beds24-config/${limited.id}`).send({ apiKey: beds24.inviteCode(['read:bookings'], OTHER_PROPERTY), propId: PROPERTY }).expect(200);
      expect((await admin.post(`/api/admin/beds24-config/${limited.id}/test`).expect(200)).body).toMatchObject({ ok: false, propertyAccess: false, onlyPropertyId: OTHER_PROPERTY });
    });
  });

  describe('sync', () => {
    it('pulls the whole window with propertyId and all six statuses, and stores nights as [arrival, departure)', async () => {
      const { user, owner } = await configured();
      const before = beds24.requests.length;
      expect(await syncNow(user)).toEqual({ success: true, eventsCreated: 6, eventsUpdated: 0, eventsDeleted: 0 });
      const calls = beds24.requests.slice(before).filter((r) => r.path === '/bookings');
      expect(calls).toHaveLength(1);
      const q = calls[0].query;
      expect(q.getAll('propertyId')).toEqual([String(PROPERTY)]);
      expect(q.getAll('status').sort()).toEqual([...STATUSES].sort());
      // 365 days back and ahead of TEST_NOW (2026-06-01): the departure bound catches stays straddling the start.
      expect({ departureFrom: q.get('departureFrom'), arrivalTo: q.get('arrivalTo') }).toEqual({ departureFrom: '2025-06-01', arrivalTo: '2027-06-01' });
      expect(q.has('modifiedSince') || q.has('modifiedFrom')).toBe(false);

      const events = await beds24Events(owner);
      // 101 Airbnb, 102 Booking.com, 103 block, 106/107 back to back, 108 straddling the window start; not 104
      // (cancelled), 105 (another property) or 109 (before the window).
      expect(events.map((e) => e.source.uid).sort()).toEqual(['101', '102', '103', '106', '107', '108']);
      const byUid = Object.fromEntries(events.map((e) => [e.source.uid, e]));
      expect(byUid['101']).toMatchObject({ startTime: '2026-06-10', endTime: '2026-06-14', title: 'Airbnb: Kari', status: 'confirmed', source: { type: 'beds24', feedName: 'Beds24', kind: 'booking', alsoFrom: [] } });
      expect(byUid['101'].description).toBe('Kanal: Airbnb\nReferanse: HMS2T3DHXA\nGjest: Kari\nGjester: 3');
      expect(byUid['102']).toMatchObject({ title: 'Booking.com-booking', startTime: '2026-06-20', endTime: '2026-06-23' });
      expect(byUid['103']).toMatchObject({ title: 'Blokkert', source: { kind: 'block' } });
      // Back to back: one checks out the day the next checks in; neither gets a night more.
      expect([byUid['106'].endTime, byUid['107'].startTime]).toEqual(['2026-06-27', '2026-06-27']);
      expect(byUid['108']).toMatchObject({ startTime: '2025-05-25', endTime: '2025-06-05' });

      // Only the channel, first name and guest count of the guest are kept.
      const stored = JSON.stringify(await t.app.get(DataSource).query("SELECT * FROM external_bookings WHERE source_kind = 'beds24' AND user_id = $1", [user.id]));
      for (const secret of ['Nordmann', 'gjest101@example.com', '+4791234567', 'Storgata', '4500']) expect(stored).not.toContain(secret);

      const config = (await admin.get(`/api/admin/beds24-config/${user.id}`).expect(200)).body;
      expect(config).toMatchObject({ lastSync: TEST_NOW.toISOString(), lastCreated: 6, lastUpdated: 0, lastDeleted: 0, eventCount: 6, lastError: null });
    });

    it('follows 250 bookings over three pages, asking our own host with page=N', async () => {
      const { user, owner } = await configured({ syncHistoricalDays: 0 });
      for (let i = 0; i < 250; i++) beds24.bookings.push(booking(1000 + i, { arrival: '2026-08-01', departure: '2026-08-03', firstName: `G${i}` }));
      const before = beds24.requests.length;
      const result = await syncNow(user);
      const pages = beds24.requests.slice(before).filter((r) => r.path === '/bookings').map((r) => r.query.get('page'));
      expect(pages).toEqual([null, '2', '3']);
      // 250 plus the five seed bookings of the window without history (108 is out).
      expect(result).toEqual({ success: true, eventsCreated: 255, eventsUpdated: 0, eventsDeleted: 0 });
      expect(await uids(owner)).toHaveLength(255);
      // Unchanged: nothing created, changed or removed, and no booking row written.
      const written = async () => (await t.app.get(DataSource).query("SELECT max(sync_generation)::int AS g, max(updated_at) AS at FROM external_bookings WHERE source_kind = 'beds24' AND user_id = $1", [user.id]))[0];
      const before2 = await written();
      expect(await syncNow(user)).toEqual({ success: true, eventsCreated: 0, eventsUpdated: 0, eventsDeleted: 0 });
      expect(await written()).toEqual(before2);
    });

    it('removes a booking cancelled in Beds24 and one that vanished from a complete pull, and updates a moved one', async () => {
      const { user, owner } = await configured();
      await syncNow(user);
      const mine = beds24.bookings;
      const saved = mine.map((b) => ({ ...b }));
      try {
        mine.find((b) => b.id === 101)!.status = 'cancelled';
        beds24.bookings = mine.filter((b) => b.id !== 106);
        beds24.bookings.find((b) => b.id === 107)!.departure = '2026-07-01';
        expect(await syncNow(user)).toEqual({ success: true, eventsCreated: 0, eventsUpdated: 1, eventsDeleted: 2 });
        expect(await uids(owner)).toEqual(['102', '103', '107', '108']);
        expect((await beds24Events(owner)).find((e) => e.source.uid === '107')!.endTime).toBe('2026-07-01');
      } finally {
        beds24.bookings = saved;
      }
    });

    it('drops the old property\'s bookings when the property changes, and every booking with the configuration', async () => {
      const { user, owner } = await configured();
      await syncNow(user);
      await admin.post(`/api/admin/beds24-config/${user.id}`).send({ propId: OTHER_PROPERTY }).expect(200);
      expect(await uids(owner)).toEqual([]);
      expect(await syncNow(user)).toMatchObject({ success: true, eventsCreated: 1 });
      expect(await uids(owner)).toEqual(['105']);
      await admin.delete(`/api/admin/beds24-config/${user.id}`).expect(200);
      expect(await uids(owner)).toEqual([]);
    });

    it('never shows another property of the account, even when Beds24 ignores the filter', async () => {
      const { user, owner } = await configured();
      beds24.ignorePropertyFilter = true;
      expect((await syncNow(user)).success).toBe(true);
      expect(await uids(owner)).not.toContain('105');
    });

    it('sends no V1 parameter: a server refusing unknown parameters answers every call', async () => {
      const { user, owner } = await configured();
      beds24.strict = true;
      expect(await syncNow(user)).toMatchObject({ success: true, eventsCreated: 6 });
      expect(await uids(owner)).toHaveLength(6);
    });

    it('reuses the access token until it expires, refreshes on a 401 once, and then asks for new credentials', async () => {
      const { user, owner } = await configured();
      const refreshes = () => beds24.requestsTo('/authentication/token').length;
      const start = refreshes();
      await syncNow(user);
      await syncNow(user);
      // The invite code's exchange gave the first token: no refresh yet.
      expect(refreshes()).toBe(start);

      // Past its lifetime (expiresIn, a day here) the token is renewed before use.
      t.clock.set(new Date(TEST_NOW.getTime() + 86_400_000 + 1000));
      try {
        await syncNow(user);
        expect(refreshes()).toBe(start + 1);
        // Beds24 forgets the token: one refresh, and the same sync succeeds.
        beds24.expireAccessTokens();
        expect((await syncNow(user)).success).toBe(true);
        expect(refreshes()).toBe(start + 2);
      } finally {
        t.clock.set(TEST_NOW);
      }

      // The refresh token is revoked: the configuration needs new credentials; its bookings stay.
      beds24.revokeRefreshTokens();
      const failed = await syncNow(user);
      expect(failed).toMatchObject({ success: false, error: NEW_KEY_NEEDED, errorCode: 'beds24_needs_credentials', eventsDeleted: 0 });
      expect((await admin.get(`/api/admin/beds24-config/${user.id}`).expect(200)).body).toMatchObject({ needsCredentials: true, lastError: NEW_KEY_NEEDED });
      expect(await uids(owner)).toHaveLength(6);
      // No further calls until a new key is given; a new invite code brings it back.
      const calls = beds24.requests.length;
      expect((await syncNow(user)).success).toBe(false);
      expect(beds24.requests.length).toBe(calls);
      await admin.post(`/api/admin/beds24-config/${user.id}`).send({ apiKey: beds24.inviteCode() }).expect(200);
      expect(await syncNow(user)).toMatchObject({ success: true, eventsDeleted: 0 });
    });

    it('waits out a 429 and goes on; a long credit wait and a 500 fail the sync and change nothing', async () => {
      const { user, owner } = await configured();
      await syncNow(user);
      beds24.tooMany = 1;
      beds24.resetsIn = 1;
      expect(await syncNow(user)).toEqual({ success: true, eventsCreated: 0, eventsUpdated: 0, eventsDeleted: 0 });

      beds24.fail500 = true;
      const failed = await syncNow(user);
      expect(failed).toMatchObject({ success: false, errorCode: 'beds24_sync_failed', eventsDeleted: 0 });
      expect(failed.error).toContain('500');
      expect((await admin.get(`/api/admin/beds24-config/${user.id}`)).body).toMatchObject({ lastErrorCode: 'beds24_sync_failed', lastSync: TEST_NOW.toISOString(), needsCredentials: false });
      expect(await uids(owner)).toHaveLength(6);

      // A credit window that resets in five minutes is not waited for: the sync fails and the next one tries again.
      beds24.fail500 = false;
      beds24.tooMany = 10;
      beds24.resetsIn = 300;
      const limited = await syncNow(user);
      expect(limited).toMatchObject({ success: false, errorCode: 'beds24_rate_limited' });
      expect(await uids(owner)).toHaveLength(6);
    });

    it('tells the owner of a new booking after the first sync (the notifications bus)', async () => {
      const { user, owner } = await configured();
      await syncNow(user);
      expect((await owner.get('/api/notifications').expect(200)).body.notifications).toHaveLength(0);
      beds24.bookings.push(booking(1500, { arrival: '2026-09-01', departure: '2026-09-04', firstName: 'Ny' }));
      expect((await syncNow(user)).eventsCreated).toBe(1);
      const notes = (await owner.get('/api/notifications').expect(200)).body.notifications;
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ type: 'booking_new' });
    });

    it('links that notification to the new booking\'s day, not to an earlier booking the owner already had', async () => {
      const { user, owner } = await configured();
      // The seed already holds upcoming June stays; the new one is in September.
      await syncNow(user);
      beds24.bookings.push(booking(1501, { arrival: '2026-09-14', departure: '2026-09-17', firstName: 'Senere' }));
      expect((await syncNow(user)).eventsCreated).toBe(1);
      const [note] = (await owner.get('/api/notifications').expect(200)).body.notifications;
      expect(note).toMatchObject({ type: 'booking_new', link: `/?date=2026-09-14&property=${(await t.propertyOf(user)).id}` });
    });
  });

  describe('one stay, shown once', () => {
    let feeds: FeedServer;
    beforeAll(async () => (feeds = await new FeedServer().start()));
    afterAll(() => feeds.stop());

    /** The owner's Airbnb iCal export: the Kari stay (HMS2T3DHXA) and one Airbnb stay Beds24 does not have. */
    const airbnbIcs = [
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN', 'CALSCALE:GREGORIAN',
      'BEGIN:VEVENT', 'DTEND;VALUE=DATE:20260614', 'DTSTART;VALUE=DATE:20260610', 'UID:1418fb94e984-aaaa@airbnb.com',
      'DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMS2T3DHXA\\nPhone Number (Last 4 Digits): 1234', 'SUMMARY:Reserved', 'END:VEVENT',
      'BEGIN:VEVENT', 'DTEND;VALUE=DATE:20260806', 'DTSTART;VALUE=DATE:20260803', 'UID:1418fb94e984-bbbb@airbnb.com',
      'DESCRIPTION:Reservation URL: https://www.airbnb.no/hosting/reservations/details/HMZZZZ9999\\nPhone Number (Last 4 Digits): 9876', 'SUMMARY:Reserved', 'END:VEVENT',
      'END:VCALENDAR', '',
    ].join('\r\n');

    it('matches an Airbnb iCal booking to the Beds24 booking with its apiReference, and names both sources', async () => {
      const { user, owner } = await configured();
      const feed = await t.app.get(FeedsService).create(user, { name: 'Airbnb-kalender', url: feeds.serve(`/airbnb-${user.id}.ics`, airbnbIcs) });
      await t.app.get(FeedSyncService).sync(feed.id);
      // Before Beds24 has synced, the feed's two stays show.
      expect((await calendar(owner)).map((e) => e.source.type)).toEqual(['ical', 'ical']);

      await syncNow(user);
      const events = await calendar(owner);
      const kari = events.filter((e) => e.startTime === '2026-06-10');
      expect(kari).toHaveLength(1);
      expect(kari[0].source).toMatchObject({ type: 'beds24', uid: '101', alsoFrom: [{ type: 'ical', feedName: 'Airbnb-kalender', feedId: feed.id }] });
      // The stay Beds24 does not know stays, and so do Beds24's others.
      expect(events.filter((e) => e.source.type === 'ical').map((e) => e.startTime)).toEqual(['2026-08-03']);
      expect(events).toHaveLength(7);

      // The subscription feed and every other reader use the same rule: one VEVENT for the stay.
      const link: string = (await owner.get('/api/user/calendar-link').expect(200)).body.url;
      const ics = (await t.anon().get(new URL(link).pathname + new URL(link).search).expect(200)).text;
      expect(ics.match(/DTSTART;VALUE=DATE:20260610/g)).toHaveLength(1);
    });

    it('a forced refresh of the admin calendar pulls every source of the owner: their iCal feed and Beds24', async () => {
      const { user } = await configured();
      const path = `/refresh-${user.id}.ics`;
      await t.app.get(FeedsService).create(user, { name: 'Airbnb-kalender', url: feeds.serve(path, airbnbIcs) });
      const window = { startDate: '2025-01-01T00:00:00.000Z', endDate: '2027-06-01T00:00:00.000Z' };
      const pulls = () => beds24.requestsTo('/bookings').length;
      const before = pulls();
      const read = async (query: object) => (await admin.get(`/api/admin/user-calendar/${user.id}`).query(query).expect(200)).body.icalEvents as CalendarEvent[];
      expect(await read(window)).toEqual([]);

      // The read answers from the stored bookings; the syncs it asked for run beside it.
      await read({ ...window, force_refresh: 'true' });
      await t.jobsDone();
      expect(pulls()).toBe(before + 1);
      expect(feeds.requestsTo(path)).toHaveLength(1);
      const shown = await read(window);
      expect(shown.filter((e) => e.source.type === 'beds24').map((e) => e.source.uid).sort()).toEqual(['101', '102', '103', '106', '107', '108']);
      // The Airbnb stay Beds24 also holds shows once, under Beds24; the other comes from the feed.
      expect(shown.filter((e) => e.source.type === 'ical').map((e) => e.startTime)).toEqual(['2026-08-03']);
    });
  });

  it('\'sync now\' during a running sync waits for it and runs its own; the queued sync it overtook is skipped', async () => {
    const jobsApp = await t.anotherInstance({ BEDS24_API_URL: beds24.url, ALLOW_PRIVATE_FEED_HOSTS: 'true' });
    let open!: () => void;
    try {
      // A property of its own, so the count of pulls is this configuration's alone (the tick syncs every due one).
      const property = 3003;
      beds24.bookings.push(booking(1700, { propertyId: property, arrival: '2026-07-01', departure: '2026-07-04' }));
      const { user, owner } = await configured({ propId: property });
      const scheduler = jobsApp.app.get(Beds24Scheduler);
      beds24.bookingsGate = new Promise<void>((ok) => (open = ok));
      const pulls = () => beds24.requestsTo('/bookings').filter((r) => r.query.get('propertyId') === String(property)).length;
      const before = pulls();
      // The scheduler's sync of the new configuration is held in the middle of its pull…
      while ((await scheduler.tick()) === null) await new Promise((r) => setTimeout(r, 50));
      await waitFor(() => pulls() === before + 1, 'the scheduled pull');
      // …while an admin presses 'sync now': it waits, asking Beds24 nothing, and then answers with a pull of its own.
      const manual = admin.post(`/api/admin/beds24-sync/${user.id}`).then((r) => r);
      await new Promise((r) => setTimeout(r, 600));
      expect(pulls()).toBe(before + 1);
      beds24.bookingsGate = null;
      open();
      const answer = await manual;
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ success: true });
      expect(pulls()).toBe(before + 2);
      await scheduler.whenIdle();
      expect(await uids(owner)).toEqual(['1700']);

      // A sync the tick queued, run after 'sync now' has moved the next sync an hour on, pulls nothing.
      const [{ id: configId }] = await t.app.get(DataSource).query('SELECT id FROM beds24_config WHERE user_id = $1', [user.id]);
      const queued = await jobsApp.app.get(Beds24SyncService).sync(configId, { dueOnly: true });
      expect(queued).toMatchObject({ status: 'skipped', skipped: 'not-due' });
    } finally {
      beds24.bookingsGate = null;
      open?.();
      await jobsApp.close();
    }
  });

  it('the scheduler queues one job per due configuration, and those sync', async () => {
    const jobsApp = await t.anotherInstance({ BEDS24_API_URL: beds24.url, ALLOW_PRIVATE_FEED_HOSTS: 'true' });
    try {
      const { user, owner } = await configured();
      const scheduler = jobsApp.app.get(Beds24Scheduler);
      let queued: number | null;
      while ((queued = await scheduler.tick()) === null) await new Promise((r) => setTimeout(r, 50));
      expect(queued).toBeGreaterThanOrEqual(1);
      await scheduler.whenIdle();
      await jobsApp.app.get(JobQueue).whenDrained(SCHEDULED_JOB_QUEUE);
      expect(await uids(owner)).toHaveLength(6);
      const config = (await admin.get(`/api/admin/beds24-config/${user.id}`).expect(200)).body;
      expect(config.lastSync).toBe(TEST_NOW.toISOString());
      // Synced now, due again in BEDS24_SYNC_MINUTES.
      expect(new Date(config.nextSyncAt).getTime()).toBe(TEST_NOW.getTime() + 60 * 60_000);
    } finally {
      await jobsApp.close();
    }
  });
});
