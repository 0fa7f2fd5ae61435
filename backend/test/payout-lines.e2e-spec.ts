import { DataSource } from 'typeorm';
import type { ExternalBookingInput } from '../src/bookings/external-booking.types';
import { ExternalBookingsService } from '../src/bookings/external-bookings.service';
import { CalendarService } from '../src/calendar/calendar.service';
import type { User } from '../src/users/user.entity';
import { allDayStay } from './helpers/external-bookings';
import { TestApp } from './helpers/test-app';

type Agent = Awaited<ReturnType<TestApp['loginAs']>>['agent'];

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e40000000049454e44ae426082', 'hex');

/** Payout lines, receipts, the accounting import and the payout explained (docs/product/payouts-and-prices.md). */
describe('payout lines', () => {
  let t: TestApp;
  let admin: Agent;
  let db: DataSource;
  beforeAll(async () => {
    t = await TestApp.start();
    admin = (await t.loginAs('admin')).agent;
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const payoutFor = async (user: User, month: number, year = 2026, amount = '0') => (await admin.post('/api/admin/payouts').send({ userId: user.id, month, year, amount }).expect(201)).body;
  const lineCount = async (payoutId: number) => Number((await db.query('SELECT count(*)::int AS n FROM payout_lines WHERE payout_id = $1', [payoutId]))[0].n);
  const storedFiles = async () => Number((await db.query('SELECT count(*)::int AS n FROM stored_files'))[0].n);

  describe('lines', () => {
    it('adds, changes and removes lines; the payout follows their sum to the øre, in decimals', async () => {
      const { agent: owner, user } = await t.loginAs('user');
      const payout = await payoutFor(user, 3, 2026, '999.00');
      const add = (body: object) => admin.post(`/api/admin/payouts/${payout.id}/lines`).send(body);

      const rent = (await add({ kind: 'rent', description: 'Leie mars', amount: '0.10', bookingRef: 'beds24-1-0123456789abcdef' }).expect(201)).body;
      expect(rent.payout.amount).toBe('0.10');
      expect(rent.lines).toEqual([expect.objectContaining({ kind: 'rent', description: 'Leie mars', amount: '0.10', bookingRef: 'beds24-1-0123456789abcdef', receipt: null, imported: false })]);
      // 0.1 + 0.2 is 0.30 here, never 0.30000000000000004.
      expect((await add({ kind: 'cleaning', description: 'Vask', amount: 0.2 }).expect(201)).body.payout.amount).toBe('0.30');
      const big = (await add({ kind: 'rent', description: 'Leie', amount: '12000.55' }).expect(201)).body;
      expect(big.payout.amount).toBe('12000.85');
      const commission = (await add({ kind: 'commission', description: 'Forvaltning 20 %', amount: '-2400.17' }).expect(201)).body;
      expect(commission.payout.amount).toBe('9600.68');
      expect(commission.lines.map((l: { kind: string }) => l.kind)).toEqual(['rent', 'cleaning', 'rent', 'commission']);

      const commissionId = commission.lines[3].id;
      const changed = (await admin.patch(`/api/admin/payouts/${payout.id}/lines/${commissionId}`).send({ amount: '-2400.00', bookingRef: null }).expect(200)).body;
      expect(changed.payout.amount).toBe('9600.85');
      expect(changed.lines[3]).toMatchObject({ amount: '-2400.00', description: 'Forvaltning 20 %', bookingRef: null });
      const removed = (await admin.delete(`/api/admin/payouts/${payout.id}/lines/${commissionId}`).expect(200)).body;
      expect(removed.payout.amount).toBe('12000.85');
      expect(removed.lines).toHaveLength(3);

      // The owner reads the same amount in the year, and the lines on the payout.
      expect((await owner.get('/api/user/payouts/year/2026').expect(200)).body[0].amount).toBe('12000.85');
      expect((await owner.get(`/api/user/payouts/${payout.id}`).expect(200)).body.lines).toHaveLength(3);
      // Staff read the lines in the back office.
      expect((await admin.get(`/api/admin/payouts/${payout.id}/lines`).expect(200)).body.payout.amount).toBe('12000.85');

      // Every change is audited as a change to the payout, naming the line.
      const audit = await db.query(`SELECT details FROM admin_audit_log WHERE action = 'payout.update' AND details->>'payoutId' = $1 ORDER BY id`, [String(payout.id)]);
      expect(audit).toHaveLength(6);
      expect(audit[0].details).toMatchObject({ before: { amount: '999.00' }, after: { amount: '0.10' }, line: { action: 'create', before: null, after: { kind: 'rent', amount: '0.10' } } });
      expect(audit[5].details.line).toMatchObject({ action: 'delete', after: null, before: { kind: 'commission' } });
    });

    it('keeps the payout and its lines agreeing: an amount other than their sum is refused, the last line removed leaves the amount', async () => {
      const user = await t.createUser('user');
      const payout = await payoutFor(user, 4, 2026, '500.00');
      // Without lines any allowed amount goes, as before.
      await admin.patch(`/api/admin/payouts/${payout.id}`).send({ amount: '600.00' }).expect(200);
      const line = (await admin.post(`/api/admin/payouts/${payout.id}/lines`).send({ kind: 'rent', description: 'Leie', amount: '1000' }).expect(201)).body.lines[0];
      const res = await admin.patch(`/api/admin/payouts/${payout.id}`).send({ amount: '1200.00', status: 'paid' }).expect(409);
      expect(res.body).toMatchObject({ code: 'payout_lines_mismatch', params: { sum: '1000.00' } });
      expect((await admin.get(`/api/admin/payouts/${payout.id}`).expect(200)).body).toMatchObject({ amount: '1000.00', status: 'pending' });
      // The sum itself, or no amount at all, is fine.
      await admin.patch(`/api/admin/payouts/${payout.id}`).send({ amount: '1000', status: 'sent' }).expect(200);
      await admin.patch(`/api/admin/payouts/${payout.id}`).send({ notes: 'Se linjene' }).expect(200);
      // A sum below zero is refused, and the line with it.
      const negative = await admin.post(`/api/admin/payouts/${payout.id}/lines`).send({ kind: 'expense', description: 'Ny vaskemaskin', amount: '-1000.01' }).expect(400);
      expect(negative.body).toMatchObject({ code: 'payout_lines_negative', params: { sum: '-0.01' } });
      expect(await lineCount(payout.id)).toBe(1);
      const gone = (await admin.delete(`/api/admin/payouts/${payout.id}/lines/${line.id}`).expect(200)).body;
      expect(gone).toMatchObject({ payout: { amount: '1000.00' }, lines: [] });
    });

    it('refuses bad lines with a code and changes nothing: signs, kinds, another payout\'s line, unknown payouts', async () => {
      const user = await t.createUser('user');
      const other = await t.createUser('user');
      const payout = await payoutFor(user, 5);
      const foreign = await payoutFor(other, 5, 2026, '10');
      const add = (id: number, body: object) => admin.post(`/api/admin/payouts/${id}/lines`).send(body);
      const foreignLine = (await add(foreign.id, { kind: 'rent', description: 'Leie', amount: '10' }).expect(201)).body.lines[0];

      expect((await add(payout.id, { kind: 'rent', description: 'Leie', amount: '-100' }).expect(400)).body).toMatchObject({ code: 'payout_line_sign', params: { kind: 'rent', sign: 'positive' } });
      expect((await add(payout.id, { kind: 'commission', description: 'Provisjon', amount: '100' }).expect(400)).body).toMatchObject({ code: 'payout_line_sign', params: { kind: 'commission', sign: 'negative' } });
      expect((await add(payout.id, { kind: 'bonus', description: 'X', amount: '1' }).expect(400)).body.message).toBe('Linjetypen må være rent, cleaning, commission, channel_fee, expense eller adjustment');
      expect((await add(payout.id, { kind: 'rent', description: '  ', amount: '1' }).expect(400)).body.message).toBe('Beskrivelse er påkrevd');
      expect((await add(payout.id, { kind: 'rent', description: 'X', amount: 0.1 + 0.2 }).expect(400)).body.message).toBe('Beløpet må være et tall med høyst to desimaler');
      expect((await add(payout.id, { kind: 'rent', description: 'X', amount: '1', bookingRef: 'x'.repeat(101) }).expect(400)).body.message).toBe('Bookingreferansen kan ikke være lengre enn 100 tegn');
      // An adjustment goes either way.
      await add(payout.id, { kind: 'adjustment', description: 'Korrigering', amount: '5' }).expect(201);
      await add(payout.id, { kind: 'adjustment', description: 'Korrigering', amount: '-5' }).expect(201);

      // A line of another payout, through this one: not found, and untouched.
      expect((await admin.patch(`/api/admin/payouts/${payout.id}/lines/${foreignLine.id}`).send({ amount: '20' }).expect(404)).body.code).toBe('payout_line_not_found');
      expect((await admin.delete(`/api/admin/payouts/${payout.id}/lines/${foreignLine.id}`).expect(404)).body.code).toBe('payout_line_not_found');
      expect((await admin.get(`/api/admin/payouts/${foreign.id}/lines`).expect(200)).body).toMatchObject({ payout: { amount: '10.00' }, lines: [{ amount: '10.00' }] });
      // A change that breaks the sign rule of the kind it becomes.
      expect((await admin.patch(`/api/admin/payouts/${foreign.id}/lines/${foreignLine.id}`).send({ kind: 'channel_fee' }).expect(400)).body.code).toBe('payout_line_sign');
      expect((await add(999999, { kind: 'rent', description: 'Leie', amount: '1' }).expect(404)).body.code).toBe('payout_not_found');

      // Staff other than admins read, never write; owners reach no back-office route.
      const { agent: mini } = await t.loginAs('miniAdmin');
      await mini.get(`/api/admin/payouts/${payout.id}/lines`).expect(200);
      await mini.post(`/api/admin/payouts/${payout.id}/lines`).send({ kind: 'rent', description: 'Leie', amount: '1' }).expect(403);
      const { agent: owner } = await t.loginAs(user);
      await owner.post(`/api/admin/payouts/${payout.id}/lines`).send({ kind: 'rent', description: 'Leie', amount: '1' }).expect(403);
      expect(await lineCount(payout.id)).toBe(2);
    });

    it('goes with its payout', async () => {
      const user = await t.createUser('user');
      const payout = await payoutFor(user, 6);
      const line = (await admin.post(`/api/admin/payouts/${payout.id}/lines`).send({ kind: 'rent', description: 'Leie', amount: '100' }).expect(201)).body.lines[0];
      await admin.post(`/api/admin/payouts/${payout.id}/lines/${line.id}/receipt`).attach('file', PDF, 'kvittering.pdf').expect(201);
      const files = await storedFiles();
      await admin.delete(`/api/admin/payouts/${payout.id}`).expect(200);
      expect(await lineCount(payout.id)).toBe(0);
      expect(await storedFiles()).toBe(files - 1);
    });
  });

  describe('receipts', () => {
    it('takes a PDF or an image, told from the bytes; serves it to staff and to members who see money with safe headers', async () => {
      const { agent: owner, user } = await t.loginAs('user');
      const payout = await payoutFor(user, 7);
      await admin.post(`/api/admin/payouts/${payout.id}/lines`).send({ kind: 'rent', description: 'Leie', amount: '1000' }).expect(201);
      const line = (await admin.post(`/api/admin/payouts/${payout.id}/lines`).send({ kind: 'expense', description: 'Lyspærer', amount: '-89.90' }).expect(201)).body.lines[1];
      const url = `/api/admin/payouts/${payout.id}/lines/${line.id}/receipt`;

      const attached = (await admin.post(url).attach('file', PDF, 'Kvittering Clas Ohlson.pdf').expect(201)).body;
      expect(attached.lines[1].receipt).toEqual({ name: 'Kvittering Clas Ohlson.pdf', contentType: 'application/pdf', byteSize: PDF.length });

      for (const [agent, path] of [[admin, url], [owner, `/api/user/payouts/${payout.id}/lines/${line.id}/receipt`]] as const) {
        const res = await agent.get(path).buffer(true).parse((r, done) => {
          const parts: Buffer[] = [];
          r.on('data', (c: Buffer) => parts.push(c));
          r.on('end', () => done(null, Buffer.concat(parts)));
        }).expect(200);
        expect(res.headers).toMatchObject({
          'content-type': 'application/pdf', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox", 'cache-control': 'private, no-store',
        });
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Kvittering Clas Ohlson.pdf"/);
        expect(Buffer.compare(res.body as Buffer, PDF)).toBe(0);
      }

      // A text file named .pdf is no receipt: refused, nothing stored, the PDF stays.
      const files = await storedFiles();
      const refused = await admin.post(url).attach('file', Buffer.from('<html><script>alert(1)</script></html>'), 'faktura.pdf').expect(400);
      expect(refused.body.code).toBe('payout_receipt_type');
      expect(await storedFiles()).toBe(files);
      expect((await admin.get(`/api/admin/payouts/${payout.id}/lines`).expect(200)).body.lines[1].receipt.contentType).toBe('application/pdf');
      expect((await admin.post(url).attach('other', PDF, 'a.pdf').expect(400)).body.code).toBe('payout_receipt_invalid');
      expect((await admin.post(url).field('note', 'x').expect(400)).body.code).toBe('payout_receipt_missing');

      // An image replaces the PDF, whose bytes go; an image is shown inline.
      await admin.post(url).attach('file', PNG, 'bilde.png').expect(201);
      expect(await storedFiles()).toBe(files);
      const image = await admin.get(url).expect(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['content-disposition']).toMatch(/^inline; filename="bilde.png"/);

      // A viewer without the money, and anyone else: refused; a line without a receipt: 404.
      const viewer = await t.createUser('user');
      const property = await t.propertyOf(user);
      await db.query(`INSERT INTO property_members (property_id, user_id, role) VALUES ($1, $2, 'viewer')`, [property.id, viewer.id]);
      const { agent: viewerAgent } = await t.loginAs(viewer);
      expect((await viewerAgent.get(`/api/user/payouts/${payout.id}/lines/${line.id}/receipt`).expect(403)).body.code).toBe('property_money_hidden');
      const { agent: stranger } = await t.loginAs('user');
      expect((await stranger.get(`/api/user/payouts/${payout.id}/lines/${line.id}/receipt`).expect(404)).body.code).toBe('payout_not_found');
      await admin.delete(url).expect(200);
      expect(await storedFiles()).toBe(files - 1);
      expect((await admin.get(url).expect(404)).body.code).toBe('payout_receipt_not_found');
      expect((await admin.delete(url).expect(404)).body.code).toBe('payout_receipt_not_found');
    });
  });

  describe('import', () => {
    const importCsv = (csv: string) => admin.post('/api/admin/payouts/lines/import').send({ csv });
    const allLines = async () => Number((await db.query('SELECT count(*)::int AS n FROM payout_lines'))[0].n);
    const allPayouts = async () => Number((await db.query('SELECT count(*)::int AS n FROM payouts'))[0].n);

    it('fills a month\'s payout, or makes a pending one, all in one go; the same file twice is refused', async () => {
      const a = await t.createUser('user');
      const b = await t.createUser('user');
      const [pa, pb] = [(await t.propertyOf(a)).id, (await t.propertyOf(b)).id];
      const existing = await payoutFor(a, 8, 2026, '1.00');
      const csv = [
        'propertyId,year,month,kind,description,amount,bookingRef',
        `${pa},2026,8,rent,"Leie, uke 32",12000.00,HMABC123`,
        `${pa},2026,8,commission,Forvaltning,-2400.00,`,
        `${pb},2026,8,rent,Leie,8000.5,`,
        `${pb},2026,8,channel_fee,Airbnb-gebyr,-240.15,HMXYZ`,
      ].join('\r\n');
      const res = (await importCsv(csv).expect(201)).body;
      expect(res.lines).toBe(4);
      expect(res.payouts).toEqual([
        { payoutId: existing.id, propertyId: pa, year: 2026, month: 8, created: false, lines: 2, amount: '9600.00' },
        { payoutId: expect.any(Number), propertyId: pb, year: 2026, month: 8, created: true, lines: 2, amount: '7760.35' },
      ]);
      const made = (await admin.get(`/api/admin/payouts/${res.payouts[1].payoutId}/lines`).expect(200)).body;
      expect(made.payout).toMatchObject({ status: 'pending', userId: b.id, propertyId: pb, amount: '7760.35', currency: 'NOK' });
      expect(made.lines.map((l: { description: string; imported: boolean; bookingRef: string | null }) => [l.description, l.imported, l.bookingRef])).toEqual([['Leie', true, null], ['Airbnb-gebyr', true, 'HMXYZ']]);
      expect((await admin.get(`/api/admin/payouts/${existing.id}/lines`).expect(200)).body.lines[0]).toMatchObject({ description: 'Leie, uke 32', amount: '12000.00', bookingRef: 'HMABC123' });

      const [lines, payouts] = [await allLines(), await allPayouts()];
      const twice = await importCsv(csv).expect(409);
      expect(twice.body).toMatchObject({ code: 'payout_import_duplicate', params: { row: 2, propertyId: pa, year: 2026, month: 8 } });
      expect([await allLines(), await allPayouts()]).toEqual([lines, payouts]);
    });

    it('reads semicolons, decimal commas, a BOM and columns in any order', async () => {
      const user = await t.createUser('user');
      const propertyId = (await t.propertyOf(user)).id;
      const csv = `\ufeffyear;month;propertyId;kind;amount;description\n2026;9;${propertyId};rent;1 234,50;Leie\n2026;9;${propertyId};expense;-34,50;Vaskemidler\n`;
      expect((await importCsv(csv).expect(201)).body.payouts[0]).toMatchObject({ propertyId, month: 9, amount: '1200.00', created: true });
    });

    it('refuses a bad file by its first bad row, with a code, and imports nothing', async () => {
      const user = await t.createUser('user');
      const propertyId = (await t.propertyOf(user)).id;
      const head = 'propertyId,year,month,kind,description,amount,bookingRef';
      const good = `${propertyId},2026,10,rent,Leie,100,`;
      const [lines, payouts] = [await allLines(), await allPayouts()];
      const refused = async (csv: string, status = 400) => (await importCsv(csv).expect(status)).body;

      expect(await refused(`propertyId,year,month,kind,description,belop\n${good}`)).toMatchObject({ code: 'payout_import_column', params: { row: 1, column: 'belop' } });
      expect(await refused(`propertyId,year,month,kind,description\n${propertyId},2026,10,rent,Leie`)).toMatchObject({ code: 'payout_import_column_missing', params: { row: 1, column: 'amount' } });
      expect(await refused(`${head}\n${good}\n999999,2026,10,rent,Leie,100,`)).toMatchObject({ code: 'payout_import_property', params: { row: 3, propertyId: 999999 } });
      expect(await refused(`${head}\n${good}\n${propertyId},2026,13,rent,Leie,100,`)).toMatchObject({ code: 'payout_import_month', params: { row: 3 } });
      expect(await refused(`${head}\n${good}\n${propertyId},2019,1,rent,Leie,100,`)).toMatchObject({ code: 'payout_import_month', params: { row: 3 } });
      expect(await refused(`${head}\n${good}\n${good}\n${propertyId},2026,10,rent,Leie,-100,`)).toMatchObject({ code: 'payout_line_sign', params: { row: 4, kind: 'rent' } });
      expect(await refused(`${head}\n${good}\n${propertyId},2026,10,tips,Leie,100,`)).toMatchObject({ code: 'payout_import_row', params: { row: 3, field: 'kind' } });
      expect(await refused(`${head}\n${good}\n${propertyId},2026,10,rent,Leie,12.345,`)).toMatchObject({ code: 'payout_import_row', params: { row: 3, field: 'amount' } });
      expect(await refused(`${head}\n${good}\n${propertyId},2026,10,rent,Leie`)).toMatchObject({ code: 'payout_import_unreadable', params: { row: 3 } });
      expect(await refused(`${head}\n${propertyId},2026,10,rent,Leie,100,\n${propertyId},2026,10,commission,Provisjon,-200,`)).toMatchObject({ code: 'payout_lines_negative', params: { row: 2, sum: '-100.00' } });
      expect(await refused(head)).toMatchObject({ code: 'payout_import_empty' });
      // A month with two payouts (a correction): which one is for staff to say.
      await payoutFor(user, 11);
      await payoutFor(user, 11);
      expect(await refused(`${head}\n${propertyId},2026,11,rent,Leie,100,`, 409)).toMatchObject({ code: 'payout_import_ambiguous', params: { row: 2 } });
      expect([await allLines(), await allPayouts()]).toEqual([lines, payouts + 2]);

      // Only admins import.
      const { agent: mini } = await t.loginAs('miniAdmin');
      await mini.post('/api/admin/payouts/lines/import').send({ csv: `${head}\n${good}` }).expect(403);
    });
  });

  describe('the payout explained', () => {
    /** An owner with a property, its stays from two channels, a cancelled one and their own stay. */
    async function household(timezone = 'Europe/Oslo') {
      const { agent, user } = await t.loginAs('user');
      const property = await t.propertyOf(user);
      await db.query('UPDATE properties SET timezone = $2 WHERE id = $1', [property.id, timezone]);
      const store = t.app.get(ExternalBookingsService);
      const pull = (kind: 'ical' | 'beds24', id: number, bookings: ExternalBookingInput[]) =>
        store.applyPull({ source: { kind, id, userId: user.id, propertyId: property.id }, complete: true, now: new Date('2028-01-01T00:00:00Z'), emptyPullsBefore: 0, bookings });
      return { agent, user, property: { ...property, timezone }, pull };
    }

    it('lists the month\'s stays with their nights in the month: a stay over the month\'s end in both, a leap day counted, a cancelled stay and the owner\'s own none', async () => {
      const { agent, user, property, pull } = await household();
      // Airbnb (iCal, its feed named): 27 Feb → 2 Mar 2028, over the leap day: 28 Feb, 29 Feb in February, 1 Mar in March.
      await pull('ical', 7101, [allDayStay('air1', '2028-02-27', '2028-03-02'), allDayStay('blk', '2028-02-10', '2028-02-12', { kind: 'block', summary: 'Not available' })]);
      // Beds24: a Booking.com stay 5 → 8 Feb, and one 20 → 22 Feb that is then cancelled.
      const beds24 = (uid: string, from: string, to: string, status = 'confirmed') => allDayStay(uid, from, to, { summary: 'Booking.com: Kari', description: 'Kanal: Booking.com\nGjest: Kari', status });
      await pull('beds24', 7102, [beds24('501', '2028-02-05', '2028-02-08'), beds24('502', '2028-02-20', '2028-02-22')]);
      await pull('beds24', 7102, [beds24('501', '2028-02-05', '2028-02-08'), beds24('502', '2028-02-20', '2028-02-22', 'cancelled')]);
      // The owner's own stay 14 → 16 Feb: no rental.
      await t.app.get(CalendarService).createEvent(user, property, { title: 'Vinterferie', startTime: '2028-02-14T15:00:00Z', endTime: '2028-02-16T10:00:00Z' });

      const feb = await payoutFor(user, 2, 2028, '5000.00');
      const mar = await payoutFor(user, 3, 2028, '1500.00');
      await admin.post(`/api/admin/payouts/${feb.id}/lines`).send({ kind: 'rent', description: 'Leie februar', amount: '6000' }).expect(201);
      await admin.post(`/api/admin/payouts/${feb.id}/lines`).send({ kind: 'commission', description: 'Provisjon', amount: '-1000' }).expect(201);

      const detail = (await agent.get(`/api/user/payouts/${feb.id}`).expect(200)).body;
      expect(detail.payout).toMatchObject({ id: feb.id, year: 2028, month: 2, amount: '5000.00', status: 'pending' });
      expect(detail.lines.map((l: { kind: string; amount: string }) => [l.kind, l.amount])).toEqual([['rent', '6000.00'], ['commission', '-1000.00']]);
      expect(detail.stays).toEqual([
        { ref: expect.stringMatching(/^beds24-7102-/), channel: 'Booking.com', start: '2028-02-05', end: '2028-02-08', nights: 3 },
        { ref: expect.stringMatching(/^ical-7101-/), channel: 'iCal', start: '2028-02-27', end: '2028-03-02', nights: 3 },
      ]);
      expect(detail).toMatchObject({ nightsByChannel: { 'Booking.com': 3, iCal: 3 }, rentalDays: 6, ownerNights: 2, timezone: 'Europe/Oslo' });

      const march = (await agent.get(`/api/user/payouts/${mar.id}`).expect(200)).body;
      expect(march).toMatchObject({ lines: [], nightsByChannel: { iCal: 1 }, rentalDays: 1, ownerNights: 0 });
      expect(march.stays).toEqual([expect.objectContaining({ start: '2028-02-27', end: '2028-03-02', nights: 1 })]);
      // The back office's rental day count agrees.
      expect((await admin.post('/api/admin/payouts/calculate-rental-days').send({ propertyId: property.id, month: 2, year: 2028 }).expect(200)).body.rentalDays).toBe(6);
    });

    it('counts months and nights in the property\'s time zone', async () => {
      const { agent, user, pull } = await household('America/New_York');
      // Timed: 29 Feb 2028 22:00 to 3 Mar 10:00 in New York (UTC 1 Mar 03:00 → 3 Mar 15:00): nights 29 Feb, 1 and 2 Mar.
      await pull('beds24', 7201, [{ ...allDayStay('601', '2028-02-29', '2028-03-03', { description: 'Kanal: Airbnb' }), allDay: false, startDate: null, endDate: null, startTime: new Date('2028-03-01T03:00:00Z'), endsAt: new Date('2028-03-03T15:00:00Z') }]);
      const feb = await payoutFor(user, 2, 2028, '100');
      const detail = (await agent.get(`/api/user/payouts/${feb.id}`).expect(200)).body;
      expect(detail).toMatchObject({ timezone: 'America/New_York', rentalDays: 1, nightsByChannel: { Airbnb: 1 }, stays: [{ channel: 'Airbnb', start: '2028-02-29', end: '2028-03-03', nights: 1 }] });
    });

    it('is for the property\'s members who see money and staff; others hear it does not exist', async () => {
      const { user, property } = await household();
      const payout = await payoutFor(user, 1, 2028, '10');
      const viewer = await t.createUser('user');
      await db.query(`INSERT INTO property_members (property_id, user_id, role) VALUES ($1, $2, 'viewer')`, [property.id, viewer.id]);
      expect((await (await t.loginAs(viewer)).agent.get(`/api/user/payouts/${payout.id}`).expect(403)).body.code).toBe('property_money_hidden');
      await db.query('UPDATE property_members SET can_see_money = true WHERE property_id = $1 AND user_id = $2', [property.id, viewer.id]);
      await (await t.loginAs(viewer)).agent.get(`/api/user/payouts/${payout.id}`).expect(200);
      expect((await (await t.loginAs('user')).agent.get(`/api/user/payouts/${payout.id}`).expect(404)).body.code).toBe('payout_not_found');
      await (await t.loginAs('miniAdmin')).agent.get(`/api/user/payouts/${payout.id}`).expect(200);
      expect((await admin.get('/api/user/payouts/999999').expect(404)).body.code).toBe('payout_not_found');
    });
  });

  describe('a question about a line', () => {
    it('opens a case that names the payout and the line, about the payout\'s property; others\' payouts and lines are refused', async () => {
      const { agent: owner, user } = await t.loginAs('user');
      const payout = await payoutFor(user, 5, 2026);
      const lines = (await admin.post(`/api/admin/payouts/${payout.id}/lines`).send({ kind: 'rent', description: 'Leie mai', amount: '5000' }).expect(201)).body.lines;
      const ask = (agent: Agent, body: object) => agent.post('/api/cases').send({ title: 'Spørsmål om Leie mai (mai 2026)', category: 'billing', message: 'Hva er dette?', ...body });

      const kase = (await ask(owner, { payoutId: payout.id, payoutLineId: lines[0].id }).expect(201)).body;
      expect(kase).toMatchObject({ payoutId: payout.id, payoutLineId: lines[0].id, propertyId: payout.propertyId });
      expect((await admin.get(`/api/cases/${kase.id}`).expect(200)).body).toMatchObject({ payoutId: payout.id, payoutLineId: lines[0].id });

      // A line of another payout, another owner's payout, half a reference: refused, and no case is made.
      const other = await payoutFor(user, 6, 2026);
      const before = Number((await db.query('SELECT count(*)::int AS n FROM cases'))[0].n);
      expect((await ask(owner, { payoutId: other.id, payoutLineId: lines[0].id }).expect(404)).body.code).toBe('payout_line_not_found');
      const { agent: stranger } = await t.loginAs('user');
      expect((await ask(stranger, { payoutId: payout.id, payoutLineId: lines[0].id }).expect(404)).body.code).toBe('payout_not_found');
      await ask(owner, { payoutLineId: lines[0].id }).expect(400);
      expect(Number((await db.query('SELECT count(*)::int AS n FROM cases'))[0].n)).toBe(before);

      // The line removed, the case stays and names the payout only.
      await admin.delete(`/api/admin/payouts/${payout.id}/lines/${lines[0].id}`).expect(200);
      expect((await owner.get(`/api/cases/${kase.id}`).expect(200)).body).toMatchObject({ payoutId: payout.id, payoutLineId: null });
    });
  });
});
