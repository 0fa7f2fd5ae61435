import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { dayKeyAction, fullDateText, markActionFor, markedDayLabel, shiftDateKey } from './dayCells';
import type { MarkedDay } from './types';

const vacation: MarkedDay = { id: 3, userId: 7, date: '2025-07-10', markerType: 'vacation', color: '#3b82f6', notes: 'På hytta' };

describe('day cells from the keyboard', () => {
  it("opens the day with Enter or Space, marks it with 'm', the context-menu key or Shift+F10", () => {
    expect(dayKeyAction('Enter', false)).toEqual({ kind: 'open' });
    expect(dayKeyAction(' ', false)).toEqual({ kind: 'open' });
    for (const key of ['m', 'M', 'ContextMenu']) expect(dayKeyAction(key, false)).toEqual({ kind: 'mark' });
    expect(dayKeyAction('F10', true)).toEqual({ kind: 'mark' });
    expect(dayKeyAction('F10', false)).toBeNull();
    expect(dayKeyAction('a', false)).toBeNull();
  });

  it('moves a day with the side arrows and a week with up and down, across months and years', () => {
    expect(dayKeyAction('ArrowDown', false)).toEqual({ kind: 'move', days: 7 });
    expect(dayKeyAction('ArrowUp', false)).toEqual({ kind: 'move', days: -7 });
    expect(shiftDateKey('2025-06-30', 1)).toBe('2025-07-01');
    expect(shiftDateKey('2025-01-03', -7)).toBe('2024-12-27');
    // The night the clocks go forward is still one day.
    expect(shiftDateKey('2025-03-30', 1)).toBe('2025-03-31');
  });
});

describe('marked days for screen readers', () => {
  it('names the date as FullCalendar does, in each language', () => {
    expect(fullDateText('2025-07-10', 'nb')).toBe('10. juli 2025');
    expect(fullDateText('2025-07-10', 'en')).toBe('July 10, 2025');
  });

  it('says what a day is marked as, with its notes, and leaves an unmarked day to FullCalendar', () => {
    expect(markedDayLabel('2025-07-10', [vacation], i18n.getFixedT('nb'), 'nb')).toBe('10. juli 2025 (markert: Ferie: På hytta)');
    expect(markedDayLabel('2025-07-10', [{ ...vacation, notes: null }], i18n.getFixedT('en'), 'en')).toBe('July 10, 2025 (marked: Vacation)');
    expect(markedDayLabel('2025-07-10', [], i18n.getFixedT('nb'), 'nb')).toBeNull();
  });
});

describe('a right-click, long press or m on a day', () => {
  it('offers the mark a marked day has (to see and remove), not a second one the server would refuse', () => {
    expect(markActionFor([vacation])).toEqual({ kind: 'detail', mark: vacation });
    expect(markActionFor([])).toEqual({ kind: 'create' });
    expect(markActionFor(undefined)).toEqual({ kind: 'create' });
  });
});
