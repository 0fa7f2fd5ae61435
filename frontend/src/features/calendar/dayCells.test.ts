import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { NOT_A_DAY_CLICK, dayClickKeyAt, dayKeyAtPoint, dayKeyAction, fullDateText, markActionFor, markedDayLabel, shiftDateKey } from './dayCells';
import type { MarkedDay } from '../../api/types';

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

describe('day cells under a pointer', () => {
  /**
   * The shapes FullCalendar draws with data-date, inside the calendar's root, laid out by hand (jsdom lays nothing
   * out): the 10th's cell at 0-100 px down, whose decoration overhangs 3 px into the 11th's at 100-200 px; a popover
   * portalled outside the root.
   */
  function calendarDom() {
    const root = document.createElement('div');
    root.innerHTML = `
      <div role="columnheader" data-date="2025-07-07"><span id="header">man. 7.</span></div>
      <div role="table" data-date="2025-07"><span id="month-title">juli</span>
        <div role="cell" data-date="2025-07-10">
          <span id="number">10</span>
          <div role="presentation" id="overhang"></div>
          <span class="cal-marker" role="button" id="marker"></span>
          <div class="${NOT_A_DAY_CLICK}"><span class="cal-event" id="event">Airbnb</span></div>
          <a class="${NOT_A_DAY_CLICK}" id="more">+2 til</a>
        </div>
        <div role="cell" data-date="2025-07-11T00:00:00"><span id="lane"></span></div>
      </div>`;
    const popover = document.createElement('div');
    popover.innerHTML = '<div role="cell" data-date="2025-07-10"><span id="in-popover">Airbnb</span></div>';
    document.body.append(root, popover);
    const cells = root.querySelectorAll<HTMLElement>('[role="cell"]');
    cells[0].getBoundingClientRect = () => new DOMRect(0, 0, 100, 100);
    cells[1].getBoundingClientRect = () => new DOMRect(0, 100, 100, 100);
    const at = (id: string) => document.getElementById(id);
    return { root, at, cleanUp: () => [root, popover].forEach((el) => el.remove()) };
  }

  it('finds the day under a click on the day itself, never on what lies in it or outside the calendar', () => {
    const { root, at, cleanUp } = calendarDom();
    const click = (id: string, clientY = 50) => dayClickKeyAt(root, { target: at(id), clientX: 50, clientY });
    expect(click('number')).toBe('2025-07-10');
    expect(click('lane', 150)).toBe('2025-07-11');
    expect(click('overhang', 102), "the 10th's decoration over the 11th's top edge").toBe('2025-07-11');
    for (const id of ['marker', 'event', 'more', 'in-popover']) expect(click(id), id).toBeNull();
    // The column header and the month's title sit above the days.
    for (const id of ['header', 'month-title']) expect(click(id, -20), id).toBeNull();
    expect(dayClickKeyAt(root, { target: null, clientX: 50, clientY: 50 })).toBeNull();
    cleanUp();
  });

  it('finds the day under a right-click or long press by position, events and marks included', () => {
    const { root, cleanUp } = calendarDom();
    expect(dayKeyAtPoint(root, 50, 0)).toBe('2025-07-10');
    expect(dayKeyAtPoint(root, 99, 100)).toBe('2025-07-11');
    expect(dayKeyAtPoint(root, 50, 200), 'below the last cell').toBeNull();
    expect(dayKeyAtPoint(root, 100, 50), 'beside the cells').toBeNull();
    cleanUp();
  });
});
