import type { BadRequestException } from '@nestjs/common';
import { PayoutsService } from '../../src/payouts/payouts.service';
import type { User } from '../../src/users/user.entity';
import { ServiceContext } from '../helpers/service-context';

/** Payouts' rules on the service itself (the API's shape and access: payouts.e2e-spec.ts). */
describe('PayoutsService', () => {
  let s: ServiceContext;
  let payouts: PayoutsService;
  let admin: User;

  beforeAll(async () => {
    s = await ServiceContext.start();
    payouts = s.get(PayoutsService);
    admin = await s.createUser('admin');
  });
  afterAll(() => s.close());

  const auditRows = (payoutId: number) =>
    s.db.query(`SELECT action, details FROM admin_audit_log WHERE details->>'payoutId' = $1 ORDER BY id`, [String(payoutId)]) as Promise<{ action: string; details: { before: Record<string, unknown> | null; after: Record<string, unknown> | null } }[]>;

  it('tells the owner what changes their money, and nothing else', async () => {
    const owner = await s.createUser();
    const told = s.collect('payouts.changed');
    const created = await payouts.create(admin, { userId: owner.id, month: 6, year: 2026, amount: '1500.50' });
    await payouts.update(admin, created.id, { notes: 'Juni' });
    await payouts.update(admin, created.id, { rentalDays: 12 });
    await payouts.update(admin, created.id, { amount: '1500.5' });
    await payouts.update(admin, created.id, { amount: '1600' });
    await payouts.update(admin, created.id, { status: 'sent' });
    await payouts.update(admin, created.id, { status: 'paid' });
    const paidAtOnce = await payouts.create(admin, { userId: owner.id, month: 7, year: 2026, amount: '10', status: 'paid' });
    // A note, the rental days and the same amount written another way are no news; the amount, a status and a payment are.
    expect(told.map((e) => [e.payoutId, e.change, e.amount, e.status])).toEqual([
      [created.id, 'registered', '1500.50', 'pending'],
      [created.id, 'changed', '1600.00', 'pending'],
      [created.id, 'changed', '1600.00', 'sent'],
      [created.id, 'paid', '1600.00', 'paid'],
      [paidAtOnce.id, 'paid', '10.00', 'paid'],
    ]);
    expect(told.every((e) => e.userId === owner.id && e.actorId === admin.id && e.currency === 'NOK')).toBe(true);
  });

  it('audits each change with the record before and after, in the same transaction as the change', async () => {
    const owner = await s.createUser();
    const created = await payouts.create(admin, { userId: owner.id, month: 3, year: 2026, amount: '200', rentalDays: 4 });
    await payouts.update(admin, created.id, { amount: '250', notes: 'Rettet' });
    await payouts.remove(admin, created.id);
    const rows = await auditRows(created.id);
    expect(rows.map((r) => r.action)).toEqual(['payout.create', 'payout.update', 'payout.delete']);
    expect(rows[0].details).toMatchObject({ before: null, after: { amount: '200.00', rentalDays: 4, status: 'pending' } });
    expect(rows[1].details).toMatchObject({ before: { amount: '200.00', notes: null }, after: { amount: '250.00', notes: 'Rettet' } });
    expect(rows[2].details).toMatchObject({ before: { amount: '250.00' }, after: null });
    // A refused change leaves neither the payout nor the audit touched.
    const kept = await payouts.create(admin, { userId: owner.id, month: 4, year: 2026, amount: '300' });
    await expect(payouts.update(admin, kept.id, { amount: '-1' })).rejects.toMatchObject({ response: { code: 'payout_amount_negative' } });
    expect((await payouts.get(kept.id)).amount).toBe('300.00');
    expect((await auditRows(kept.id)).map((r) => r.action)).toEqual(['payout.create']);
  });

  it('refuses a negative amount, and a negative offset with its own reason, storing nothing', async () => {
    const owner = await s.createUser();
    const code = (e: unknown) => ((e as BadRequestException).getResponse() as { code: string }).code;
    await expect(payouts.create(admin, { userId: owner.id, month: 1, year: 2026, amount: '-0.01' }).catch(code)).resolves.toBe('payout_amount_negative');
    await expect(payouts.create(admin, { userId: owner.id, month: 1, year: 2026, amount: '-5', status: 'offset' }).catch(code)).resolves.toBe('payout_offset_negative');
    // A payout turned into an offset keeps the rule of its new status.
    const sent = await payouts.create(admin, { userId: owner.id, month: 1, year: 2026, amount: '0' });
    await expect(payouts.update(admin, sent.id, { status: 'offset', amount: '-3' }).catch(code)).resolves.toBe('payout_offset_negative');
    expect(await payouts.forYear(sent.propertyId, 2026)).toHaveLength(1);
  });

  it("sums a year per status, takes offsets off the net, and gives each month its net and statuses", async () => {
    const owner = await s.createUser('user', { name: 'Kari Nordmann', accountNumber: '12345678903' });
    const add = (month: number, amount: string, status: 'pending' | 'paid' | 'sent' | 'offset', year = 2025) => payouts.create(admin, { userId: owner.id, month, year, amount, status });
    await add(1, '1000.10', 'paid');
    await add(1, '0.20', 'paid');
    await add(2, '500', 'sent');
    await add(2, '120.05', 'offset');
    await add(3, '99.99', 'pending');
    const { propertyId } = await add(3, '5000', 'paid', 2024);
    expect(await payouts.yearTotals(propertyId, 2025)).toEqual({ paid: '1000.30', sent: '500.00', pending: '99.99', offset: '120.05', net: '1480.24' });
    expect(await payouts.yearTotals(propertyId, 2023)).toEqual({ paid: '0.00', sent: '0.00', pending: '0.00', offset: '0.00', net: '0.00' });
    const statement = await payouts.statementData(owner, await payouts.moneyOf(owner, propertyId), 2025, '2026-01-15');
    expect(statement.owner).toEqual({ name: 'Kari Nordmann', accountNumber: '12345678903' });
    expect(statement.months).toHaveLength(12);
    expect(statement.months.slice(0, 4)).toEqual([
      { month: 1, total: '1000.30', statuses: ['paid'] },
      { month: 2, total: '379.95', statuses: ['offset', 'sent'] },
      { month: 3, total: '99.99', statuses: ['pending'] },
      { month: 4, total: '0.00', statuses: [] },
    ]);
    expect(statement.payouts.map((p) => [p.month, p.amount, p.status])).toEqual([
      [1, '1000.10', 'paid'], [1, '0.20', 'paid'], [2, '500.00', 'sent'], [2, '120.05', 'offset'], [3, '99.99', 'pending'],
    ]);
  });
});
