/**
 * The calendar home against a real local HTTP server: a link's ?date= (a notification about a booking months ahead)
 * opens the month of that day with the day highlighted, and a new ?date= moves a calendar already on screen.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../admin/testing/localApi';
import type { User } from '../../api/types';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { CalendarHome } from './CalendarHome';

const OWNER = { id: 7, username: 'ole@example.com', email: 'ole@example.com', name: 'Ole Eier', isAdmin: false, isMiniAdmin: false } as unknown as User;

let api: LocalApi;
let navigateTo: (to: string) => void = () => undefined;

function Navigator() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateTo = (to) => void navigate(to);
  }, [navigate]);
  return null;
}

beforeAll(() => {
  // jsdom has no layout: the calendar measures its width with a ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(async () => {
  await api?.close();
});

async function renderCalendarAt(path: string) {
  api = await startApiForApp((req) => {
    if (req.path === '/api/user') return { json: OWNER };
    if (req.path === '/api/calendar-window') return { json: { events: [], markedDays: [], feedEvents: [] } };
    return { json: [] };
  });
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Navigator />
      <CalendarHome />
    </MemoryRouter>,
  );
}

const dayCell = (key: string) => document.querySelector(`[data-date="${key}"]`);

describe('the calendar at a link\'s ?date=', () => {
  it('opens the month of that day, with the day highlighted, and reads that window', async () => {
    await renderCalendarAt('/?date=2025-11-14');
    await waitFor(() => expect(dayCell('2025-11-14')).not.toBeNull());
    expect(screen.getAllByText(/november 2025/i).length).toBeGreaterThan(0);
    expect(dayCell('2025-11-14')).toHaveClass('cal-focus-day');
    expect(document.querySelectorAll('.cal-focus-day')).toHaveLength(1);
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/calendar-window' && r.query.get('startDate')?.startsWith('2025-1'))).toBe(true));
  });

  it('without ?date= (or with one that names no day) opens today\'s month and highlights nothing', async () => {
    await renderCalendarAt('/?date=2025-02-30');
    await waitFor(() => expect(dayCell('2025-06-02')).not.toBeNull());
    expect(document.querySelectorAll('.cal-focus-day')).toHaveLength(0);
  });

  it('a new ?date= moves a calendar already on screen', async () => {
    await renderCalendarAt('/');
    await waitFor(() => expect(dayCell('2025-06-02')).not.toBeNull());
    act(() => navigateTo('/?date=2026-03-05'));
    await waitFor(() => expect(dayCell('2026-03-05')).toHaveClass('cal-focus-day'));
  });
});
