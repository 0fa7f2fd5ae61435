import { nightsInMonth, perNight, ratio, shareOf, yearFigures } from './year-figures';

const stay = (first: string, end: string) => ({ first, end });

describe('the year in figures', () => {
  it('counts a stay across a month end in both months by its nights, and each booked night once', () => {
    const f = yearFigures({
      year: 2027,
      owner: [],
      guests: [
        // 29 January – 3 February: 3 nights in January, 2 in February.
        { stay: stay('2027-01-29', '2027-02-03'), channel: 'Airbnb' },
        // The same stay's 1 February from a second channel counts once, for the first.
        { stay: stay('2027-02-01', '2027-02-02'), channel: 'Booking.com' },
        { stay: stay('2027-03-10', '2027-03-12'), channel: 'Booking.com' },
      ],
      payouts: null,
    });
    expect(f.byMonth[0]).toMatchObject({ month: 1, nightsAvailable: 31, nightsBooked: 3, occupancy: 0.0968 });
    expect(f.byMonth[1]).toMatchObject({ month: 2, nightsAvailable: 28, nightsBooked: 2, occupancy: 0.0714 });
    expect(f).toMatchObject({ nightsAvailable: 365, nightsBooked: 7, ownerNights: 0, nightsByChannel: { Airbnb: 5, 'Booking.com': 2 }, payoutTotal: null, payoutPerBookedNight: null });
    expect(f.byMonth.reduce((sum, m) => sum + m.nightsBooked, 0)).toBe(f.nightsBooked);
  });

  it("takes the owners' nights out of what could be let, and a night both held out of the booked share", () => {
    const f = yearFigures({
      year: 2027,
      owner: [stay('2027-07-01', '2027-07-11')],
      // A double booking on 10 July: booked, but no available night.
      guests: [{ stay: stay('2027-07-10', '2027-07-20'), channel: 'Airbnb' }],
      payouts: null,
    });
    expect(f.byMonth[6]).toMatchObject({ nightsAvailable: 21, ownerNights: 10, nightsBooked: 10, occupancy: 0.4286 });
    expect(f).toMatchObject({ nightsAvailable: 355, ownerNights: 10, nightsBooked: 10, occupancy: 0.0254 });
  });

  it('counts 366 nights in a leap year, 29 in its February', () => {
    const f = yearFigures({ year: 2028, owner: [], guests: [{ stay: stay('2028-02-28', '2028-03-01'), channel: 'Airbnb' }], payouts: [] });
    expect(f.nightsAvailable).toBe(366);
    expect(f.byMonth[1]).toMatchObject({ nightsAvailable: 29, nightsBooked: 2, payoutTotal: '0.00' });
    expect(nightsInMonth(2027, 2)).toBe(28);
    expect(nightsInMonth(2100, 2)).toBe(28);
  });

  it('sums payouts exactly in decimals, an offset as a minus, and divides per booked night to the øre', () => {
    const f = yearFigures({
      year: 2027,
      owner: [],
      guests: [{ stay: stay('2027-05-01', '2027-05-04'), channel: 'Airbnb' }],
      payouts: [
        { month: 5, amount: '0.10', status: 'paid' },
        { month: 5, amount: '0.20', status: 'pending' },
        { month: 6, amount: '1000.00', status: 'sent' },
        { month: 6, amount: '0.05', status: 'offset' },
      ],
    });
    expect(f.byMonth[4].payoutTotal).toBe('0.30');
    expect(f.byMonth[5].payoutTotal).toBe('999.95');
    expect(f.byMonth[0].payoutTotal).toBe('0.00');
    expect(f.payoutTotal).toBe('1000.25');
    // 1000.25 / 3 = 333.4166… → 333.42
    expect(f.payoutPerBookedNight).toBe('333.42');
  });

  it('counts a channel named like an object property as a channel', () => {
    const f = yearFigures({ year: 2027, owner: [], guests: [{ stay: stay('2027-05-01', '2027-05-02'), channel: 'constructor' }, { stay: stay('2027-05-02', '2027-05-03'), channel: '__proto__' }], payouts: null });
    expect(Object.entries(f.nightsByChannel)).toEqual([['__proto__', 1], ['constructor', 1]]);
  });

  it('rounds ratios, nightly amounts and shares half up', () => {
    expect(ratio(1, 3)).toBe(0.3333);
    expect(ratio(2, 3)).toBe(0.6667);
    expect(ratio(1, 0)).toBeNull();
    expect(perNight('0.05', 2)).toBe('0.03');
    expect(perNight('-0.05', 2)).toBe('-0.03');
    expect(perNight('10.00', 0)).toBeNull();
    expect(shareOf('1000.01', '50.00')).toBe('500.01');
    expect(shareOf('1000.00', '33.33')).toBe('333.30');
    expect(shareOf('-0.03', '50')).toBe('-0.02');
    expect(shareOf('99999999.99', '100.00')).toBe('99999999.99');
  });
});
