import { bookedNightsInMonth, osloDay } from './rental-nights';
import { formatAmount } from './statement';

describe('booked nights of a month', () => {
  it('counts a stay\'s nights from check-in up to check-out, split at the month edges', () => {
    expect(bookedNightsInMonth([{ checkIn: '2026-01-30', checkOut: '2026-02-02' }], 2026, 1)).toBe(2);
    expect(bookedNightsInMonth([{ checkIn: '2026-01-30', checkOut: '2026-02-02' }], 2026, 2)).toBe(1);
    expect(bookedNightsInMonth([{ checkIn: '2025-12-20', checkOut: '2026-03-05' }], 2026, 2)).toBe(28);
  });

  it('counts a night booked twice once', () => {
    expect(bookedNightsInMonth([{ checkIn: '2026-03-10', checkOut: '2026-03-14' }, { checkIn: '2026-03-12', checkOut: '2026-03-16' }], 2026, 3)).toBe(6);
  });

  it('reads instants as Oslo days, across daylight saving', () => {
    expect(osloDay(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(osloDay(new Date('2026-10-24T22:30:00Z'))).toBe('2026-10-25');
  });
});

describe('statement amounts', () => {
  it('groups digits and sets the decimal mark on the text itself, to the øre', () => {
    expect(formatAmount('99999999.99', 'nb')).toBe('99 999 999,99');
    expect(formatAmount('99999999.99', 'en')).toBe('99,999,999.99');
    expect(formatAmount('-1500.50', 'nb')).toBe('-1 500,50');
    expect(formatAmount('0.3', 'en')).toBe('0.30');
  });
});
