import request from 'supertest';
import { DataSource } from 'typeorm';
import { ExternalBookingsService } from '../src/bookings/external-bookings.service';
import type { ExternalBookingInput } from '../src/bookings/external-booking.types';
import { allDayStay } from './helpers/external-bookings';
import { household } from './helpers/household';
import { TestApp } from './helpers/test-app';
import { waitFor } from './helpers/wait-for';

/**
 * A property's year in nights (docs/product/stays.md#the-years-nights): the owners' own stays against the rules'
 * yearly limit, the rented days against what the law allows its housing type, and what the owners' stays would have
 * earned. Counted in the property's time zone, each year on its own side of New Year.
 */
describe("a property's nights", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  let nextSource = 9000;
  const pull = (propertyId: number, userId: number, bookings: ExternalBookingInput[], kind: 'ical' | 'beds24' = 'ical') =>
    t.app.get(ExternalBookingsService).applyPull({ source: { kind, id: ++nextSource, userId, propertyId }, complete: true, bookings, now: new Date('2027-06-01T00:00:00Z'), emptyPullsBefore: 0 });
  const midnight = (day: string) => `${day}T00:00:00${Number(day.slice(5, 7)) >= 4 && Number(day.slice(5, 7)) <= 10 ? '+02:00' : '+01:00'}`;
  const stay = (from: string, to: string) => ({ title: 'Eieropphold', startTime: midnight(from), endTime: midnight(to), allDay: true });

  it('counts owner nights and rental days per year against their limits, for every member and staff', async () => {
    const { property, owner, coOwner, viewer, outsider } = await household(t);
    const admin = await t.loginAs('admin');
    await admin.agent.put(`/api/admin/properties/${property}/stay-rules`).send({ maxOwnerNightsPerYear: 20, blackouts: [], housingType: 'borettslag' }).expect(200);
    await admin.agent.post('/api/prices').send({ propertyId: property, name: 'Sommer', priceFrom: '1000', priceTo: '1400', discountPercent: '10' }).expect(201);
    await admin.agent.post('/api/prices').send({ propertyId: property, name: 'Gammel', priceFrom: '9000', priceTo: '9000', discountPercent: '0', isActive: false }).expect(201);

    // Owner stays: 29 Dec – 2 Jan (3 nights in 2027, 1 in 2028) and 5 nights in August; an admin's maintenance counts not.
    await owner.agent.post('/api/events').query({ propertyId: property }).send(stay('2027-12-29', '2028-01-02')).expect(201);
    await coOwner.agent.post('/api/events').query({ propertyId: property }).send(stay('2027-08-01', '2027-08-06')).expect(201);
    await admin.agent.post('/api/events').query({ propertyId: property }).send(stay('2027-09-01', '2027-09-04')).expect(201);
    // Rentals: two channels holding the same July stay count its nights once; a block and a 40-night lease count not.
    await pull(property, owner.user.id, [
      allDayStay('a', '2027-07-10', '2027-07-15'),
      allDayStay('block', '2027-07-20', '2027-07-25', { kind: 'block' }),
      allDayStay('lease', '2027-02-01', '2027-03-13'),
    ]);
    await pull(property, owner.user.id, [allDayStay('b', '2027-07-12', '2027-07-17'), allDayStay('nye', '2027-12-30', '2028-01-03')], 'beds24');

    const expected = {
      propertyId: property,
      year: 2027,
      ownerNights: 8,
      ownerNightsLimit: 20,
      ownerNightsLeft: 12,
      // 10–16 July (7 nights) and 30–31 December (2).
      rentalDays: 9,
      housingType: 'borettslag',
      rentalDayLimit: 30,
      rentalDaysLeft: 21,
      pastLimit: [],
      pendingRequests: 0,
      // (1000 + 1400) / 2 less 10 % = 1080 a night, 8 nights.
      forgoneIncome: { amount: '8640.00', currency: 'NOK' },
    };
    for (const reader of [owner, coOwner, viewer, admin, await t.loginAs('miniAdmin')]) {
      expect((await reader.agent.get(`/api/properties/${property}/nights`).query({ year: 2027 }).expect(200)).body).toEqual(expected);
    }
    const next = (await owner.agent.get(`/api/properties/${property}/nights`).query({ year: 2028 }).expect(200)).body;
    expect(next).toMatchObject({ ownerNights: 1, rentalDays: 2, rentalDaysLeft: 28 });
    expect((await outsider.agent.get(`/api/properties/${property}/nights`).query({ year: 2027 }).expect(404)).body.code).toBe('property_not_found');
    await request(t.server).get(`/api/properties/${property}/nights`).expect(401);
  });

  it('counts a stay and a booking across each change of daylight saving time by their dates', async () => {
    const { property, owner } = await household(t);
    const admin = await t.loginAs('admin');
    await admin.agent.put(`/api/admin/properties/${property}/stay-rules`).send({ maxOwnerNightsPerYear: 4, blackouts: [], housingType: 'borettslag' }).expect(200);
    // 27–29 March 2027 (clocks forward on the 28th), 11:00 to 15:00 as the add dialog sends them: two nights.
    await owner.agent.post('/api/events').query({ propertyId: property }).send({ title: 'Påske', startTime: '2027-03-27T10:00:00Z', endTime: '2027-03-29T13:00:00Z' }).expect(201);
    // 30 October – 1 November (clocks back on the 31st): two nights more makes four, the limit; a fifth is refused.
    await owner.agent.post('/api/events').query({ propertyId: property }).send({ title: 'Høst', startTime: '2027-10-30T09:00:00Z', endTime: '2027-11-01T14:00:00Z' }).expect(201);
    const refused = await owner.agent.post('/api/events').query({ propertyId: property }).send({ title: 'Jul', startTime: '2027-12-20T10:00:00Z', endTime: '2027-12-21T14:00:00Z' }).expect(422);
    expect(refused.body.errors[0]).toMatchObject({ code: 'stay_yearly_limit', params: { year: 2027, limit: 4, used: 4, total: 5 } });
    // A timed booking over the autumn change: check-in 30 October 16:00, check-out 1 November 10:00 Oslo time.
    await pull(property, owner.user.id, [{ ...allDayStay('dst', '2027-10-30', '2027-11-01'), allDay: false, startDate: null, endDate: null, startTime: new Date('2027-10-30T14:00:00Z'), endsAt: new Date('2027-11-01T09:00:00Z') }]);
    expect((await owner.agent.get(`/api/properties/${property}/nights`).query({ year: 2027 }).expect(200)).body).toMatchObject({ ownerNights: 4, ownerNightsLeft: 0, rentalDays: 2, rentalDaysLeft: 28 });
  });

  it("tells the owners, co-owners and admins once when the year's rental days reach 80 % and 100 % of the law's limit", async () => {
    const { property, owner, coOwner, viewer } = await household(t);
    const admin = await t.loginAs('admin');
    await admin.agent.put(`/api/admin/properties/${property}/stay-rules`).send({ blackouts: [], housingType: 'borettslag' }).expect(200);
    const db = t.app.get(DataSource);
    const told = async (userId: number) =>
      (await db.query(`SELECT type, params FROM notifications WHERE user_id = $1 AND type LIKE '%rental_days%' ORDER BY id`, [userId])).map((r: { type: string; params: { days: number } }) => `${r.type} ${r.params.days}`);
    // The clock stands at 1 June 2026: 24 days of 30 this year is 80 %.
    await pull(property, owner.user.id, [allDayStay('juni', '2026-06-10', '2026-06-20'), allDayStay('juli', '2026-07-01', '2026-07-15')]);
    await waitFor(async () => (await told(owner.user.id)).length === 1, 'the 80 % warning');
    expect(await told(coOwner.user.id)).toEqual(['rental_days_warning 24']);
    expect(await told(viewer.user.id)).toEqual([]);
    expect(await told(admin.user.id)).toEqual(['staff_rental_days_warning 24']);
    // Another import at the same count tells no one again; reaching the limit does.
    await pull(property, owner.user.id, [allDayStay('juni-2', '2026-06-12', '2026-06-14')], 'beds24');
    await pull(property, owner.user.id, [allDayStay('august', '2026-08-01', '2026-08-08')], 'beds24');
    await waitFor(async () => (await told(owner.user.id)).length === 2, 'the 100 % warning');
    expect(await told(owner.user.id)).toEqual(['rental_days_warning 24', 'rental_days_warning 31']);
    const [notification] = (await owner.agent.get('/api/notifications').expect(200)).body.notifications;
    expect(notification).toMatchObject({ type: 'rental_days_warning', link: `/?property=${property}` });
    expect(notification.texts.en.message).toMatch(/has 31 of 30 rental days in 2026\.$/);
    // The booking that took the year past the limit is named, with its night after it; nothing was refused.
    expect((await owner.agent.get(`/api/properties/${property}/nights`).query({ year: 2026 }).expect(200)).body.pastLimit).toEqual([
      { id: expect.stringMatching(/^beds24-/), title: expect.any(String), from: '2026-08-01', to: '2026-08-08', nightsPastLimit: 1 },
    ]);
  });

  it('answers the current year without one, no limits without rules, and refuses a year out of range', async () => {
    const { property, owner } = await household(t);
    // The clock stands in 2026.
    expect((await owner.agent.get(`/api/properties/${property}/nights`).expect(200)).body).toEqual({
      propertyId: property, year: 2026, ownerNights: 0, ownerNightsLimit: null, ownerNightsLeft: null, rentalDays: 0,
      housingType: null, rentalDayLimit: null, rentalDaysLeft: null, pastLimit: [], pendingRequests: 0, forgoneIncome: null,
    });
    for (const year of ['1999', '2101', '20x7', '']) {
      expect((await owner.agent.get(`/api/properties/${property}/nights`).query({ year }).expect(400)).body.code).toBe('invalid_year');
    }
  });

  it('takes a sameie’s own limit over the law’s, and no limit for a freehold', async () => {
    const { property, owner } = await household(t);
    const admin = await t.loginAs('admin');
    const put = (rules: object) => admin.agent.put(`/api/admin/properties/${property}/stay-rules`).send({ blackouts: [], ...rules }).expect(200);
    expect((await put({ housingType: 'eierseksjonssameie' })).body).toMatchObject({ housingType: 'eierseksjonssameie', rentalDayLimit: 90 });
    expect((await put({ housingType: 'eierseksjonssameie', rentalDayLimit: 60 })).body.rentalDayLimit).toBe(60);
    expect((await put({ housingType: 'selveier' })).body.rentalDayLimit).toBeNull();
    expect((await admin.agent.put(`/api/admin/properties/${property}/stay-rules`).send({ blackouts: [], housingType: 'hytte' }).expect(400)).body.errors[0].field).toBe('housingType');
    expect((await owner.agent.get(`/api/properties/${property}/nights`).query({ year: 2027 }).expect(200)).body.rentalDayLimit).toBeNull();
  });

  it("lists every limited property's bookings past the limit for staff, in a few reads whatever the number of properties", async () => {
    const admin = await t.loginAs('admin');
    const households = [await household(t), await household(t)];
    for (const [i, { property, owner }] of households.entries()) {
      await admin.agent.put(`/api/admin/properties/${property}/stay-rules`).send({ blackouts: [], housingType: 'borettslag', rentalDayLimit: 5 + i }).expect(200);
      await pull(property, owner.user.id, [allDayStay(`mai-${i}`, '2029-05-01', '2029-05-05'), allDayStay(`juni-${i}`, '2029-06-01', '2029-06-05')]);
    }
    // A property without a limit is none of staff's business here, however full.
    const free = await household(t);
    await pull(free.property, free.owner.user.id, [allDayStay('fri', '2029-05-01', '2029-05-31')]);

    const rows = (await admin.agent.get('/api/admin/nights/past-limit').query({ year: 2029 }).expect(200)).body;
    const mine = rows.filter((r: { propertyId: number }) => households.some((h) => h.property === r.propertyId));
    // 8 nights each: of a limit of 5, June's booking has 3 past it; of 6, 2.
    expect(mine.map((r: { propertyId: number; from: string; nightsPastLimit: number; rentalDayLimit: number }) => [r.propertyId, r.from, r.nightsPastLimit, r.rentalDayLimit])).toEqual(
      expect.arrayContaining([
        [households[0].property, '2029-06-01', 3, 5],
        [households[1].property, '2029-06-01', 2, 6],
      ]),
    );
    expect(mine).toHaveLength(2);
    expect(rows.some((r: { propertyId: number }) => r.propertyId === free.property)).toBe(false);
    expect(mine[0]).toMatchObject({ id: `${mine[0].propertyId}-${mine[0].bookingId}`, propertyName: expect.any(String), title: expect.any(String), to: '2029-06-05' });
    // Staff only; a year out of range is refused.
    await (await t.loginAs('miniAdmin')).agent.get('/api/admin/nights/past-limit').expect(200);
    await households[0].owner.agent.get('/api/admin/nights/past-limit').expect(403);
    await request(t.server).get('/api/admin/nights/past-limit').expect(401);
    expect((await admin.agent.get('/api/admin/nights/past-limit').query({ year: 1999 }).expect(400)).body.code).toBe('invalid_year');
  });
});
