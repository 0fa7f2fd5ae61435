import { DataSource } from 'typeorm';
import { ExternalBookingsService } from '../src/bookings/external-bookings.service';
import { TestApp } from './helpers/test-app';
import type { User } from '../src/users/user.entity';

const JAN = { startDate: '2027-01-01T00:00:00.000Z', endDate: '2027-02-01T00:00:00.000Z' };

describe('calendar', () => {
  let t: TestApp;
  beforeAll(async () => (t = await TestApp.start()));
  afterAll(() => t.close());

  /** A Beds24 booking put in the external bookings store the way its adapter will: a delta pull of one booking. */
  async function storeBeds24Booking(user: User, title: string): Promise<void> {
    const start = new Date('2027-01-15T14:00:00Z');
    const booking = { externalUid: '4711', startTime: start, endsAt: new Date(start.getTime() + 3_600_000), allDay: false, startDate: null, endDate: null, summary: title, description: null, location: null, status: 'confirmed', kind: 'guest', sequence: 0 };
    await t.app.get(ExternalBookingsService).applyPull({ source: { kind: 'beds24', id: 42, userId: user.id, propertyId: (await t.propertyOf(user)).id }, complete: false, bookings: [booking], now: new Date(), emptyPullsBefore: 0 });
  }

  describe('events', () => {
    it('creates with the documented defaults and reads back by range; only the owner sees them', async () => {
      const { agent } = await t.loginAs('user');
      const { agent: other } = await t.loginAs('user');
      const created = await agent.post('/api/events').send({ title: 'Eiersperre tid', startTime: '2027-01-10T10:00:00.000Z', endTime: '2027-01-12T14:00:00.000Z', description: 'Hytta' }).expect(201);
      expect(created.body).toMatchObject({ title: 'Eiersperre tid', allDay: false, color: '#ef4444', routes: [], source: null, isBinding: false, adminColorOverride: null });
      const list = await agent.get('/api/events').query(JAN).expect(200);
      expect(list.body.map((e: { id: number }) => e.id)).toEqual([created.body.id]);
      expect((await other.get('/api/events').query(JAN).expect(200)).body).toEqual([]);
      expect((await agent.get('/api/events').query({ startDate: '2027-02-01', endDate: '2027-03-01' }).expect(200)).body).toEqual([]);
    });

    it('finds events that started before the window and still run, and counts a missing end as one hour', async () => {
      const { agent } = await t.loginAs('user');
      const long = await agent.post('/api/events').send({ title: 'Lang', startTime: '2026-12-20T10:00:00Z', endTime: '2027-01-05T10:00:00Z' }).expect(201);
      const noEnd = await agent.post('/api/events').send({ title: 'Uten slutt', startTime: '2027-01-31T23:30:00Z', endTime: null }).expect(201);
      expect(noEnd.body.endTime).toBeNull();
      const jan = await agent.get('/api/events').query(JAN).expect(200);
      expect(jan.body.map((e: { title: string }) => e.title)).toEqual(['Lang', 'Uten slutt']);
      // 23:30 + 1 hour reaches into February.
      const feb = await agent.get('/api/events').query({ startDate: '2027-02-01T00:00:00Z', endDate: '2027-02-02T00:00:00Z' }).expect(200);
      expect(feb.body.map((e: { title: string }) => e.title)).toEqual(['Uten slutt']);
      expect(long.body.id).toBeDefined();
    });

    it('validates with the documented texts', async () => {
      const { agent } = await t.loginAs('user');
      expect((await agent.post('/api/events').send({ startTime: '2027-01-10T10:00:00Z' }).expect(400)).body.message).toBe('Title is required');
      expect((await agent.post('/api/events').send({ title: 'X', startTime: 'i morgen' }).expect(400)).body.message).toBe('Invalid date');
      expect((await agent.post('/api/events').send({ title: 'X', startTime: '2027-01-10T10:00:00Z', endTime: '2027-01-09T10:00:00Z' }).expect(400)).body.errors[0].field).toBe('endTime');
      expect((await agent.get('/api/events').query({ startDate: 'x', endDate: '2027-01-01' }).expect(400)).body.message).toBe('Invalid date');
      await agent.get('/api/events').expect(400);
      await agent.get('/api/events').query({ startDate: '2020-01-01', endDate: '2027-01-01' }).expect(400);
    });

    it('applies every rule of a new event to a change (PUT shares the create DTO)', async () => {
      const { agent } = await t.loginAs('user');
      const e = await agent.post('/api/events').send({ title: 'A', startTime: '2027-01-10T10:00:00Z' }).expect(201);
      const tooLong = 'x'.repeat(501);
      await agent.post('/api/events').send({ title: 'B', startTime: '2027-01-10T10:00:00Z', routes: [tooLong] }).expect(400);
      const res = await agent.put(`/api/events/${e.body.id}`).send({ routes: ['Oslo → Hytta', tooLong] }).expect(400);
      expect(res.body.errors[0].field).toBe('routes');
      expect((await agent.put(`/api/events/${e.body.id}`).send({ title: ' ' }).expect(400)).body.message).toBe('Title is required');
      expect((await agent.put(`/api/events/${e.body.id}`).send({ routes: ['Oslo → Hytta'] }).expect(200)).body.routes).toEqual(['Oslo → Hytta']);
    });

    it('ignores a source sent by a user, so they can always delete what they created', async () => {
      const { agent } = await t.loginAs('user');
      const e = await agent.post('/api/events').send({ title: 'Mitt', startTime: '2027-01-10T10:00:00Z', source: { type: 'ical', feedName: 'Airbnb' } }).expect(201);
      expect(e.body).toMatchObject({ source: null, isBinding: false });
      await agent.delete(`/api/events/${e.body.id}`).expect(200);
    });

    it('updates own events; binding bookings cannot be changed or deleted', async () => {
      const { agent, user } = await t.loginAs('user');
      const e = await agent.post('/api/events').send({ title: 'A', startTime: '2027-01-10T10:00:00Z' }).expect(201);
      const upd = await agent.put(`/api/events/${e.body.id}`).send({ title: 'B', routes: ['Oslo → Hytta'] }).expect(200);
      expect(upd.body).toMatchObject({ title: 'B', routes: ['Oslo → Hytta'] });
      await storeBeds24Booking(user, 'Booking');
      const [booking] = (await agent.get('/api/ical-feed-events').query(JAN).expect(200)).body;
      expect(booking).toMatchObject({ id: expect.stringMatching(/^beds24-42-[0-9a-f]{16}$/), title: 'Booking', isBinding: true, source: { type: 'beds24', feedName: 'Beds24', uid: '4711' } });
      const del = await agent.delete(`/api/events/${booking.id}`).expect(409);
      expect(del.body.message).toMatch(/^Kan ikke slette booking/);
      await agent.put(`/api/events/${booking.id}`).send({ title: 'x' }).expect(409);
      expect((await agent.get('/api/ical-feed-events').query(JAN).expect(200)).body).toEqual([booking]);
      const ok = await agent.delete(`/api/events/${e.body.id}`).expect(200);
      expect(ok.body).toEqual({ message: 'Event deleted', deletedEvent: { id: e.body.id, title: 'B' } });
    });
  });

  describe('marked days', () => {
    it('creates, lists by range, updates and deletes; one mark per day', async () => {
      const { agent } = await t.loginAs('user');
      const created = await agent.post('/api/marked-days').send({ date: '2027-01-20', markerType: 'vacation', notes: 'Syden' }).expect(201);
      expect(created.body).toMatchObject({ date: '2027-01-20', markerType: 'vacation', color: '#8b5cf6', notes: 'Syden' });
      await agent.post('/api/marked-days').send({ date: '2027-01-20', markerType: 'busy' }).expect(409);
      const list = await agent.get('/api/marked-days').query({ startDate: '2027-01-01', endDate: '2027-02-01' }).expect(200);
      expect(list.body).toHaveLength(1);
      const upd = await agent.put(`/api/marked-days/${created.body.id}`).send({ markerType: 'holiday', color: '#16a34a' }).expect(200);
      expect(upd.body).toMatchObject({ markerType: 'holiday', color: '#16a34a', notes: 'Syden' });
      await agent.delete(`/api/marked-days/${created.body.id}`).expect(200);
      expect((await agent.get('/api/marked-days').query({ startDate: '2027-01-01', endDate: '2027-02-01' })).body).toEqual([]);
    });

    it('validates with the documented texts', async () => {
      const { agent } = await t.loginAs('user');
      expect((await agent.post('/api/marked-days').send({ date: '2027-01-20' }).expect(400)).body.message).toBe('Marker type is required');
      expect((await agent.post('/api/marked-days').send({ date: '2027-02-30', markerType: 'busy' }).expect(400)).body.message).toBe('Invalid date');
      expect((await agent.post('/api/marked-days').send({ date: '2027-01-20', markerType: 'party' }).expect(400)).body.message).toBe('Ugyldig markeringstype');
    });
  });

  describe('notes on imported events', () => {
    it('are visible only to their author', async () => {
      const { agent: a } = await t.loginAs('user');
      const { agent: b } = await t.loginAs('admin');
      expect((await a.get('/api/ical-event-notes/event/ical-7-x').expect(200)).body).toEqual({ id: null, notes: null });
      const created = await a.post('/api/ical-event-notes').send({ eventExternalId: 'ical-7-x', notes: 'Nøkkel i postkassa' }).expect(201);
      expect(created.body.id).toEqual(expect.any(Number));
      expect((await a.get('/api/ical-event-notes/event/ical-7-x').expect(200)).body).toMatchObject({ id: created.body.id, notes: 'Nøkkel i postkassa' });
      expect((await b.get('/api/ical-event-notes/event/ical-7-x').expect(200)).body).toEqual({ id: null, notes: null });
      await b.put(`/api/ical-event-notes/${created.body.id}`).send({ notes: 'kapret' }).expect(404);
      await a.put(`/api/ical-event-notes/${created.body.id}`).send({ notes: 'Oppdatert' }).expect(200);
      // A second create for the same event updates the note rather than duplicating it.
      const again = await a.post('/api/ical-event-notes').send({ eventExternalId: 'ical-7-x', notes: 'Tredje' }).expect(201);
      expect(again.body.id).toBe(created.body.id);
      await a.delete(`/api/ical-event-notes/${created.body.id}`).expect(200);
      expect((await a.get('/api/ical-event-notes/event/ical-7-x')).body).toEqual({ id: null, notes: null });
    });

    it('work on a Beds24 booking as on an iCal one, in its owner\'s calendar only', async () => {
      const { agent: owner, user } = await t.loginAs('user');
      const { agent: other } = await t.loginAs('user');
      const { agent: admin } = await t.loginAs('admin');
      const start = new Date('2027-01-20T14:00:00Z');
      const booking = { externalUid: 'note-1', startTime: start, endsAt: new Date(start.getTime() + 86_400_000), allDay: false, startDate: null, endDate: null, summary: 'Gjest', description: null, location: null, status: 'confirmed', kind: 'guest', sequence: 0 };
      await t.app.get(ExternalBookingsService).applyPull({ source: { kind: 'beds24', id: 4242, userId: user.id, propertyId: (await t.propertyOf(user)).id }, complete: false, bookings: [booking], now: new Date(), emptyPullsBefore: 0 });
      const window = (await owner.get('/api/calendar-window').query(JAN).expect(200)).body;
      const id = window.feedEvents.find((e: { title: string }) => e.title === 'Gjest').id as string;
      expect(id).toMatch(/^beds24-4242-[0-9a-f]{16}$/);

      expect((await owner.get(`/api/ical-event-notes/event/${id}`).expect(200)).body).toEqual({ id: null, notes: null });
      const created = (await owner.post('/api/ical-event-notes').send({ eventExternalId: id, notes: 'Sen innsjekk' }).expect(201)).body;
      expect((await owner.get(`/api/ical-event-notes/event/${id}`).expect(200)).body).toMatchObject({ id: created.id, notes: 'Sen innsjekk' });
      await owner.put(`/api/ical-event-notes/${created.id}`).send({ notes: 'Innsjekk kl. 22' }).expect(200);

      // Another owner, and staff, can neither read nor write a note on a booking in someone else's calendar.
      for (const agent of [other, admin]) {
        expect((await agent.get(`/api/ical-event-notes/event/${id}`).expect(404)).body.code).toBe('booking_not_found');
        expect((await agent.post('/api/ical-event-notes').send({ eventExternalId: id, notes: 'kapret' }).expect(404)).body.code).toBe('booking_not_found');
        await agent.put(`/api/ical-event-notes/${created.id}`).send({ notes: 'kapret' }).expect(404);
        await agent.delete(`/api/ical-event-notes/${created.id}`).expect(404);
      }
      expect((await owner.get(`/api/ical-event-notes/event/${id}`).expect(200)).body).toMatchObject({ id: created.id, notes: 'Innsjekk kl. 22' });
      const rows = await t.app.get(DataSource).query('SELECT user_id, notes FROM external_booking_notes WHERE event_external_id = $1', [id]);
      expect(rows).toEqual([{ user_id: user.id, notes: 'Innsjekk kl. 22' }]);
      await owner.delete(`/api/ical-event-notes/${created.id}`).expect(200);
    });

    it('validates with the documented texts', async () => {
      const { agent } = await t.loginAs('user');
      expect((await agent.post('/api/ical-event-notes').send({ notes: 'x' }).expect(400)).body.message).toBe('Event ID is required');
      expect((await agent.post('/api/ical-event-notes').send({ eventExternalId: 'ical-1', notes: ' ' }).expect(400)).body.message).toBe('Note is required');
    });
  });

  describe('admin on a user’s calendar', () => {
    it('creates, views, recolours and deletes, and every change is in the audit log', async () => {
      const { agent: admin, user: adminUser } = await t.loginAs('admin');
      const { agent: owner, user } = await t.loginAs('user');
      const created = await admin.post(`/api/admin/user-events/${user.id}`).send({ title: 'Vaktmester', startTime: '2027-01-05T10:00:00Z', endTime: '2027-01-05T14:00:00Z' }).expect(201);
      expect(created.body).toMatchObject({ userId: user.id, createdById: adminUser.id });
      expect((await owner.get('/api/events').query(JAN)).body.map((e: { title: string }) => e.title)).toEqual(['Vaktmester']);

      const cal = await admin.get(`/api/admin/user-calendar/${user.id}`).query({ ...JAN, force_refresh: 'true' }).expect(200);
      expect(cal.body.user).toEqual({ id: user.id, name: user.name, username: user.username });
      expect(cal.body.events).toHaveLength(1);
      await owner.post('/api/marked-days').send({ date: '2027-01-06', markerType: 'busy' }).expect(201);
      expect((await admin.get(`/api/admin/user-marked-days/${user.id}`).query(JAN).expect(200)).body).toHaveLength(1);

      const colored = await admin.put(`/api/admin/events/${created.body.id}/color`).send({ color: '#16a34a' }).expect(200);
      expect(colored.body).toMatchObject({ color: '#ef4444', adminColorOverride: '#16a34a' });
      await admin.put(`/api/admin/events/${created.body.id}/color`).send({ color: 'green' }).expect(400);

      const del = await admin.delete(`/api/admin/events/${created.body.id}`).expect(200);
      expect(del.body.deletedEvent.title).toBe('Vaktmester');

      const log = await t.app.get(DataSource).query('SELECT actor_id, target_user_id, action, details FROM admin_audit_log WHERE target_user_id = $1 AND action LIKE $2 ORDER BY id', [user.id, 'event.%']);
      expect(log.map((r: { action: string }) => r.action)).toEqual(['event.create', 'event.color', 'event.delete']);
      expect(log.every((r: { actor_id: number }) => r.actor_id === adminUser.id)).toBe(true);
      expect(log[1].details).toMatchObject({ from: '#ef4444', to: '#16a34a' });
    });

    it('never deletes imported or binding bookings', async () => {
      const { agent: admin } = await t.loginAs('admin');
      const user = await t.createUser('user');
      const res = await admin.delete('/api/admin/events/ical-12-abc@airbnb.com').expect(409);
      expect(res.body.message).toMatch(/^Kan ikke slette booking/);
      await storeBeds24Booking(user, 'Beds24');
      const [booking] = (await admin.get(`/api/admin/user-calendar/${user.id}`).query(JAN).expect(200)).body.icalEvents;
      expect(booking).toMatchObject({ title: 'Beds24', isBinding: true, source: { type: 'beds24' } });
      expect((await admin.delete(`/api/admin/events/${booking.id}`).expect(409)).body.message).toMatch(/^Kan ikke slette booking/);
      expect((await admin.get(`/api/admin/user-calendar/${user.id}`).query(JAN).expect(200)).body.icalEvents).toEqual([booking]);
      await admin.delete('/api/admin/events/999999').expect(404);
    });

    it('answers 404 for an unknown user', async () => {
      const { agent: admin } = await t.loginAs('admin');
      await admin.get('/api/admin/user-calendar/999999').expect(404);
      await admin.post('/api/admin/user-events/999999').send({ title: 'x', startTime: '2027-01-01T10:00:00Z' }).expect(404);
    });
  });
});
