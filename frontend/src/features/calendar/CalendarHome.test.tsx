/**
 * The calendar home against a real local HTTP server: a link's ?date= (a notification about a booking months ahead)
 * opens the month of that day with the day highlighted, and a new ?date= moves a calendar already on screen.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../test/localApi';
import type { User } from '../../api/types';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { CalendarHome } from './CalendarHome';

const ADMIN_FLAGS = { isAdmin: true };
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

const EMPTY_WINDOW = { events: [], markedDays: [], feedEvents: [] };

async function renderCalendarAt(path: string, user: User = OWNER, window: object = EMPTY_WINDOW) {
  api = await startApiForApp((req) => {
    if (req.path === '/api/user') return { json: user };
    if (req.path === '/api/calendar-window') return { json: window };
    if (req.path.startsWith('/api/ical-event-notes/event/')) return { json: { id: null, notes: null } };
    return { json: [] };
  });
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Navigator />
      <CalendarHome />
    </MemoryRouter>,
  );
}

const ownEvent = (id: number, title: string, isBinding = false) => ({
  id, userId: 1, title, description: null, startTime: '2025-06-10T09:00:00.000Z', endTime: '2025-06-10T11:00:00.000Z', allDay: false,
  color: '#ef4444', adminColorOverride: null, routes: [], source: isBinding ? { type: 'csv' } : null, location: null, isBinding,
});
const externalBooking = (id: string, title: string, type: string) => ({
  id, userId: 1, title, description: null, startTime: '2025-06-12', endTime: '2025-06-14', allDay: true, color: '#ec4899',
  source: { type, feedName: type === 'beds24' ? 'Beds24' : 'Airbnb', feedId: 5 }, location: null, isBinding: true,
});
const ADMIN_WINDOW = {
  events: [ownEvent(11, 'Egen hendelse'), ownEvent(12, 'Bindende hendelse', true)],
  markedDays: [],
  feedEvents: [externalBooking('ical-5-0123456789abcdef', 'Airbnb-gjest', 'ical'), externalBooking('beds24-6-fedcba9876543210', 'Beds24-gjest', 'beds24')],
};

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

describe('external bookings in an admin\'s calendar, whatever their source', () => {
  const ADMIN = { ...OWNER, id: 1, name: 'Ada Admin', ...ADMIN_FLAGS } as unknown as User;
  const eventEl = (title: string) => screen.getByText(title).closest('.cal-event') as HTMLElement;

  it('offer colour and delete only where the API takes them: neither on iCal or Beds24 bookings', async () => {
    await renderCalendarAt('/', ADMIN, ADMIN_WINDOW);
    await screen.findByText('Beds24-gjest', undefined, { timeout: 15_000 });
    const buttons = (title: string) => [...eventEl(title).querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
    expect(buttons('Egen hendelse')).toEqual(['Endre farge', 'Slett hendelse']);
    expect(buttons('Bindende hendelse')).toEqual(['Endre farge']);
    expect(buttons('Airbnb-gjest')).toEqual([]);
    expect(buttons('Beds24-gjest')).toEqual([]);
  });

  it('a Beds24 booking opens with its personal notes, as an iCal one does, and no delete', async () => {
    await renderCalendarAt('/', ADMIN, ADMIN_WINDOW);
    await userEvent.click(await screen.findByText('Beds24-gjest', undefined, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Personlige notater')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Slett' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/ical-event-notes/event/beds24-6-fedcba9876543210')).toBe(true));
  });
});
