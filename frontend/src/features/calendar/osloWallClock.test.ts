import { describe, expect, it } from 'vitest';
import { osloWallClockToIso } from './osloWallClock';

describe('Oslo wall-clock times', () => {
  it('turns 11:00 and 15:00 in Europe/Oslo into instants, summer (UTC+2) and winter (UTC+1)', () => {
    expect(osloWallClockToIso('2025-07-01', '11:00')).toBe('2025-07-01T09:00:00Z');
    expect(osloWallClockToIso('2025-07-01', '15:00')).toBe('2025-07-01T13:00:00Z');
    expect(osloWallClockToIso('2025-01-15', '11:00')).toBe('2025-01-15T10:00:00Z');
    // The day clocks go forward (30 March 2025) is already summer time at 11:00.
    expect(osloWallClockToIso('2025-03-30', '11:00')).toBe('2025-03-30T09:00:00Z');
    // And the day they go back (26 October 2025) is winter time again.
    expect(osloWallClockToIso('2025-10-26', '11:00')).toBe('2025-10-26T10:00:00Z');
  });
});
