import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Response as AgentResponse } from 'superagent';
import type { ExternalBookingInput } from '../src/bookings/external-booking.types';
import { ExternalBookingsService } from '../src/bookings/external-bookings.service';
import { FeedsService } from '../src/feeds/feeds.service';
import { allDayStay } from './helpers/external-bookings';
import { household, joinProperty } from './helpers/household';
import { TestApp } from './helpers/test-app';

/**
 * The owner's year view (docs/product/insights.md): a property's nights and payouts of a year against the year before,
 * months and nights in the property's time zone, amounts exact; and the same figures in the year statement.
 */
describe("an owner's year in figures", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.loginAs('admin');
  });
  afterAll(() => t.close());

  let nextSource = 9000;
  const pull = (propertyId: number, userId: number, bookings: ExternalBookingInput[], kind: 'ical' | 'beds24' = 'beds24', id = ++nextSource) =>
    t.app.get(ExternalBookingsService).applyPull({ source: { kind, id, userId, propertyId }, complete: true, bookings, now: new Date('2026-06-01T00:00:00Z'), emptyPullsBefore: 0 });
  const midnight = (day: string) => `${day}T00:00:00${Number(day.slice(5, 7)) >= 4 && Number(day.slice(5, 7)) <= 10 ? '+02:00' : '+01:00'}`;
  const ownerStay = (from: string, to: string) => ({ title: 'Eieropphold', startTime: midnight(from), endTime: midnight(to), allDay: true });
  const airbnb = { description: 'Kanal: Airbnb\nGjest: Kari' };

  /** A property with a year of stays and payouts: 2027, and 2026 before it. */
  async function yearOfStays() {
    const home = await household(t);
    const { property, owner } = home;
    // Airbnb through Beds24, 29 January – 3 February: 3 nights in January, 2 in February.
    const beds24 = ++nextSource;
    await pull(property, owner.user.id, [allDayStay('jan', '2027-01-29', '2027-02-03', airbnb), allDayStay('apr', '2027-04-01', '2027-04-05', airbnb)], 'beds24', beds24);
    // The April stay is cancelled: the next pull says so, and it counts nowhere.
    await pull(property, owner.user.id, [allDayStay('jan', '2027-01-29', '2027-02-03', airbnb), allDayStay('apr', '2027-04-01', '2027-04-05', { ...airbnb, status: 'cancelled' })], 'beds24', beds24);
    // Booking.com through its iCal feed: 10–13 March, and a stay from 00:30 on 1 July Oslo time (30 June in UTC) to 2 July:
    // one night, in July. A block is no stay.
    const feed = await t.app.get(FeedsService).create(owner.user, { name: 'Booking.com', url: 'http://127.0.0.1:9/calendar.ics' }, property);
    await pull(property, owner.user.id, [
      allDayStay('mars', '2027-03-10', '2027-03-13'),
      { ...allDayStay('juli', '2027-06-30', '2027-07-02'), allDay: false, startDate: null, endDate: null, startTime: new Date('2027-06-30T22:30:00Z'), endsAt: new Date('2027-07-02T08:00:00Z') },
      allDayStay('stengt', '2027-09-01', '2027-09-10', { kind: 'block' }),
    ], 'ical', feed.id);
    // The owners' own stay, 1–6 August: 5 nights not for let.
    await owner.agent.post('/api/events').query({ propertyId: property }).send(ownerStay('2027-08-01', '2027-08-06')).expect(201);
    for (const payout of [
      { month: 1, year: 2027, amount: '10000.10', status: 'paid' },
      { month: 2, year: 2027, amount: '5000.00', status: 'sent' },
      { month: 2, year: 2027, amount: '0.05', status: 'offset' },
      { month: 1, year: 2026, amount: '800.00', status: 'paid' },
    ]) await admin.agent.post('/api/admin/payouts').send({ propertyId: property, ...payout }).expect(201);
    return home;
  }

  it('counts the nights of each month in the property’s zone, a stay across a month end in both, the cancelled stay nowhere, and the payouts exactly', async () => {
    const { property, owner, coOwner } = await yearOfStays();
    const body = (await owner.agent.get('/api/user/insights').query({ year: 2027, propertyId: property }).expect(200)).body;
    expect(body).toMatchObject({
      propertyId: property,
      year: 2027,
      nightsAvailable: 360,
      nightsBooked: 9,
      ownerNights: 5,
      occupancy: 0.025,
      nightsByChannel: { Airbnb: 5, 'Booking.com': 4 },
      // 10 000.10 + 5 000.00 − 0.05 (an offset), to the øre; over 9 nights, 1 666.672… rounds to 1 666.67.
      payoutTotal: '15000.05',
      payoutPerBookedNight: '1666.67',
    });
    expect(body.byMonth).toHaveLength(12);
    expect(body.byMonth.slice(0, 4)).toEqual([
      { month: 1, nightsAvailable: 31, nightsBooked: 3, ownerNights: 0, occupancy: 0.0968, payoutTotal: '10000.10' },
      { month: 2, nightsAvailable: 28, nightsBooked: 2, ownerNights: 0, occupancy: 0.0714, payoutTotal: '4999.95' },
      { month: 3, nightsAvailable: 31, nightsBooked: 3, ownerNights: 0, occupancy: 0.0968, payoutTotal: '0.00' },
      { month: 4, nightsAvailable: 30, nightsBooked: 0, ownerNights: 0, occupancy: 0, payoutTotal: '0.00' },
    ]);
    expect(body.byMonth[5]).toMatchObject({ month: 6, nightsBooked: 0 });
    expect(body.byMonth[6]).toMatchObject({ month: 7, nightsBooked: 1 });
    expect(body.byMonth[7]).toEqual({ month: 8, nightsAvailable: 26, nightsBooked: 0, ownerNights: 5, occupancy: 0, payoutTotal: '0.00' });
    expect(body.byMonth[8]).toMatchObject({ month: 9, nightsBooked: 0 });
    expect(body.previousYear).toMatchObject({ year: 2026, nightsAvailable: 365, nightsBooked: 0, ownerNights: 0, occupancy: 0, nightsByChannel: {}, payoutTotal: '800.00', payoutPerBookedNight: null });
    expect(body.previousYear.byMonth[0]).toMatchObject({ month: 1, payoutTotal: '800.00' });
    // A co-owner reads the same.
    expect((await coOwner.agent.get('/api/user/insights').query({ year: 2027, propertyId: property }).expect(200)).body).toEqual(body);
  });

  it('counts 366 nights in a leap year and 29 in its February', async () => {
    const { property, owner } = await household(t);
    await pull(property, owner.user.id, [allDayStay('skudd', '2028-02-28', '2028-03-02', airbnb)]);
    const body = (await owner.agent.get('/api/user/insights').query({ year: 2028 }).expect(200)).body;
    expect(body).toMatchObject({ propertyId: property, year: 2028, nightsAvailable: 366, nightsBooked: 3, payoutTotal: '0.00', payoutPerBookedNight: '0.00' });
    expect(body.byMonth[1]).toMatchObject({ month: 2, nightsAvailable: 29, nightsBooked: 2 });
    expect(body.byMonth[2]).toMatchObject({ month: 3, nightsBooked: 1 });
    expect(body.previousYear).toMatchObject({ year: 2027, nightsAvailable: 365 });
  });

  it('lets members who see the money read it; a viewer without it 403, anyone else 404; the year defaults to the current one', async () => {
    const { property, owner, viewer, outsider } = await household(t);
    expect((await owner.agent.get('/api/user/insights').expect(200)).body).toMatchObject({ propertyId: property, year: 2026, previousYear: { year: 2025 } });
    expect((await viewer.agent.get('/api/user/insights').query({ propertyId: property }).expect(403)).body.code).toBe('property_money_hidden');
    expect((await outsider.agent.get('/api/user/insights').query({ propertyId: property }).expect(404)).body.code).toBe('property_not_found');
    expect((await owner.agent.get('/api/user/insights').query({ year: 1999 }).expect(400)).body.code).toBe('invalid_year');
    expect((await owner.agent.get('/api/user/insights').query({ propertyId: 'x' }).expect(400)).body.code).toBe('invalid_property_id');
    const moneyViewer = await t.loginAs('user');
    await joinProperty(t, property, moneyViewer.user, 'viewer', { canSeeMoney: true });
    await moneyViewer.agent.get('/api/user/insights').query({ propertyId: property }).expect(200);
    expect((await (await t.loginAs('miniAdmin')).agent.get('/api/user/insights').query({ propertyId: property, year: 2027 }).expect(200)).body.propertyId).toBe(property);
    await request(t.server).get('/api/user/insights').expect(401);
  });

  describe('in the year statement', () => {
    function pdfText(pdf: Buffer): string {
      const dir = mkdtempSync(join(tmpdir(), 'statement-'));
      try {
        writeFileSync(join(dir, 's.pdf'), pdf);
        return execFileSync('pdftotext', ['-layout', join(dir, 's.pdf'), '-'], { encoding: 'utf8' });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const binary = (res: AgentResponse, done: (err: Error | null, body: Buffer) => void) => {
      const stream = res as unknown as NodeJS.ReadableStream;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
    };

    it("gains the year's figures, month by month against the year before, and the nights per channel; a co-owner's share of each amount", async () => {
      const { property, owner, coOwner } = await yearOfStays();
      await owner.agent.put(`/api/properties/${property}/shares`).send({ shares: [{ userId: owner.user.id, share: '60' }, { userId: coOwner.user.id, share: '40' }] }).expect(200);

      const csv = (await owner.agent.get('/api/user/payouts/year/2027/statement.csv').query({ propertyId: property }).expect(200)).text.replace(/^\uFEFF/, '').split('\r\n');
      // The owner holds 60 %: every amount column has their share beside it.
      expect(csv).toEqual(expect.arrayContaining([
        'Årets tall',
        'Måned;Sum;Din andel (60,00 %);Status',
        'januar;10 000,10;6 000,06;Betalt',
        'Tall;2027;Din andel (60,00 %);2026;Din andel (60,00 %)',
        'Ledige netter;360;;365;',
        'Bookede netter;9;;0;',
        'Eiernetter;5;;0;',
        'Belegg;2,5 %;;0,0 %;',
        'Utbetalt (netto);15 000,05;9 000,03;800,00;480,00',
        'Utbetalt per bookede natt;1 666,67;1 000,00;–;',
        'Netter per kanal',
        'Kanal;Netter;Andel av bookede netter',
        'Airbnb;5;55,6 %',
        'Booking.com;4;44,4 %',
        'februar;28;2;0;7,1 %;4 999,95;2 999,97;0,00;0,00',
        'Netto for året;15 000,05;9 000,03',
      ]));
      // The co-owner's statement: their 40 %, in English.
      const en = (await coOwner.agent.get('/api/user/payouts/year/2027/statement.csv').query({ propertyId: property, lang: 'en' }).expect(200)).text.split('\r\n');
      expect(en).toEqual(expect.arrayContaining(['Paid out (net),"15,000.05","6,000.02",800.00,320.00', 'Occupancy,2.5%,,0.0%,', 'Airbnb,5,55.6%']));

      const pdf = pdfText((await coOwner.agent.get('/api/user/payouts/year/2027/statement.pdf').query({ propertyId: property }).buffer(true).parse(binary).expect(200)).body);
      expect(pdf).toContain('Årets tall');
      expect(pdf).toMatch(/Bookede netter\s+9\s+0/);
      expect(pdf).toMatch(/Utbetalt \(netto\)\s+15 000,05\s+6 000,02\s+800,00\s+320,00/);
      expect(pdf).toContain('Måned for måned');
      expect(pdf).toMatch(/Airbnb\s+5\s+55,6 %/);
      expect(pdf).toMatch(/Booking\.com\s+4\s+44,4 %/);
      expect(pdf).toMatch(/Netto for året\s+15 000,05 NOK\s+6 000,02 NOK/);
    });

    it('says a year without booked nights has none per channel, and has no share column for a sole owner', async () => {
      const { owner } = await household(t);
      const csv = (await owner.agent.get('/api/user/payouts/year/2027/statement.csv').expect(200)).text;
      expect(csv).not.toContain('Din andel');
      expect(csv).toContain('Utbetalt per bookede natt;–;–');
      const pdf = pdfText((await owner.agent.get('/api/user/payouts/year/2027/statement.pdf').buffer(true).parse(binary).expect(200)).body);
      expect(pdf).toContain('Ingen bookede netter');
    });
  });
});
