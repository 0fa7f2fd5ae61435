import { breaches, nightCount, nightsOf, nightsPerYear, pastLimit, type StayRules } from './stays.types';

const OSLO = 'Europe/Oslo';
const NONE: StayRules = { maxOwnerNightsPerYear: null, minNoticeDays: null, minNights: null, maxNights: null, blackouts: [] };
const codes = (rules: Partial<StayRules>, first: string, end: string, today = '2027-01-01', used = new Map<number, number>()) =>
  breaches({ ...NONE, ...rules }, { first, end }, today, used).map((b) => b.code);

describe('the nights of a stay', () => {
  it('counts the dates from the first night to the morning it ends, in the property’s time zone', () => {
    // Friday 15:00 to Sunday 11:00 Oslo time: two nights.
    expect(nightCount(nightsOf(new Date('2027-06-04T13:00:00Z'), new Date('2027-06-06T09:00:00Z'), OSLO))).toBe(2);
    // An all-day event ending at local midnight ends on that day.
    expect(nightsOf(new Date('2027-06-03T22:00:00Z'), new Date('2027-06-06T22:00:00Z'), OSLO)).toEqual({ first: '2027-06-04', end: '2027-06-07' });
    // Within one day: no night, no stay.
    expect(nightCount(nightsOf(new Date('2027-06-04T08:00:00Z'), new Date('2027-06-04T16:00:00Z'), OSLO))).toBe(0);
  });

  it('counts a night across the change to summer time and back as one night each', () => {
    // 27–29 March 2027: clocks go forward on the 28th.
    expect(nightCount(nightsOf(new Date('2027-03-26T23:00:00Z'), new Date('2027-03-28T22:00:00Z'), OSLO))).toBe(2);
    // 30–31 October 2027: clocks go back on the 31st.
    expect(nightCount(nightsOf(new Date('2027-10-29T22:00:00Z'), new Date('2027-10-31T23:00:00Z'), OSLO))).toBe(2);
  });

  it('counts a stay over New Year in both years, by the date of each night', () => {
    expect([...nightsPerYear({ first: '2027-12-29', end: '2028-01-03' })]).toEqual([
      [2027, 3],
      [2028, 2],
    ]);
    // 31 December 23:30 Oslo time is still that year's night.
    expect(nightsOf(new Date('2027-12-31T22:30:00Z'), new Date('2028-01-01T10:00:00Z'), OSLO).first).toBe('2027-12-31');
  });
});

describe('the rules a stay is checked against', () => {
  it('breaks nothing without rules, and an event without a night is never checked', () => {
    expect(codes({}, '2027-01-02', '2027-03-01')).toEqual([]);
    expect(codes({ minNights: 3, minNoticeDays: 10 }, '2027-01-02', '2027-01-02')).toEqual([]);
  });

  it('asks for notice counted in days from today', () => {
    expect(codes({ minNoticeDays: 7 }, '2027-01-07', '2027-01-09')).toEqual(['stay_notice']);
    expect(codes({ minNoticeDays: 7 }, '2027-01-08', '2027-01-09')).toEqual([]);
  });

  it('keeps the length between the least and the most nights', () => {
    expect(codes({ minNights: 2, maxNights: 7 }, '2027-02-01', '2027-02-02')).toEqual(['stay_min_nights']);
    expect(codes({ minNights: 2, maxNights: 7 }, '2027-02-01', '2027-02-08')).toEqual([]);
    expect(codes({ minNights: 2, maxNights: 7 }, '2027-02-01', '2027-02-09')).toEqual(['stay_max_nights']);
  });

  it('refuses a stay with a night inside a blackout, both of its days included, and not one that leaves on its first day', () => {
    const blackouts = [{ from: '2027-07-01', to: '2027-07-31', label: 'Fellesferie' }];
    expect(codes({ blackouts }, '2027-07-31', '2027-08-02')).toEqual(['stay_blackout']);
    expect(codes({ blackouts }, '2027-06-28', '2027-07-01')).toEqual([]);
    expect(codes({ blackouts }, '2027-08-01', '2027-08-03')).toEqual([]);
  });

  it('counts the yearly limit per year, each year with the nights other stays take in it', () => {
    const used = new Map([
      [2027, 26],
      [2028, 0],
    ]);
    // 3 nights in 2027 (26 + 3 = 29 ≤ 30) and 2 in 2028.
    expect(codes({ maxOwnerNightsPerYear: 30 }, '2027-12-29', '2028-01-03', '2027-01-01', used)).toEqual([]);
    const broken = breaches({ ...NONE, maxOwnerNightsPerYear: 28 }, { first: '2027-12-29', end: '2028-01-03' }, '2027-01-01', used);
    expect(broken).toEqual([expect.objectContaining({ code: 'stay_yearly_limit', params: { year: 2027, limit: 28, used: 26, total: 29 } })]);
  });

  it('names every broken rule at once', () => {
    expect(codes({ minNoticeDays: 30, maxNights: 2, blackouts: [{ from: '2027-01-05', to: '2027-01-05', label: 'Vedlikehold' }] }, '2027-01-03', '2027-01-08')).toEqual([
      'stay_notice',
      'stay_max_nights',
      'stay_blackout',
    ]);
  });
});

describe('the stays past a yearly limit', () => {
  const stay = (name: string, first: string, end: string) => ({ name, stay: { first, end } });
  it('counts the year\'s nights in date order, each date once, and names the stays holding the nights after the limit', () => {
    const stays = [stay('a', '2027-12-28', '2028-01-03'), stay('b', '2027-06-01', '2027-06-05'), stay('c', '2027-06-03', '2027-06-08'), stay('d', '2027-07-01', '2027-07-03')];
    // 2027: 1–7 June (7 distinct nights, b and c overlap), 1–2 July, 28–31 December: 13 nights.
    expect(pastLimit(stays, 2027, 13)).toEqual([]);
    expect(pastLimit(stays, 2027, 9).map((p) => [p.of.name, p.nightsPast])).toEqual([['a', 4]]);
    expect(pastLimit(stays, 2027, 6).map((p) => [p.of.name, p.nightsPast])).toEqual([['a', 4], ['c', 1], ['d', 2]]);
    // The stay over New Year counts its 2028 nights in 2028 only.
    expect(pastLimit(stays, 2028, 1).map((p) => [p.of.name, p.nightsPast])).toEqual([['a', 1]]);
    expect(pastLimit(stays, 2027, 0)).toHaveLength(4);
  });
});
