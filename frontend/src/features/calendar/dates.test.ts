import { describe, expect, it } from 'vitest';
import { checkAddEvent } from './addEventForm';
import { daysCovered, isValidDateKey, toDateAfterFromChange, toMonthKey } from './dates';

describe('the to-date rule', () => {
  it('moves the to-date up when the from-date passes it, and leaves it otherwise', () => {
    expect(toDateAfterFromChange('2025-07-10', '2025-07-05')).toBe('2025-07-10');
    expect(toDateAfterFromChange('2025-07-03', '2025-07-05')).toBe('2025-07-05');
    expect(toDateAfterFromChange('2025-07-05', '2025-07-05')).toBe('2025-07-05');
    expect(toDateAfterFromChange('', '2025-07-05')).toBe('2025-07-05');
  });
});

describe('date keys and spans', () => {
  it('accepts only real dates', () => {
    expect(isValidDateKey('2025-02-28')).toBe(true);
    expect(isValidDateKey('2025-02-30')).toBe(false);
    expect(isValidDateKey('')).toBe(false);
    expect(isValidDateKey('28.02.2025')).toBe(false);
  });

  it('lists the days a span covers, with exclusive all-day and midnight ends', () => {
    expect(daysCovered(new Date(2025, 6, 1), new Date(2025, 6, 4), true)).toEqual(['2025-07-01', '2025-07-02', '2025-07-03']);
    expect(daysCovered(new Date(2025, 6, 1, 22), new Date(2025, 6, 2, 0), false)).toEqual(['2025-07-01']);
    expect(daysCovered(new Date(2025, 6, 1, 14), new Date(2025, 6, 2, 10), false)).toEqual(['2025-07-01', '2025-07-02']);
    expect(daysCovered(new Date(2025, 6, 1, 14), null, false)).toEqual(['2025-07-01']);
  });
});

describe('add-event submission rules', () => {
  const valid = { title: 'Eiersperre tid', fromDate: '2025-07-01', toDate: '2025-07-03', description: ' Hytta ' };

  it('builds the event: 11:00 on the from-date to 15:00 on the to-date, Oslo time, red', () => {
    expect(checkAddEvent(valid)).toEqual({
      ok: true,
      payload: {
        title: 'Eiersperre tid',
        description: 'Hytta',
        startTime: '2025-07-01T09:00:00Z',
        endTime: '2025-07-03T13:00:00Z',
        allDay: false,
        color: '#ef4444',
        routes: [],
      },
    });
  });

  it('ends on the start date when no end date is given', () => {
    const check = checkAddEvent({ ...valid, toDate: '' });
    expect(check.ok && check.payload.endTime).toBe('2025-07-01T13:00:00Z');
  });

  it('names the toast for each problem', () => {
    expect(checkAddEvent({ ...valid, title: '  ' })).toMatchObject({ ok: false, titleKey: 'calendar.addEvent.validationTitle' });
    expect(checkAddEvent({ ...valid, fromDate: '' })).toMatchObject({ ok: false, titleKey: 'calendar.addEvent.invalidStart' });
    expect(checkAddEvent({ ...valid, toDate: '2025-06-30' })).toMatchObject({ ok: false, titleKey: 'calendar.addEvent.invalidEnd' });
  });
});

describe('toMonthKey', () => {
  it('names the month by the local calendar', () => {
    expect(toMonthKey(new Date(2027, 0, 1, 0, 30))).toBe('2027-01');
  });
});
