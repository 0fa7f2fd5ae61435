import type { ExternalBooking } from '../bookings/external-booking.types';
import type { CalendarEvent } from '../calendar/event.entity';
import { channelOf, monthNightsOf, ownerStaysOf, rentedStaysOf } from './month-stays';

const booking = (id: string, startDate: string, endDate: string, fields: Partial<ExternalBooking> = {}) =>
  ({
    id, sourceKind: 'ical', sourceName: 'Airbnb', description: null, kind: 'booking', status: 'confirmed', allDay: true, startDate, endDate,
    startTime: new Date(`${startDate}T00:00:00Z`), endsAt: new Date(`${endDate}T00:00:00Z`), ...fields,
  }) as ExternalBooking;
const event = (id: number, start: string, end: string, fields: Partial<CalendarEvent> = {}) =>
  ({ id, startTime: new Date(start), endsAt: new Date(end), source: null, createdById: null, awaitingApproval: false, ...fields }) as CalendarEvent;

describe('a month\'s stays and nights', () => {
  it('counts a stay across a month\'s end in both months by its nights', () => {
    const rented = rentedStaysOf([booking('a', '2026-01-30', '2026-02-02')], [], 'Europe/Oslo');
    expect(monthNightsOf(rented, [], 2026, 1)).toEqual({ stays: [{ ref: 'a', channel: 'Airbnb', start: '2026-01-30', end: '2026-02-02', nights: 2 }], nightsByChannel: { Airbnb: 2 }, rentalDays: 2, ownerNights: 0 });
    expect(monthNightsOf(rented, [], 2026, 2)).toMatchObject({ stays: [{ nights: 1 }], rentalDays: 1 });
    expect(monthNightsOf(rented, [], 2026, 3)).toEqual({ stays: [], nightsByChannel: {}, rentalDays: 0, ownerNights: 0 });
  });

  it('counts the leap day: February 2028 has 29 nights, 2027 has 28', () => {
    const rented = rentedStaysOf([booking('a', '2028-02-01', '2028-03-01')], [], 'Europe/Oslo');
    expect(monthNightsOf(rented, [], 2028, 2).rentalDays).toBe(29);
    expect(monthNightsOf(rentedStaysOf([booking('b', '2027-02-01', '2027-03-01')], [], 'Europe/Oslo'), [], 2027, 2).rentalDays).toBe(28);
  });

  it('leaves out cancelled stays and blocks; owner stays are no rental', () => {
    const bookings = [booking('c', '2026-05-01', '2026-05-04', { status: 'cancelled' }), booking('b', '2026-05-10', '2026-05-12', { kind: 'block' })];
    const events = [event(1, '2026-05-20T15:00:00Z', '2026-05-23T10:00:00Z'), event(2, '2026-05-24T00:00:00Z', '2026-05-26T00:00:00Z', { createdById: 9 })];
    const month = monthNightsOf(rentedStaysOf(bookings, events, 'Europe/Oslo'), ownerStaysOf(events, 'Europe/Oslo'), 2026, 5);
    expect(month).toEqual({ stays: [], nightsByChannel: {}, rentalDays: 0, ownerNights: 3 });
  });

  it('counts each date once overall and within a channel, in the property\'s zone', () => {
    const bookings = [
      booking('a', '2026-06-01', '2026-06-05'),
      booking('b', '2026-06-03', '2026-06-06', { sourceKind: 'beds24', sourceName: null, description: 'Kanal: Booking.com' }),
      // Timed, 30 June 22:30 to 2 July 08:00 in New York: the nights of 30 June and 1 July there.
      booking('c', '2026-07-01', '2026-07-02', { allDay: false, startDate: null, endDate: null, startTime: new Date('2026-07-01T02:30:00Z'), endsAt: new Date('2026-07-02T12:00:00Z') }),
    ];
    const month = monthNightsOf(rentedStaysOf(bookings, [event(3, '2026-06-10T12:00:00Z', '2026-06-11T09:00:00Z', { source: { type: 'booking' } })], 'America/New_York'), [], 2026, 6);
    expect(month.nightsByChannel).toEqual({ Airbnb: 5, 'Booking.com': 3, Kalender: 1 });
    expect(month.rentalDays).toBe(7);
    expect(month.stays.map((s) => [s.ref, s.nights])).toEqual([['a', 4], ['b', 3], ['event-3', 1], ['c', 1]]);
  });

  it('names the channel: Beds24\'s channel line, the feed\'s name, the source kind', () => {
    expect(channelOf({ sourceKind: 'beds24', sourceName: null, description: 'Kanal: Vrbo\nGjest: Ola' })).toBe('Vrbo');
    expect(channelOf({ sourceKind: 'beds24', sourceName: null, description: null })).toBe('Beds24');
    expect(channelOf({ sourceKind: 'ical', sourceName: ' Airbnb ', description: null })).toBe('Airbnb');
    expect(channelOf({ sourceKind: 'ical', sourceName: null, description: null })).toBe('iCal');
  });
});
