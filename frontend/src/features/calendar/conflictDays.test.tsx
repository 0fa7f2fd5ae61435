/**
 * Double-booked days (docs/architecture.md "Double bookings"): every day of a conflict's [from, to) is marked in the
 * calendar with a tint, an icon and the word, and its cell is named as double-booked; the check-out day is not.
 */
import { screen, waitFor } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../test/localApi';
import type { User } from '../../api/types';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { CalendarHome } from './CalendarHome';
import { conflictDays, dayCellLabel } from './dayCells';

const OWNER = { id: 7, username: 'ole@example.com', email: 'ole@example.com', name: 'Ole Eier', isAdmin: false, isMiniAdmin: false } as unknown as User;
const booking = (id: string, title: string, type: string, startTime: string, endTime: string) => ({
  id, userId: 7, title, description: null, startTime, endTime, allDay: true, color: '#ec4899',
  source: { type, feedName: type === 'beds24' ? 'Beds24' : 'Booking.com', feedId: 5 }, location: null, isBinding: true,
});
const WINDOW = {
  events: [],
  markedDays: [{ id: 1, userId: 7, date: '2025-06-13', markerType: 'vacation', color: null, notes: null }],
  feedEvents: [
    booking('ical-5-0123456789abcdef', 'Reserved', 'ical', '2025-06-11', '2025-06-15'),
    booking('beds24-6-fedcba9876543210', 'Kari', 'beds24', '2025-06-12', '2025-06-14'),
  ],
  conflicts: [{ a: 'beds24-6-fedcba9876543210', b: 'ical-5-0123456789abcdef', from: '2025-06-12', to: '2025-06-14' }],
};

let api: LocalApi;
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(async () => {
  await api?.close();
});

const dayCell = (key: string) => document.querySelector<HTMLElement>(`[data-date="${key}"]:not([role="columnheader"])`);

describe('double-booked days', () => {
  it('are the days of [from, to), the check-out day left out', () => {
    expect([...conflictDays([{ a: 1, b: 'ical-1-x', from: '2025-06-30', to: '2025-07-02' }])]).toEqual(['2025-06-30', '2025-07-01']);
    expect(conflictDays([{ a: 1, b: 'ical-1-x', from: '2025-06-30', to: '2025-06-30' }]).size).toBe(0);
  });

  it('name the day as double-booked, before what it is marked as', () => {
    const t = ((key: string, params?: Record<string, string>) => (key === 'calendar.conflict.cellLabel' ? '(dobbeltbooking)' : `(markert: ${params?.types})`)) as unknown as TFunction;
    expect(dayCellLabel('2025-06-12', [], true, t, 'nb')).toBe('12. juni 2025 (dobbeltbooking)');
    expect(dayCellLabel('2025-06-12', [], false, t, 'nb')).toBeNull();
  });

  it('show in the month with colour, an icon and the word, and in the cell’s accessible name', async () => {
    api = await startApiForApp((req) => {
      if (req.path === '/api/user') return { json: OWNER };
      if (req.path === '/api/calendar-window') return { json: WINDOW };
      return { json: [] };
    });
    renderWithApp(
      <MemoryRouter initialEntries={['/?date=2025-06-12']}>
        <CalendarHome />
      </MemoryRouter>,
    );
    await waitFor(() => expect(dayCell('2025-06-12')).toHaveClass('cal-day-conflict'));
    for (const key of ['2025-06-12', '2025-06-13']) {
      const cell = dayCell(key)!;
      expect(cell).toHaveClass('cal-day-conflict');
      const sign = cell.querySelector('.cal-conflict')!;
      expect(sign.querySelector('svg')).not.toBeNull();
      expect(sign).toHaveTextContent('Dobbeltbooking');
      expect(cell.getAttribute('aria-label')).toMatch(/dobbeltbooking/);
    }
    // The marked day keeps its mark in the name as well.
    expect(dayCell('2025-06-13')!.getAttribute('aria-label')).toMatch(/\(dobbeltbooking\).*markert/);
    for (const key of ['2025-06-11', '2025-06-14']) {
      expect(dayCell(key)).not.toHaveClass('cal-day-conflict');
      expect(dayCell(key)!.querySelector('.cal-conflict')).toBeNull();
    }
    expect(screen.getAllByText('Dobbeltbooking').length).toBeGreaterThanOrEqual(2);
  });
});
