import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response as AgentResponse } from 'superagent';
import { DataSource } from 'typeorm';
import type { ExternalBookingInput } from '../src/bookings/external-booking.types';
import { ExternalBookingsService } from '../src/bookings/external-bookings.service';
import { allDayStay } from './helpers/external-bookings';
import { TestApp } from './helpers/test-app';

type Agent = Awaited<ReturnType<TestApp['loginAs']>>['agent'];

/** An all-day stay as an adapter hands it to the store: check-in day to check-out day (exclusive). */

describe('payouts', () => {
  let t: TestApp;
  let admin: Agent;
  let adminId: number;
  beforeAll(async () => {
    t = await TestApp.start();
    const login = await t.loginAs('admin');
    admin = login.agent;
    adminId = login.user.id;
  });
  afterAll(() => t.close());

  const register = (body: object) => admin.post('/api/admin/payouts').send(body);

  it('keeps money exact: numbers and decimal strings in, numeric(10,2) strings out, sums to the øre', async () => {
    const { agent: owner, user } = await t.loginAs('user');
    const a = await register({ userId: user.id, month: 1, year: 2026, amount: 0.1 }).expect(201);
    const b = await register({ userId: user.id, month: 1, year: 2026, amount: '0.20', status: 'paid', notes: 'Korrigering' }).expect(201);
    const big = await register({ userId: user.id, month: 2, year: 2026, amount: '99999999.99', currency: 'nok', status: 'sent', rentalDays: 31 }).expect(201);
    expect(a.body).toMatchObject({ amount: '0.10', currency: 'NOK', status: 'pending', registeredById: adminId, rentalDays: null });
    expect(b.body.amount).toBe('0.20');
    expect(big.body).toMatchObject({ amount: '99999999.99', currency: 'NOK', rentalDays: 31 });

    const year = (await owner.get('/api/user/payouts/year/2026').expect(200)).body;
    expect(year.map((p: { month: number; amount: string }) => [p.month, p.amount])).toEqual([[1, '0.10'], [1, '0.20'], [2, '99999999.99']]);
    expect(Object.keys(year[0]).sort()).toEqual(expect.arrayContaining(['id', 'year', 'month', 'amount', 'currency', 'status', 'notes']));
    expect((await owner.get('/api/user/payouts/year/2025').expect(200)).body).toEqual([]);
  });

  it('refuses bad input with the documented texts', async () => {
    const user = await t.createUser('user');
    const base = { userId: user.id, month: 5, year: 2026, amount: '100' };
    const message = async (body: object) => (await register(body).expect(400)).body.message;
    expect(await message({ ...base, month: 13 })).toBe('Måned må være mellom 1 og 12');
    expect(await message({ ...base, month: 0 })).toBe('Måned må være mellom 1 og 12');
    expect(await message({ ...base, year: 2019 })).toBe('År må være mellom 2020 og 2100');
    expect(await message({ ...base, year: 2101 })).toBe('År må være mellom 2020 og 2100');
    expect(await message({ ...base, amount: undefined })).toBe('Beløp er påkrevd');
    expect(await message({ ...base, amount: '12,50' })).toBe('Beløpet må være et tall med høyst to desimaler');
    expect(await message({ ...base, amount: 0.1 + 0.2 })).toBe('Beløpet må være et tall med høyst to desimaler');
    expect(await message({ ...base, amount: '100000000.00' })).toBe('Beløpet må være et tall med høyst to desimaler');
    expect(await message({ ...base, amount: '-5' })).toBe('Beløpet kan ikke være negativt');
    expect(await message({ ...base, amount: '-5', status: 'offset' })).toBe('Motregning må være et positivt restbeløp, ikke negativt');
    expect(await message({ ...base, status: 'refunded' })).toBe('Status må være pending, paid, sent eller offset');
    expect(await message({ ...base, rentalDays: 32 })).toBe('Utleiedager må være mellom 0 og 31');
    expect(await message({ ...base, rentalDays: -1 })).toBe('Utleiedager må være mellom 0 og 31');
    expect(await message({ ...base, currency: 'NOKK' })).toBe('Valuta må være tre bokstaver');
    expect(await message({ ...base, userId: undefined })).toBe('Bruker må velges');
    const res = await register({ ...base, amount: '-1', status: 'offset' }).expect(400);
    expect(res.body).toMatchObject({ code: 'payout_offset_negative', errors: [{ field: 'amount' }] });
    await register({ ...base, userId: 999999 }).expect(404);

    const created = (await register({ ...base, status: 'offset', amount: '250.00' }).expect(201)).body;
    expect((await admin.patch(`/api/admin/payouts/${created.id}`).send({ amount: '-250' }).expect(400)).body.message).toBe('Motregning må være et positivt restbeløp, ikke negativt');
    expect((await admin.patch(`/api/admin/payouts/${created.id}`).send({ rentalDays: 40 }).expect(400)).body.message).toBe('Utleiedager må være mellom 0 og 31');
    expect((await admin.get('/api/admin/payouts/user/1/year/2019').expect(400)).body.message).toBe('År må være mellom 2020 og 2100');
    await admin.patch('/api/admin/payouts/999999').send({ status: 'paid' }).expect(404);
    await admin.delete('/api/admin/payouts/999999').expect(404);
  });

  it('audits every admin change to money with who, before and after', async () => {
    const user = await t.createUser('user');
    const created = (await register({ userId: user.id, month: 6, year: 2026, amount: '1500.50' }).expect(201)).body;
    const changed = (await admin.patch(`/api/admin/payouts/${created.id}`).send({ amount: 1600, status: 'paid', rentalDays: 12, notes: 'Juni' }).expect(200)).body;
    expect(changed).toMatchObject({ amount: '1600.00', status: 'paid', rentalDays: 12, notes: 'Juni', month: 6, year: 2026 });
    expect((await admin.delete(`/api/admin/payouts/${created.id}`).expect(200)).body).toEqual({ message: 'Utbetalingen er slettet', id: created.id });
    const rows = await t.app.get(DataSource).query('SELECT actor_id, action, details FROM admin_audit_log WHERE target_user_id = $1 ORDER BY id', [user.id]);
    expect(rows.map((r: { action: string }) => r.action)).toEqual(['payout.create', 'payout.update', 'payout.delete']);
    expect(rows.every((r: { actor_id: number }) => r.actor_id === adminId)).toBe(true);
    expect(rows[0].details).toMatchObject({ payoutId: created.id, before: null, after: { amount: '1500.50', status: 'pending' } });
    expect(rows[1].details).toMatchObject({ before: { amount: '1500.50', status: 'pending', rentalDays: null }, after: { amount: '1600.00', status: 'paid', rentalDays: 12 } });
    expect(rows[2].details).toMatchObject({ before: { amount: '1600.00' }, after: null });
  });

  it('lists for the back office with ?userId=&year=, the same filter keys, sorting and Content-Range', async () => {
    const ola = await t.createUser('user', { name: 'Ola Nordmann' });
    const kari = await t.createUser('user', { name: 'Kari Nordmann' });
    for (const [user, month, year] of [[ola, 1, 2027], [ola, 2, 2027], [ola, 3, 2028], [kari, 1, 2027]] as const) {
      await register({ userId: user.id, month, year, amount: `${month}00.00` }).expect(201);
    }
    const { agent: mini } = await t.loginAs('miniAdmin');
    const plain = await mini.get(`/api/admin/payouts?userId=${ola.id}&year=2027`).expect(200);
    expect(plain.body.map((p: { month: number; userName: string }) => [p.month, p.userName])).toEqual([[1, 'Ola Nordmann'], [2, 'Ola Nordmann']]);
    expect(plain.headers['content-range']).toBeUndefined();
    const filter = encodeURIComponent(JSON.stringify({ year: 2027, userId: [ola.id, kari.id] }));
    const paged = await mini.get(`/api/admin/payouts?filter=${filter}&sort=${encodeURIComponent('["userName","ASC"]')}&range=${encodeURIComponent('[0,1]')}`).expect(200);
    expect(paged.headers['content-range']).toBe('payouts 0-1/3');
    expect(paged.body.map((p: { userName: string }) => p.userName)).toEqual(['Kari Nordmann', 'Ola Nordmann']);
    const year = await mini.get(`/api/admin/payouts/user/${ola.id}/year/2028`).expect(200);
    expect(year.body.map((p: { month: number; amount: string }) => [p.month, p.amount])).toEqual([[3, '300.00']]);
    expect((await mini.get(`/api/admin/payouts/${year.body[0].id}`).expect(200)).body.amount).toBe('300.00');
    await mini.post('/api/admin/payouts').send({ userId: ola.id, month: 1, year: 2027, amount: '1' }).expect(403);
    expect((await mini.get('/api/admin/payouts?year=1999').expect(400)).body.message).toBe('År må være mellom 2020 og 2100');
  });

  it('an owner sees only their own payouts', async () => {
    const { agent: owner, user } = await t.loginAs('user');
    const other = await t.createUser('user');
    await register({ userId: other.id, month: 7, year: 2026, amount: '700' }).expect(201);
    await register({ userId: user.id, month: 7, year: 2026, amount: '70' }).expect(201);
    const mine = (await owner.get('/api/user/payouts/year/2026').expect(200)).body;
    expect(mine.map((p: { userId: number; amount: string }) => [p.userId, p.amount])).toEqual([[user.id, '70.00']]);
    await owner.get('/api/admin/payouts').expect(403);
  });

  describe('year statement', () => {
    /** Reads a PDF back as text with poppler's pdftotext (Debian poppler-utils), layout kept. */
    function pdfText(pdf: Buffer): string {
      const dir = mkdtempSync(join(tmpdir(), 'statement-'));
      try {
        writeFileSync(join(dir, 's.pdf'), pdf);
        return execFileSync('pdftotext', ['-layout', join(dir, 's.pdf'), '-'], { encoding: 'utf8' });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    /** supertest's parser hook: the answer body as bytes (the response it passes is the node stream). */
    const binary = (res: AgentResponse, done: (err: Error | null, body: Buffer) => void) => {
      const stream = res as unknown as NodeJS.ReadableStream;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
    };

    let owner: Agent;
    beforeAll(async () => {
      const user = await t.createUser('user', { name: 'Kari Nordmann', accountNumber: '1234.56.78903' });
      owner = (await t.loginAs(user)).agent;
      await register({ userId: user.id, month: 1, year: 2025, amount: '0.10', status: 'paid', notes: 'Januar' }).expect(201);
      await register({ userId: user.id, month: 1, year: 2025, amount: '0.20', status: 'sent' }).expect(201);
      await register({ userId: user.id, month: 2, year: 2025, amount: '99999999.99', status: 'pending', rentalDays: 28 }).expect(201);
      await register({ userId: user.id, month: 3, year: 2025, amount: '1500.50', status: 'offset', notes: 'Motregnet strøm' }).expect(201);
    });

    it('downloads as a PDF in Norwegian with the owner, account number, each month and exact totals', async () => {
      const res = await owner.get('/api/user/payouts/year/2025/statement.pdf').buffer(true).parse(binary).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="arsoppgave-utbetalinger-2025.pdf"');
      const text = pdfText(res.body);
      expect(text).toContain('Årsoppgave utbetalinger 2025');
      expect(text).toContain('Eier: Kari Nordmann');
      expect(text).toContain('Kontonummer: 1234.56.78903');
      expect(text).toMatch(/januar\s+0,30\s+Betalt, Utbetaling sendt/);
      expect(text).toMatch(/februar\s+99 999 999,99\s+Venter/);
      expect(text).toMatch(/mars\s+-1 500,50\s+Motregning/);
      expect(text).toMatch(/desember\s+0,00/);
      expect(text).toMatch(/Betalt\s+0,10 NOK/);
      expect(text).toMatch(/Utbetaling sendt\s+0,20 NOK/);
      expect(text).toMatch(/Venter\s+99 999 999,99 NOK/);
      expect(text).toMatch(/Motregning\s+-1 500,50 NOK/);
      // 0.10 + 0.20 + 99 999 999.99 − 1 500.50 = 99 998 499.79, exact (beyond numeric(10,2), summed as numeric(12,2)).
      expect(text).toMatch(/Netto for året\s+99 998 499,79 NOK/);
      expect(text).toContain('Motregnet strøm');
    });

    it('downloads in English, and as CSV in both languages', async () => {
      const text = pdfText((await owner.get('/api/user/payouts/year/2025/statement.pdf?lang=en').buffer(true).parse(binary).expect(200)).body);
      expect(text).toContain('Payout statement 2025');
      expect(text).toMatch(/February\s+99,999,999.99\s+Pending/);
      expect(text).toMatch(/Net for the year\s+99,998,499.79 NOK/);

      const nb = await owner.get('/api/user/payouts/year/2025/statement.csv').expect(200);
      expect(nb.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(nb.headers['content-disposition']).toBe('attachment; filename="arsoppgave-utbetalinger-2025.csv"');
      const lines = nb.text.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines).toEqual(expect.arrayContaining(['Eier;Kari Nordmann', 'Kontonummer;1234.56.78903', 'januar;0,30;Betalt, Utbetaling sendt', 'februar;99 999 999,99;Venter', 'Netto for året;99 998 499,79']));
      expect(lines).toContain('februar;99 999 999,99;NOK;Venter;28;;');
      const en = await owner.get('/api/user/payouts/year/2025/statement.csv?lang=en').expect(200);
      expect(en.text).toContain('Net for the year,"99,998,499.79"');
    });

    it('writes text that a spreadsheet would run as a formula as quoted text, and amounts as numbers', async () => {
      const user = await t.createUser('user', { name: '=HYPERLINK("http://127.0.0.1/x";"Kari")' });
      const agent = (await t.loginAs(user)).agent;
      const notes = ["=cmd|' /C calc'!A0", '+47 999', '-2+3', '@SUM(A1)', '＝1+1', 'Vanlig notat - med bindestrek'];
      for (const [i, note] of notes.entries()) await register({ userId: user.id, month: i + 1, year: 2024, amount: '10.00', status: 'paid', notes: note }).expect(201);
      await register({ userId: user.id, month: 7, year: 2024, amount: '1500.50', status: 'offset' }).expect(201);

      const lines = (await agent.get('/api/user/payouts/year/2024/statement.csv').expect(200)).text.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines).toContain('Eier;"\'=HYPERLINK(""http://127.0.0.1/x"";""Kari"")"');
      expect(lines).toEqual(expect.arrayContaining([
        'januar;10,00;NOK;Betalt;;;"\'=cmd|\' /C calc\'!A0"',
        'februar;10,00;NOK;Betalt;;;"\'+47 999"',
        'mars;10,00;NOK;Betalt;;;"\'-2+3"',
        'april;10,00;NOK;Betalt;;;"\'@SUM(A1)"',
        'mai;10,00;NOK;Betalt;;;"\'＝1+1"',
        'juni;10,00;NOK;Betalt;;;Vanlig notat - med bindestrek',
      ]));
      // Negative amounts are numbers, not text: no quote, no apostrophe.
      expect(lines).toEqual(expect.arrayContaining(['juli;-1 500,50;Motregning', 'juli;1 500,50;NOK;Motregning;;;', 'Motregning;-1 500,50', 'Netto for året;-1 440,50']));
      const en = (await agent.get('/api/user/payouts/year/2024/statement.csv?lang=en').expect(200)).text.split('\r\n');
      expect(en).toEqual(expect.arrayContaining(['July,"-1,500.50",Offset', 'Offset,"-1,500.50"', 'January,10.00,NOK,Paid,,,"\'=cmd|\' /C calc\'!A0"']));
    });

    it('shows only the caller\'s own payouts, and an empty year says so', async () => {
      const { agent: other } = await t.loginAs('user');
      const text = pdfText((await other.get('/api/user/payouts/year/2025/statement.pdf').buffer(true).parse(binary).expect(200)).body);
      expect(text).toContain('Ingen utbetalinger registrert');
      expect(text).toMatch(/Netto for året\s+0,00 NOK/);
      expect(text).not.toContain('Kari Nordmann');
      expect((await other.get('/api/user/payouts/year/2025/statement.pdf?lang=de').expect(400)).body.message).toBe('Språk må være nb eller en');
    });
  });

  describe('calculate rental days', () => {
    const calc = (body: object) => admin.post('/api/admin/payouts/calculate-rental-days').send(body);

    it('needs user, month and year first', async () => {
      const user = await t.createUser('user');
      for (const body of [{}, { userId: user.id }, { userId: user.id, month: 3 }, { month: 3, year: 2026 }]) {
        expect((await calc(body).expect(400)).body.message).toBe('Velg bruker, måned og år først');
      }
      await calc({ userId: 999999, month: 3, year: 2026 }).expect(404);
    });

    it('counts booked nights of the month, split at month edges, a doubled stay once, blocks not at all', async () => {
      const user = await t.createUser('user');
      const store = t.app.get(ExternalBookingsService);
      const propertyId = (await t.propertyOf(user)).id;
      const pull = (kind: 'ical' | 'beds24', id: number, bookings: ExternalBookingInput[]) =>
        store.applyPull({ source: { kind, id, userId: user.id, propertyId }, complete: true, now: new Date('2026-01-01T00:00:00Z'), emptyPullsBefore: 0, bookings });
      // Airbnb (iCal): 28 Feb → 3 Mar (2 of its 3 nights in March), 10 → 14 Mar (4 nights), a block 20 → 25 Mar.
      await pull('ical', 9001, [
        allDayStay('a1', '2026-02-28', '2026-03-03'),
        allDayStay('a2', '2026-03-10', '2026-03-14'),
        allDayStay('blk', '2026-03-20', '2026-03-25', { kind: 'block', summary: 'Not available' }),
      ]);
      // Beds24 holds the same 10 → 14 March stay (timed, Oslo check-in 15:00, check-out 11:00) and 30 Mar → 2 Apr.
      await pull('beds24', 9002, [
        { ...allDayStay('b1', '2026-03-10', '2026-03-14'), allDay: false, startDate: null, endDate: null, startTime: new Date('2026-03-10T14:00:00Z'), endsAt: new Date('2026-03-14T10:00:00Z') },
        { ...allDayStay('b2', '2026-03-30', '2026-04-02'), allDay: false, startDate: null, endDate: null, startTime: new Date('2026-03-30T13:00:00Z'), endsAt: new Date('2026-04-02T09:00:00Z') },
      ]);
      // A booking synced into the owner's own calendar (an event with a source): 15 → 17 March; an owner block is no booking.
      const db = t.app.get(DataSource);
      await db.query(`INSERT INTO events (user_id, title, start_time, end_time, ends_at, all_day, source) VALUES
        ($1, 'Booking', '2026-03-15T14:00:00Z', '2026-03-17T10:00:00Z', '2026-03-17T10:00:00Z', false, '{"type":"booking"}'),
        ($1, 'Eiersperre tid', '2026-03-05T10:00:00Z', '2026-03-07T14:00:00Z', '2026-03-07T14:00:00Z', false, NULL)`, [user.id]);

      // March: 1, 2 (edge) + 10-13 (once, from two sources) + 15, 16 + 30, 31 (edge) = 10 nights.
      expect((await calc({ userId: user.id, month: 3, year: 2026 }).expect(200)).body).toEqual({ rentalDays: 10, message: '10 utleiedager i 03.2026' });
      // February: the 28th only. April: the 1st only.
      expect((await calc({ userId: user.id, month: 2, year: 2026 }).expect(200)).body.rentalDays).toBe(1);
      expect((await calc({ userId: user.id, month: 4, year: 2026 }).expect(200)).body.rentalDays).toBe(1);
      expect((await calc({ userId: user.id, month: 5, year: 2026 }).expect(200)).body.rentalDays).toBe(0);
    });
  });
});
