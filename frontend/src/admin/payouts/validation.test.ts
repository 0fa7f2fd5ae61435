import { describe, expect, it } from 'vitest';
import { toPayoutPayload, validateAmount, validateRentalDays } from './validation';

describe('payout form rules', () => {
  const amount = (value: unknown, status = 'pending') => (validateAmount as (v: unknown, all: { status: string }) => unknown)(value, { status });

  it('takes amounts with at most two decimals, never negative', () => {
    expect(amount('1250.50')).toBeUndefined();
    expect(amount('1250,5')).toBeUndefined();
    expect(amount('')).toBe('resources.payouts.validation.amountRequired');
    expect(amount('12.505')).toBe('resources.payouts.validation.amountInvalid');
    expect(amount('-10')).toBe('resources.payouts.validation.amountNegative');
    expect(amount('-10', 'offset')).toBe('resources.payouts.validation.offsetNegative');
  });

  it('keeps rental days within 0-31', () => {
    const days = validateRentalDays as (v: unknown) => unknown;
    expect(days('')).toBeUndefined();
    expect(days(31)).toBeUndefined();
    expect(days(32)).toBe('resources.payouts.validation.rentalDays');
  });

  it('sends the amount as a decimal string', () => {
    expect(toPayoutPayload({ amount: '1 250,50', status: 'paid', rentalDays: '', notes: ' ', userId: '3', month: 2, year: 2026 }, true))
      .toEqual({ amount: '1250.50', status: 'paid', paidDate: null, rentalDays: null, notes: null, userId: 3, month: 2, year: 2026, currency: 'NOK' });
    expect(toPayoutPayload({ amount: 10, status: 'offset', rentalDays: 4, notes: 'Strøm' }, false)).toEqual({ amount: '10', status: 'offset', paidDate: null, rentalDays: 4, notes: 'Strøm' });
    expect(toPayoutPayload({ amount: 10, status: 'paid', paidDate: '2026-02-03' }, false)).toMatchObject({ status: 'paid', paidDate: '2026-02-03' });
  });
});
