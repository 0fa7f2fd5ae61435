import request from 'supertest';
import { DataSource } from 'typeorm';
import { EventBus } from '../src/common/events/domain-events';
import { Notification } from '../src/notifications/notification.entity';
import { CLOSE_SUPERSEDED, MAX_SOCKETS_PER_SESSION, NotificationsGateway } from '../src/notifications/notifications.gateway';
import { WS_MAX_PAYLOAD_BYTES } from '../src/common/sessions/session-ws.adapter';
import { NotificationsService } from '../src/notifications/notifications.service';
import { FeedServer, stays } from './helpers/feed-server';
import { ORIGIN, TEST_NOW, TestApp } from './helpers/test-app';
import { listen, openSocket, sessionCookie, socketOf } from './helpers/ws-client';

const onPostgres = Boolean(process.env.DATABASE_URL);
const EVENT = { title: 'Vinduvask', startTime: '2027-01-10T10:00:00Z', endTime: '2027-01-10T12:00:00Z' };

describe('notifications', () => {
  let t: TestApp;
  let feeds: FeedServer;
  beforeAll(async () => {
    feeds = await new FeedServer().start();
    t = await TestApp.start({ ALLOW_PRIVATE_FEED_HOSTS: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await feeds.stop();
  });

  describe('stored, and read by their owner only', () => {
    it('an admin adding, recolouring and deleting an event in a user\'s calendar notifies that user, not the admin', async () => {
      const { agent: owner, user } = await t.loginAs('user');
      const { agent: admin } = await t.loginAs('admin');
      const created = (await admin.post(`/api/admin/user-events/${user.id}`).send(EVENT).expect(201)).body;
      await admin.put(`/api/admin/events/${created.id}/color`).send({ color: '#16a34a' }).expect(200);
      await admin.delete(`/api/admin/events/${created.id}`).expect(200);

      const list = (await owner.get('/api/notifications').expect(200)).body;
      expect(list).toMatchObject({ total: 3, unread: 3 });
      expect(list.notifications.map((n: { type: string }) => n.type)).toEqual(['event_deleted', 'event_updated', 'event_created']);
      expect(list.notifications[2]).toMatchObject({
        title: 'Ny hendelse i kalenderen',
        message: 'En administrator la til «Vinduvask» 10.01.2027 11:00.',
        params: { title: 'Vinduvask', when: '10.01.2027 11:00' },
        link: '/?date=2027-01-10',
        read: false,
      });
      expect((await owner.get('/api/notifications/unread-count').expect(200)).body).toEqual({ count: 3 });
      expect((await admin.get('/api/notifications/unread-count').expect(200)).body).toEqual({ count: 0 });
    });

    it('an admin working in their own calendar is not notified', async () => {
      const { agent: admin, user } = await t.loginAs('admin');
      await admin.post(`/api/admin/user-events/${user.id}`).send(EVENT).expect(201);
      expect((await admin.get('/api/notifications').expect(200)).body).toMatchObject({ total: 0, notifications: [] });
    });

    it('marks one and all read, removes one, pages newest first; another user\'s are not found', async () => {
      const { agent: owner, user } = await t.loginAs('user');
      const { agent: other } = await t.loginAs('user');
      const service = t.app.get(NotificationsService);
      for (let i = 1; i <= 5; i++) await service.create({ userId: user.id, type: 'system', params: { text: `melding ${i}` } });
      const page = (await owner.get('/api/notifications').query({ offset: 1, limit: 2 }).expect(200)).body;
      expect(page.notifications.map((n: { message: string }) => n.message)).toEqual(['melding 4', 'melding 3']);
      expect(page).toMatchObject({ total: 5, unread: 5 });
      const [newest] = (await owner.get('/api/notifications').expect(200)).body.notifications;

      await other.patch(`/api/notifications/${newest.id}/read`).expect(404);
      await other.delete(`/api/notifications/${newest.id}`).expect(404);
      expect((await other.post('/api/notifications/read-all').expect(200)).body).toEqual({ updated: 0 });
      expect((await owner.get('/api/notifications/unread-count')).body.count).toBe(5);

      expect((await owner.patch(`/api/notifications/${newest.id}/read`).expect(200)).body).toMatchObject({ id: newest.id, read: true });
      expect((await owner.get('/api/notifications/unread-count')).body.count).toBe(4);
      expect((await owner.post('/api/notifications/read-all').expect(200)).body).toEqual({ updated: 4 });
      expect((await owner.get('/api/notifications/unread-count')).body.count).toBe(0);
      await owner.delete(`/api/notifications/${newest.id}`).expect(200);
      await owner.delete(`/api/notifications/${newest.id}`).expect(404);
      expect((await owner.get('/api/notifications')).body.total).toBe(4);
      expect((await owner.get('/api/notifications').query({ limit: 101 }).expect(400)).body.code).toBeDefined();
    });

    it('register answers OK and sets the language later notifications are written in', async () => {
      const { agent: owner, user } = await t.loginAs('user');
      const { agent: admin } = await t.loginAs('admin');
      expect((await owner.post('/api/notifications/register').send({}).expect(200)).body).toEqual({ status: 'OK' });
      await owner.post('/api/notifications/register').send({ language: 'de' }).expect(400);
      await owner.post('/api/notifications/register').send({ language: 'en' }).expect(200);
      await admin.post(`/api/admin/user-events/${user.id}`).send(EVENT).expect(201);
      const [n] = (await owner.get('/api/notifications')).body.notifications;
      expect(n).toMatchObject({ type: 'event_created', title: 'New event in your calendar', message: 'An administrator added “Vinduvask” on 10.01.2027 11:00.' });
    });

    it('a feed sync tells its owner of new, changed and cancelled future bookings, once per sync; the first import tells nothing', async () => {
      const { agent: owner } = await t.loginAs('user');
      const url = feeds.serve('/notify.ics', stays({ uid: 'a@x', start: '2027-01-10', end: '2027-01-12' }, { uid: 'b@x', start: '2027-01-20', end: '2027-01-25' }, { uid: 'past@x', start: '2026-01-01', end: '2026-01-03' }));
      const feed = (await owner.post('/api/ical-feeds').send({ name: 'Airbnb', url }).expect(201)).body;
      await t.jobsDone();
      await owner.post(`/api/ical-feeds/${feed.id}/sync`).expect(200);
      expect((await owner.get('/api/notifications')).body.total).toBe(0);

      // a changes, b leaves, c and d arrive; the past stay changes too, which is nobody's news.
      feeds.serve('/notify.ics', stays({ uid: 'a@x', start: '2027-01-10', end: '2027-01-14' }, { uid: 'c@x', start: '2027-02-01', end: '2027-02-03' }, { uid: 'd@x', start: '2027-03-01', end: '2027-03-03' }, { uid: 'past@x', start: '2026-01-01', end: '2026-01-04' }));
      await owner.post(`/api/ical-feeds/${feed.id}/sync`).expect(200);
      const { notifications } = (await owner.get('/api/notifications')).body;
      expect(notifications).toHaveLength(1);
      expect(notifications[0]).toMatchObject({
        type: 'booking_new',
        params: { source: 'Airbnb', added: 2, changed: 1, cancelled: 1 },
        message: '«Airbnb»: 2 nye, 1 endret, 1 avlyst.',
        link: `/?date=2027-01-10&property=${feed.propertyId}`,
      });

      // an identical feed (fetched in full when forced) is no news either
      await owner.post(`/api/ical-feeds/${feed.id}/sync`).expect(200);
      expect((await owner.get('/api/notifications')).body.total).toBe(1);
    });

    it('every kind of change, as the domains announce it, is stored with the link to what it is about', async () => {
      const { agent: owner, user } = await t.loginAs('user');
      const { user: admin } = await t.loginAs('admin');
      const bus = t.app.get(EventBus);
      const calendar = { userId: user.id, actorId: admin.id, eventId: 9, title: 'Vask', startTime: '2027-01-10T23:30:00Z' };
      const agreement = { userId: user.id, actorId: admin.id, agreementId: 31, propertyId: null, members: [user.id], title: 'Befaring', meetingDate: '2027-03-01T10:00:00Z', endDate: null };
      const kase = { caseId: 41, caseNumber: 'K-2027-00041', title: 'Lekkasje', actorId: admin.id, recipients: [user.id] };
      await bus.emit('calendar.event.created', calendar);
      await bus.emit('calendar.event.recolored', { ...calendar, color: '#16a34a' });
      await bus.emit('calendar.event.deleted', calendar);
      const pull = { propertyId: (await t.propertyOf(user)).id, members: [user.id], sourceKind: 'beds24', sourceId: 5, sourceName: 'Beds24', added: 0, changed: 0, cancelled: 0 };
      await bus.emit('bookings.pulled', { ...pull, added: 1, firstStart: '2027-07-01T14:00:00Z' });
      await bus.emit('bookings.pulled', { ...pull, changed: 1, firstStart: '2027-07-02T14:00:00Z' });
      await bus.emit('bookings.pulled', { ...pull, cancelled: 1, firstStart: null });
      await bus.emit('feed.failing', { propertyId: pull.propertyId, members: [user.id], feedId: 5, feedName: 'Airbnb', since: '2027-01-01T00:00:00Z' });
      await bus.emit('feed.recovered', { propertyId: pull.propertyId, members: [user.id], feedId: 5, feedName: 'Airbnb' });
      await bus.emit('agreements.created', agreement);
      await bus.emit('agreements.changed', agreement);
      await bus.emit('agreements.cancelled', agreement);
      await bus.emit('agreements.note.added', { ...agreement, noteId: 1 });
      await bus.emit('cases.message.added', { ...kase, messageId: 1, preview: 'Hei' });
      await bus.emit('cases.assigned', { ...kase, assignee: 'Ada' });
      await bus.emit('cases.closed', kase);
      await bus.emit('cases.reopened', kase);

      const { notifications } = (await owner.get('/api/notifications').query({ limit: 100 }).expect(200)).body;
      const links = Object.fromEntries(notifications.map((n: { type: string; link: string | null }) => [n.type, n.link]));
      expect(links).toEqual({
        // 23:30 UTC is the next day in Oslo: the day is the business time zone's.
        event_created: '/?date=2027-01-11',
        event_updated: '/?date=2027-01-11',
        event_deleted: '/?date=2027-01-11',
        // Bookings' and feeds' news opens the calendar of the property it is about.
        booking_new: `/?date=2027-07-01&property=${pull.propertyId}`,
        booking_changed: `/?date=2027-07-02&property=${pull.propertyId}`,
        booking_cancelled: `/?property=${pull.propertyId}`,
        feed_failing: `/?feeds=1&property=${pull.propertyId}`,
        feed_recovered: `/?feeds=1&property=${pull.propertyId}`,
        agreement_created: '/user/agreements/31',
        agreement_changed: '/user/agreements/31',
        agreement_cancelled: '/user/agreements/31',
        agreement_note: '/user/agreements/31',
        case_message: '/cases?case=41',
        case_assigned: '/cases?case=41',
        case_closed: '/cases?case=41',
        case_reopened: '/cases?case=41',
      });
    });

    it('a feed failing past the stale age tells its owner once, and again when it recovers', async () => {
      const { agent: owner } = await t.loginAs('user');
      const url = feeds.serve('/failing.ics', stays({ uid: 'f@x', start: '2027-01-10', end: '2027-01-12' }));
      const feed = (await owner.post('/api/ical-feeds').send({ name: 'Booking.com', url }).expect(201)).body;
      const sync = async () => {
        await owner.post(`/api/ical-feeds/${feed.id}/sync`).expect(200);
        await t.jobsDone(); // a scheduler tick may have synced it instead; either way the sync has ended
        return (await owner.get('/api/notifications')).body.notifications as { type: string; message: string; params: Record<string, unknown> }[];
      };
      try {
        await t.jobsDone();
        await sync(); // the first import (at TEST_NOW) is the last success
        feeds.serve('/failing.ics', 'upstream down', 'text/plain', 500);
        expect(await sync()).toEqual([]); // failing, but not yet for FEED_STALE_HOURS (24)

        t.clock.advance(25 * 3_600_000);
        const told = await sync();
        expect(told).toHaveLength(1);
        expect(told[0]).toMatchObject({ type: 'feed_failing', params: { source: 'Booking.com', since: '01.06.2026 14:00' }, message: '«Booking.com» har ikke latt seg hente siden 01.06.2026 14:00.' });

        t.clock.advance(3 * 3_600_000);
        expect(await sync()).toHaveLength(1); // still failing: said once

        feeds.serve('/failing.ics', stays({ uid: 'f@x', start: '2027-01-10', end: '2027-01-12' }));
        const recovered = await sync();
        expect(recovered.map((n) => n.type)).toEqual(['feed_recovered', 'feed_failing']);
        expect(recovered[0]).toMatchObject({ params: { source: 'Booking.com' }, message: '«Booking.com» er hentet igjen.' });
        expect(await sync()).toHaveLength(2); // working feeds say nothing more
      } finally {
        t.clock.set(TEST_NOW);
      }
    });

    it('the scheduled cleanup removes read notifications older than 90 days; unread ones and newer ones stay', async () => {
      const { user } = await t.loginAs('user');
      const { agent: admin } = await t.loginAs('admin');
      const service = t.app.get(NotificationsService);
      const old = await service.create({ userId: user.id, type: 'system', params: { text: 'gammel' } });
      const oldUnread = await service.create({ userId: user.id, type: 'system', params: { text: 'gammel ulest' } });
      const recent = await service.create({ userId: user.id, type: 'system', params: { text: 'ny' } });
      await service.markRead(user.id, old.id);
      await service.markRead(user.id, recent.id);
      // Stored times relative to the app's clock (TEST_NOW), which the cleanup measures from.
      const db = t.app.get(DataSource).getRepository(Notification);
      const daysAgo = (days: number) => new Date(TEST_NOW.getTime() - days * 86_400_000);
      await db.update({ id: old.id }, { createdAt: daysAgo(91) });
      await db.update({ id: oldUnread.id }, { createdAt: daysAgo(91) });
      await db.update({ id: recent.id }, { createdAt: daysAgo(89) });
      const run = (await admin.post('/api/admin/jobs/notification-cleanup/run').expect(200)).body;
      expect(run).toMatchObject({ id: 'notification-cleanup', schedule: '0 41 3 * * *', lastError: null, lastResult: { removed: 1 } });
      expect((await db.findBy({ userId: user.id })).map((n) => n.id).sort()).toEqual([oldUnread.id, recent.id].sort());
    });
  });

  describe('/ws', () => {
    let port: number;
    beforeAll(async () => (port = await listen(t)));

    it('refuses an upgrade without a session, with a foreign Origin, or after logout', async () => {
      await expect(openSocket(port, {})).rejects.toMatchObject({ status: 401 });
      await expect(openSocket(port, { cookie: 'connect.sid=s%3Aforged.sig' })).rejects.toMatchObject({ status: 401 });
      const user = await t.createUser('user');
      const cookie = await sessionCookie(t, user);
      await expect(openSocket(port, { cookie, origin: 'https://evil.example' })).rejects.toMatchObject({ status: 403 });
      await expect(openSocket(port, { cookie, origin: '' })).rejects.toMatchObject({ status: 403 });
      const socket = await openSocket(port, { cookie });
      socket.ws.close(1000);
      await request(t.server).post('/api/logout').set('Cookie', cookie).set('Origin', ORIGIN).expect(200);
      await expect(openSocket(port, { cookie })).rejects.toMatchObject({ status: 401 });
    });

    it('accepts the address the app was reached at as well as PUBLIC_URL\'s, and pushes to such sockets', async () => {
      const { agent: admin } = await t.loginAs('admin');
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
        const user = await t.createUser('user');
        const socket = await openSocket(port, { cookie: await sessionCookie(t, user), origin: `http://${host}`, host });
        socket.ws.send(JSON.stringify({ type: 'auth', userId: user.id }));
        await socket.next('auth');
        await admin.post(`/api/admin/user-events/${user.id}`).send(EVENT).expect(201);
        expect((await socket.next('notification')).notification).toMatchObject({ type: 'event_created' });
        socket.ws.close(1000);
        // The same Host with a foreign Origin, or the own origin with another scheme, is still refused
        const cookie = await sessionCookie(t, user);
        await expect(openSocket(port, { cookie, origin: 'https://evil.example', host })).rejects.toMatchObject({ status: 403 });
        await expect(openSocket(port, { cookie, origin: `https://${host}`, host })).rejects.toMatchObject({ status: 403 });
      }
    });

    it('closes a socket whose auth message names another user, and pushes it nothing', async () => {
      const user = await t.createUser('user');
      const victim = await t.createUser('user');
      const socket = await openSocket(port, { cookie: await sessionCookie(t, user) });
      socket.ws.send(JSON.stringify({ type: 'auth', userId: victim.id }));
      expect((await socket.closed).code).toBe(1008);
      expect(socket.messages).toEqual([]);
    });

    it('pushes a user\'s notification to that user\'s sockets only', async () => {
      const a = await t.createUser('user');
      const b = await t.createUser('user');
      const { agent: admin } = await t.loginAs('admin');
      const socketA = await socketOf(t, a, port);
      const socketA2 = await socketOf(t, a, port);
      const socketB = await socketOf(t, b, port);
      // a socket that never sent its auth message receives nothing either
      const unauthed = await openSocket(port, { cookie: await sessionCookie(t, a) });

      await admin.post(`/api/admin/user-events/${a.id}`).send(EVENT).expect(201);
      const pushed = await socketA.next('notification');
      expect(pushed.notification).toMatchObject({ type: 'event_created', params: { title: 'Vinduvask' }, read: false });
      await socketA2.next('notification');
      await admin.post(`/api/admin/user-events/${b.id}`).send({ ...EVENT, title: 'Bs hendelse' }).expect(201);
      expect((await socketB.next('notification')).notification).toMatchObject({ params: { title: 'Bs hendelse' } });
      expect(socketA.messages.filter((m) => m.type === 'notification')).toHaveLength(1);
      expect(socketB.messages.filter((m) => m.type === 'notification')).toHaveLength(1);
      expect(unauthed.messages).toEqual([]);
      for (const s of [socketA, socketA2, socketB, unauthed]) s.ws.close(1000);
    });

    it('logout closes that session\'s sockets; block and password change close the user\'s others', async () => {
      const user = await t.createUser('user');
      const cookie = await sessionCookie(t, user);
      const loggingOut = await openSocket(port, { cookie });
      const elsewhere = await socketOf(t, user, port);
      await request(t.server).post('/api/logout').set('Cookie', cookie).set('Origin', ORIGIN).expect(200);
      expect((await loggingOut.closed).code).toBe(1008);
      expect(elsewhere.ws.readyState).toBe(elsewhere.ws.OPEN);

      const { agent: admin } = await t.loginAs('admin');
      await admin.post(`/api/admin/users/${user.id}/block`).send({ reason: 'test' }).expect(200);
      expect((await elsewhere.closed).code).toBe(1008);
      await expect(openSocket(port, { cookie: await sessionCookie(t, await t.createUser('user')) }).then((s) => s.ws.close(1000))).resolves.toBeUndefined();

      const other = await t.createUser('user');
      const { agent: self } = await t.loginAs(other);
      const second = await socketOf(t, other, port);
      await self.put('/api/user/password').send({ currentPassword: 'passord123', newPassword: 'nytt-passord' }).expect(200);
      expect((await second.closed).code).toBe(1008);
    });

    it('closes a socket that sends a frame over 64 kB (1009) before reading it; a message under the limit is served', async () => {
      const user = await t.createUser('user');
      const cookie = await sessionCookie(t, user);
      const socket = await openSocket(port, { cookie });
      // Padding to just under the limit: still one message, still answered.
      const auth = JSON.stringify({ type: 'auth', userId: user.id, pad: '' });
      socket.ws.send(auth.replace('"pad":""', `"pad":"${'x'.repeat(WS_MAX_PAYLOAD_BYTES - auth.length)}"`));
      await socket.next('auth');
      socket.ws.send(Buffer.alloc(WS_MAX_PAYLOAD_BYTES + 1, 'x'));
      expect(await socket.closed).toEqual({ code: 1009, reason: '' });
      // The session is not harmed: a new socket opens.
      (await openSocket(port, { cookie })).ws.close(1000);
    });

    it(`keeps a session to ${MAX_SOCKETS_PER_SESSION} sockets: the 11th closes the oldest with ${CLOSE_SUPERSEDED}, other sessions keep theirs`, async () => {
      const user = await t.createUser('user');
      const cookie = await sessionCookie(t, user);
      const elsewhere = await socketOf(t, user, port);
      const tabs = [];
      for (let i = 0; i < MAX_SOCKETS_PER_SESSION; i++) tabs.push(await openSocket(port, { cookie }));
      // Up to the limit nothing is closed.
      await new Promise((r) => setTimeout(r, 50));
      for (const s of tabs) expect(s.ws.readyState).toBe(s.ws.OPEN);
      const eleventh = await openSocket(port, { cookie });
      expect(await tabs[0].closed).toEqual({ code: CLOSE_SUPERSEDED, reason: 'too many sockets' });
      for (const s of [...tabs.slice(1), eleventh, elsewhere]) expect(s.ws.readyState).toBe(s.ws.OPEN);
      // The next one closes the next oldest: always the oldest, never the newest.
      const twelfth = await openSocket(port, { cookie });
      expect((await tabs[1].closed).code).toBe(CLOSE_SUPERSEDED);
      for (const s of [...tabs.slice(2), eleventh, twelfth, elsewhere]) s.ws.close(1000);
    });

    it('drops a socket that stops answering pings', async () => {
      const user = await t.createUser('user');
      const gateway = t.app.get(NotificationsGateway);
      const deaf = await openSocket(port, { cookie: await sessionCookie(t, user) }, { autoPong: false });
      const alive = await socketOf(t, user, port);
      gateway.sweep();
      await new Promise((r) => setTimeout(r, 100));
      gateway.sweep();
      expect((await deaf.closed).code).toBe(1006);
      expect(alive.ws.readyState).toBe(alive.ws.OPEN);
      alive.ws.close(1000);
    });

    (onPostgres ? it : it.skip)('a notification caused on one instance reaches a socket held by another (PostgreSQL)', async () => {
      const other = await t.startAnother();
      try {
        const otherPort = await listen(other);
        const user = await t.createUser('user');
        const socket = await socketOf(t, user, otherPort);
        const { agent: admin } = await t.loginAs('admin');
        await admin.post(`/api/admin/user-events/${user.id}`).send(EVENT).expect(201);
        expect((await socket.next('notification')).notification).toMatchObject({ type: 'event_created', params: { title: 'Vinduvask' } });
        socket.ws.close(1000);
      } finally {
        await other.close();
      }
    });
  });
});
