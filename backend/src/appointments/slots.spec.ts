import { daysBetween, freeStaff, slotsOn, weekdayOf } from './slots';

const OSLO = 'Europe/Oslo';
const iso = (ms: number) => new Date(ms).toISOString();

describe('appointment slots', () => {
  it('reads weekdays and day ranges', () => {
    expect(weekdayOf('2026-06-01')).toBe(1);
    expect(weekdayOf('2026-06-07')).toBe(7);
    expect(daysBetween('2026-06-29', '2026-07-02')).toEqual(['2026-06-29', '2026-06-30', '2026-07-01', '2026-07-02']);
  });

  it('keeps wall times on the March and October switch days in Europe/Oslo', () => {
    const sunday = [{ weekday: 7, startTime: '01:00', endTime: '04:00', staff: [1] }];
    // 2026-03-29: 02:00 jumps to 03:00 (CET → CEST); 02:00 and 02:30 do not exist.
    expect(slotsOn(['2026-03-29'], sunday, 30, OSLO).map((s) => iso(s.start))).toEqual([
      '2026-03-29T00:00:00.000Z', '2026-03-29T00:30:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-29T01:30:00.000Z',
    ]);
    // 2026-10-25: 03:00 falls back to 02:00; 02:00 and 02:30 mean their first occurrence (still CEST).
    expect(slotsOn(['2026-10-25'], sunday, 30, OSLO).map((s) => iso(s.start))).toEqual([
      '2026-10-24T23:00:00.000Z', '2026-10-24T23:30:00.000Z', '2026-10-25T00:00:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-25T02:00:00.000Z', '2026-10-25T02:30:00.000Z',
    ]);
  });

  it('joins the staff of ranges sharing a slot and finds who is free', () => {
    const ranges = [{ weekday: 1, startTime: '09:00', endTime: '10:00', staff: [1] }, { weekday: 1, startTime: '09:30', endTime: '10:15', staff: [2] }];
    const slots = slotsOn(['2026-06-01'], ranges, 30, OSLO);
    expect(slots.map((s) => [iso(s.start), s.staff])).toEqual([['2026-06-01T07:00:00.000Z', [1]], ['2026-06-01T07:30:00.000Z', [1, 2]]]);
    const busy = [{ staffUserId: 1, start: Date.parse('2026-06-01T07:45:00Z'), end: Date.parse('2026-06-01T08:45:00Z') }];
    expect(freeStaff(slots[1], busy)).toEqual([2]);
    expect(freeStaff(slots[0], busy)).toEqual([1]);
  });
});
