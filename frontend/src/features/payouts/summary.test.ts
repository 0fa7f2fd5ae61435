import { describe, expect, it } from 'vitest';
import { formatOre } from '../../shared/money';
import { byMonth, summarize } from './summary';
import type { Payout } from './types';

let id = 0;
const payout = (month: number, amount: string, status: Payout['status'], notes: string | null = null): Payout => ({
  id: ++id, userId: 1, propertyId: 30, year: 2026, month, amount, currency: 'NOK', status, rentalDays: null, paidDate: null, notes, registeredById: 1, createdAt: '', updatedAt: '',
});

describe('payout sums', () => {
  it('adds to the øre and applies the card rules', () => {
    const s = summarize([payout(1, '0.10', 'paid'), payout(1, '0.20', 'sent'), payout(2, '99999999.99', 'pending'), payout(3, '100.05', 'offset')]);
    expect(s).toEqual({ net: 0n + 10n + 20n + 9_999_999_999n - 10_005n, paidOut: 30n, pending: 9_999_999_999n, offset: 10_005n });
    expect(formatOre(s.paidOut, 'en')).toBe('0.30');
  });

  it('goes negative when offsets outweigh the payouts', () => {
    expect(summarize([payout(1, '100.00', 'paid'), payout(2, '250.50', 'offset')]).net).toBe(-15_050n);
  });

  it('sums a month\'s corrections for the grid, rounded to whole kroner only when shown', () => {
    const months = byMonth([payout(4, '1000.25', 'paid', 'April'), payout(4, '0.25', 'pending', 'Korrigering'), payout(5, '10.00', 'offset')]);
    expect(months).toHaveLength(12);
    expect(months[3]).toMatchObject({ month: 4, total: 100_050n, statuses: ['paid', 'pending'], notes: ['April', 'Korrigering'], count: 2 });
    expect(formatOre(months[3].total, 'en', 0)).toBe('1,001');
    expect(months[4].total).toBe(-1000n);
    expect(months[0]).toMatchObject({ total: 0n, count: 0 });
  });
});
