import { describe, expect, it } from 'vitest';
import { adjacentWindow, firstMonthShown, monthGridRange, neighbourWindows, openingRange, openingView } from './neighbourWindows';
import { FC_VIEWS } from './viewNames';

const local = (y: number, m: number, d: number) => new Date(y, m, d).toISOString();

describe('neighbourWindows', () => {
  it("is FullCalendar's month grid: six weeks from the Monday on or before the 1st", () => {
    // November 2026 starts on a Sunday: the grid runs from Monday 26 October to Sunday 6 December.
    expect(monthGridRange(2026, 10)).toEqual({ startDate: local(2026, 9, 26), endDate: local(2026, 11, 7) });
    // February 2027 starts on a Monday: the grid starts on the 1st.
    expect(monthGridRange(2027, 1)).toEqual({ startDate: local(2027, 1, 1), endDate: local(2027, 2, 15) });
  });

  it('gives the next and the previous month of a month grid, across a year', () => {
    const december = monthGridRange(2026, 11);
    expect(neighbourWindows(december, FC_VIEWS.oneMonth)).toEqual([monthGridRange(2027, 0), monthGridRange(2026, 10)]);
  });

  it('steps one month grid forward or back, the range FullCalendar then reports', () => {
    const december = monthGridRange(2026, 11);
    expect(adjacentWindow(december, FC_VIEWS.oneMonth, 1)).toEqual(monthGridRange(2027, 0));
    expect(adjacentWindow(december, FC_VIEWS.oneMonth, -1)).toEqual(monthGridRange(2026, 10));
    expect(adjacentWindow(december, FC_VIEWS.week, 1)).toBeNull();
  });

  it('gives nothing for the other views or before a range is known', () => {
    expect(neighbourWindows(monthGridRange(2026, 10), FC_VIEWS.threeMonth)).toEqual([]);
    expect(neighbourWindows(null, FC_VIEWS.oneMonth)).toEqual([]);
  });
});

describe('the range the calendar opens on', () => {
  it("is the phone's month grid of the link's date, known before FullCalendar runs", () => {
    expect(openingRange(true, '2027-03-15')).toEqual(monthGridRange(2027, 2));
  });

  it('is not known in advance on a desktop, whose views FullCalendar names', () => {
    expect(openingRange(false)).toBeNull();
  });
});

describe('the month a window shows first', () => {
  it('is the month of the grid, not the month its first days belong to', () => {
    // December 2026's grid starts on Monday 30 November: a window that holds that day, yet shows December.
    expect(monthGridRange(2026, 11).startDate).toBe(local(2026, 10, 30));
    expect(firstMonthShown(monthGridRange(2026, 11))).toBe('2026-12');
    expect(firstMonthShown(monthGridRange(2027, 1))).toBe('2027-02');
  });

  it("is the first of a desktop's three months", () => {
    expect(firstMonthShown({ startDate: local(2026, 9, 1), endDate: local(2027, 0, 1) })).toBe('2026-10');
  });

  it('belongs to the view a visit opens on: one month on a phone, three on a desktop', () => {
    expect(openingView(true)).toBe(FC_VIEWS.oneMonth);
    expect(openingView(false)).toBe(FC_VIEWS.threeMonth);
  });
});
