import { describe, expect, it } from 'vitest';
import { whenTexts } from '../features/calendar/components/EventDetailDialog';
import { formatDate, formatDateTime, formatTime } from './dateFormats';

describe('dates and times as the app writes them, in both languages', () => {
  const afternoon = new Date(2025, 6, 1, 15, 5);

  it('writes dd.MM.yyyy and 24-hour HH:mm', () => {
    expect(formatDate(afternoon)).toBe('01.07.2025');
    expect(formatTime(afternoon)).toBe('15:05');
    expect(formatDateTime(afternoon)).toBe('01.07.2025 15:05');
    expect(formatDateTime(afternoon.toISOString())).toBe('01.07.2025 15:05');
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime('not a date')).toBeNull();
  });

  it("gives the event detail a 24-hour time range, never 'AM'/'PM'", () => {
    const at = (day: number, hour: number) => new Date(2025, 6, day, hour).toISOString();
    expect(whenTexts({ startTime: at(1, 11), endTime: at(1, 15), allDay: false })).toEqual({ date: '01.07.2025', time: '11:00 – 15:00' });
    expect(whenTexts({ startTime: at(1, 11), endTime: at(3, 15), allDay: false })).toEqual({ date: '01.07.2025 – 03.07.2025', time: '11:00 – 15:00' });
    expect(whenTexts({ startTime: at(1, 23), endTime: null, allDay: false })).toEqual({ date: '01.07.2025', time: '23:00' });
    // All-day ends are exclusive: 1 to 3 July covers the 1st and 2nd.
    expect(whenTexts({ startTime: '2025-07-01', endTime: '2025-07-03', allDay: true })).toEqual({ date: '01.07.2025 – 02.07.2025', time: null });
  });
});
