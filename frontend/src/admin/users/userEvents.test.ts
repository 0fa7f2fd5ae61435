// @vitest-environment node
/** The user-calendar dialog's rules: the window it reads, how times are written, and the create-event checks. */
import { describe, expect, it } from 'vitest';
import { calendarWindow, checkNewEvent, describeWhen, eventRows, type UserCalendarEvent } from './userEvents';

function event(changes: Partial<UserCalendarEvent>): UserCalendarEvent {
  return { id: 1, title: 'Eiersperre tid', description: null, startTime: '2025-07-01T09:00:00Z', endTime: '2025-07-01T13:00:00Z', allDay: false, color: '#ef4444', source: null, isBinding: false, ...changes };
}

describe('calendarWindow', () => {
  it('reads whole months from the first of the month, end exclusive', () => {
    expect(calendarWindow(new Date(2025, 5, 17), 3)).toEqual({ startDate: '2025-06-01', endDate: '2025-09-01' });
    expect(calendarWindow(new Date(2025, 11, 31), 1)).toEqual({ startDate: '2025-12-01', endDate: '2026-01-01' });
  });
});

describe('checkNewEvent', () => {
  // The event it builds is checkAddEvent's (calendar/dates.test.ts); here: the back office's texts per refusal.
  const values = { title: 'Eiersperre tid', fromDate: '2025-07-01', toDate: '2025-07-03', description: '' };

  it('passes a valid form on as the calendar builds it', () => {
    expect(checkNewEvent(values)).toMatchObject({ ok: true, payload: { startTime: '2025-07-01T09:00:00Z', endTime: '2025-07-03T13:00:00Z' } });
  });

  it("refuses with the documented texts: blank title, bad start, end before start", () => {
    expect(checkNewEvent({ ...values, title: '  ' })).toMatchObject({ ok: false, field: 'title', titleKey: 'resources.users.createEvent.validationTitle' });
    expect(checkNewEvent({ ...values, fromDate: '2025-02-30' })).toMatchObject({ ok: false, field: 'fromDate', titleKey: 'resources.users.createEvent.invalidStart' });
    expect(checkNewEvent({ ...values, toDate: '2025-06-30' })).toMatchObject({ ok: false, field: 'toDate', titleKey: 'resources.users.createEvent.invalidEnd' });
  });
});

describe('describeWhen and eventRows', () => {
  it('writes timed events with times and all-day bookings as dates, the exclusive end taken back a day', () => {
    // Local times: the test environment's zone decides the wall clock, so the instants are built locally.
    const start = new Date(2025, 6, 1, 11, 0).toISOString();
    expect(describeWhen({ startTime: start, endTime: new Date(2025, 6, 1, 15, 0).toISOString(), allDay: false })).toBe('01.07.2025 11:00 – 15:00');
    expect(describeWhen({ startTime: start, endTime: new Date(2025, 6, 3, 15, 0).toISOString(), allDay: false })).toBe('01.07.2025 11:00 – 03.07.2025 15:00');
    expect(describeWhen({ startTime: '2025-07-04', endTime: '2025-07-07', allDay: true })).toBe('04.07.2025 – 06.07.2025');
    expect(describeWhen({ startTime: '2025-07-04', endTime: '2025-07-05', allDay: true })).toBe('04.07.2025');
  });

  it('puts own events and bookings in one list, earliest first, bookings with their feed name', () => {
    const rows = eventRows({
      events: [event({ id: 5, title: 'Maling', startTime: new Date(2025, 6, 10, 11).toISOString(), description: '  ' })],
      bookings: [event({ id: 'ical-2-9', title: 'Reserved', startTime: '2025-07-04', endTime: '2025-07-07', allDay: true, color: '#ec4899', source: { type: 'ical', feedName: 'Airbnb Hytta' }, isBinding: true })],
    });
    expect(rows.map((r) => [r.key, r.title, r.feedName, r.isBooking, r.description])).toEqual([
      ['ical-ical-2-9', 'Reserved', 'Airbnb Hytta', true, null],
      ['event-5', 'Maling', null, false, null],
    ]);
  });
});
