import { describe, expect, it } from 'vitest';
import { forgetKeptCalendar, keepFeedCount, keepWindow, keptFeedCount, keptWindow } from './keptWindows';

const range = (month: number) => ({ startDate: `2027-${String(month).padStart(2, '0')}-01T00:00:00.000Z`, endDate: `2027-${String(month + 1).padStart(2, '0')}-01T00:00:00.000Z` });

describe('kept calendar windows', () => {
  it('gives a user back the windows they read, never another user, and forgets them at logout', () => {
    const storage = window.localStorage;
    storage.clear();
    keepWindow(7, range(1), { events: ['a'] }, storage);
    keepWindow(7, range(2), { events: ['b'] }, storage);
    expect(keptWindow(7, range(1), storage)).toEqual({ events: ['a'] });
    expect(keptWindow(8, range(1), storage)).toBeUndefined();
    // Another user's read replaces them.
    keepWindow(8, range(1), { events: ['c'] }, storage);
    expect(keptWindow(7, range(2), storage)).toBeUndefined();
    forgetKeptCalendar(storage);
    expect(keptWindow(8, range(1), storage)).toBeUndefined();
  });

  it('keeps the six newest windows and survives unreadable storage', () => {
    const storage = window.localStorage;
    storage.clear();
    for (let m = 1; m <= 8; m++) keepWindow(7, range(m), { m }, storage);
    expect(keptWindow(7, range(2), storage)).toBeUndefined();
    expect(keptWindow(7, range(3), storage)).toEqual({ m: 3 });
    storage.setItem('keptCalendarWindows', '{not json');
    expect(keptWindow(7, range(3), storage)).toBeUndefined();
  });

  it("keeps the user's feed count beside their windows, and forgets it with them", () => {
    const storage = window.localStorage;
    storage.clear();
    keepWindow(7, range(1), { m: 1 }, storage);
    keepFeedCount(7, 0, storage);
    keepWindow(7, range(2), { m: 2 }, storage);
    expect(keptFeedCount(7, storage)).toBe(0);
    expect(keptWindow(7, range(1), storage)).toEqual({ m: 1 });
    expect(keptFeedCount(8, storage)).toBeUndefined();
    keepFeedCount(8, 2, storage);
    expect(keptWindow(7, range(1), storage)).toBeUndefined();
    expect(keptFeedCount(8, storage)).toBe(2);
    forgetKeptCalendar(storage);
    expect(keptFeedCount(8, storage)).toBeUndefined();
  });
});
