import { firstStartOf, MAX_BACKOFF_MINUTES, nextSyncAfterFailure } from './booking-source.types';
import type { ExternalBookingInput, PullResult } from './external-booking.types';

const NOW = new Date('2026-06-01T12:00:00Z');
const at = (day: string) => new Date(`${day}T00:00:00Z`);
const booking = (uid: string, start: string, end: string, status = 'confirmed'): ExternalBookingInput => ({
  externalUid: uid, startTime: at(start), endsAt: at(end), allDay: true, startDate: start, endDate: end,
  summary: uid, description: null, location: null, status, kind: 'booking', sequence: 0,
});
const pull = (over: Partial<PullResult> = {}): PullResult => ({
  stored: 0, removed: 0, emptyPulls: 0, keptUntilConfirmed: null, future: { added: 0, changed: 0, cancelled: 1 }, all: { added: 0, changed: 0 }, ...over,
});

describe('booking sources: back-off', () => {
  it('waits the interval after the first failure, doubles it per failure in a row, and never more than a day', () => {
    const minutesAfter = (failures: number) => (nextSyncAfterFailure(NOW, 15, failures).getTime() - NOW.getTime()) / 60_000;
    expect([1, 2, 3, 4].map(minutesAfter)).toEqual([15, 30, 60, 120]);
    expect(minutesAfter(30)).toBe(MAX_BACKOFF_MINUTES);
  });
});

describe("booking sources: the day a 'bookings.pulled' opens", () => {
  it('is the first start the pull added or changed', () => {
    expect(firstStartOf(pull({ firstChangedStart: at('2026-07-01') }), [booking('a', '2026-06-10', '2026-06-12')], NOW)).toEqual(at('2026-07-01'));
  });

  it('for a pull that only removed: the first stay of the pull still ahead, never a cancelled or past one', () => {
    const bookings = [
      booking('past', '2026-05-01', '2026-05-03'),
      booking('cancelled', '2026-06-05', '2026-06-07', 'cancelled'),
      booking('later', '2026-06-20', '2026-06-22'),
      booking('next', '2026-06-10', '2026-06-12'),
    ];
    expect(firstStartOf(pull(), bookings, NOW)).toEqual(at('2026-06-10'));
    expect(firstStartOf(pull(), [booking('cancelled', '2026-06-05', '2026-06-07', 'cancelled')], NOW)).toBeNull();
  });
});
