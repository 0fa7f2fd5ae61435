/**
 * The calendar home against a real local HTTP server: a link's ?date= (a notification about a booking months ahead)
 * opens the month of that day with the day highlighted, and a new ?date= moves a calendar already on screen.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../test/localApi';
import type { User } from '../../api/types';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { setDevicePreference } from '../../shared/devicePreference';
import { CalendarHome } from './CalendarHome';
import type { YearNights } from './nights';

const ADMIN_FLAGS = { isAdmin: true };
const OWNER = { id: 7, username: 'ole@example.com', email: 'ole@example.com', name: 'Ole Eier', isAdmin: false, isMiniAdmin: false } as unknown as User;

let api: LocalApi;
let navigateTo: (to: string) => void = () => undefined;

let currentPath = '';
function Navigator() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    currentPath = pathname + search;
  }, [pathname, search]);
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

async function renderCalendarAt(path: string, user: User = OWNER, window: object = EMPTY_WINDOW, others: Record<string, object> = {}) {
  api = await startApiForApp((req) => {
    if (req.path === '/api/user') return { json: user };
    if (req.path === '/api/calendar-window') return { json: window };
    if (others[req.path]) return { json: others[req.path] };
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

  it('draw bars with no control inside them (each bar is a button); the dialog offers the colour where the API takes it', async () => {
    await renderCalendarAt('/', ADMIN, ADMIN_WINDOW);
    await screen.findByText('Beds24-gjest', undefined, { timeout: 15_000 });
    for (const title of ['Egen hendelse', 'Bindende hendelse', 'Airbnb-gjest', 'Beds24-gjest']) expect(eventEl(title).querySelector('button')).toBeNull();
    await userEvent.click(screen.getByText('Egen hendelse'));
    expect(within(await screen.findByRole('dialog')).getByRole('group', { name: 'Endre farge' })).toBeInTheDocument();
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

describe("a double booking's link for staff (?user=)", () => {
  const ADMIN = { ...OWNER, id: 1, name: 'Ada Admin', ...ADMIN_FLAGS } as unknown as User;
  const OWNERS_CALENDAR = {
    user: { id: 7, name: 'Ole Eier', username: 'ole@example.com' },
    events: [],
    icalEvents: [externalBooking('ical-5-0123456789abcdef', 'Airbnb-gjest', 'ical'), externalBooking('beds24-6-fedcba9876543210', 'Beds24-gjest', 'beds24')],
    conflicts: [{ a: 'beds24-6-fedcba9876543210', b: 'ical-5-0123456789abcdef', from: '2025-06-12', to: '2025-06-14' }],
  };
  const others = { '/api/admin/user-calendar/7': OWNERS_CALENDAR, '/api/admin/user-marked-days/7': [] };

  it("switches a calendar already on screen to the owner's, at the day, with the double booking marked as the owner sees it", async () => {
    await renderCalendarAt('/', ADMIN, EMPTY_WINDOW, others);
    await waitFor(() => expect(dayCell('2025-06-02')).not.toBeNull());
    expect(api.requests.some((r) => r.path.startsWith('/api/admin/user-calendar'))).toBe(false);
    act(() => navigateTo('/?date=2025-06-12&user=7'));
    expect(await screen.findByText(/Ole Eier/, undefined, { timeout: 15_000 })).toBeInTheDocument();
    await waitFor(() => expect(dayCell('2025-06-12')).toHaveClass('cal-day-conflict'));
    expect(dayCell('2025-06-13')).toHaveClass('cal-day-conflict');
    expect(dayCell('2025-06-14')).not.toHaveClass('cal-day-conflict');
    expect(dayCell('2025-06-12')).toHaveClass('cal-focus-day');
  });

  it('opens at the owner when the calendar is not yet on screen, and the own id is the own calendar', async () => {
    await renderCalendarAt('/?date=2025-06-12&user=7', ADMIN, EMPTY_WINDOW, others);
    await waitFor(() => expect(dayCell('2025-06-12')).toHaveClass('cal-day-conflict'));
    act(() => navigateTo('/?user=1'));
    await waitFor(() => expect(dayCell('2025-06-12')).not.toHaveClass('cal-day-conflict'));
    expect(screen.queryByText(/Ole Eier/)).not.toBeInTheDocument();
  });
});

describe("an admin recolouring an event", () => {
  const ADMIN = { ...OWNER, id: 1, name: 'Ada Admin', ...ADMIN_FLAGS } as unknown as User;

  it('picks the colour in the event\'s dialog, on a phone as on a computer', async () => {
    setDevicePreference('mobile');
    try {
      await renderCalendarAt('/', ADMIN, { events: [ownEvent(11, 'Vask')], markedDays: [], feedEvents: [externalBooking('ical-5-0123456789abcdef', 'Gjest', 'ical')] });
      const bar = await screen.findByText('Vask', undefined, { timeout: 15_000 });
      expect(bar.closest('.cal-event')?.querySelector('button')).toBeNull();
      await userEvent.click(bar);
      const dialog = await screen.findByRole('dialog');
      const palette = within(dialog).getByRole('group', { name: 'Endre farge' });
      await userEvent.click(within(palette).getByRole('button', { name: 'Grønn' }));
      await waitFor(() => expect(api.requests.some((r) => r.method === 'PUT' && r.path === '/api/admin/events/11/color')).toBe(true));
      expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({ color: '#16a34a' });
      // A booking has no colour of its own to change.
      await userEvent.click(await screen.findByText('Gjest'));
      expect(within(await screen.findByRole('dialog')).queryByRole('group', { name: 'Endre farge' })).toBeNull();
    } finally {
      setDevicePreference('auto');
    }
  });
});

describe("an owner's meetings in the calendar", () => {
  const agreement = (id: number, title: string, status: string) => ({
    id, adminId: 1, userId: 7, userName: 'Ole Eier', adminName: 'Ada Admin', title, description: null, meetingDate: '2025-06-18T08:00:00.000Z', endDate: null,
    meetingLocation: 'Kontoret', location: 'Kontoret', meetingType: 'general', status, completedAt: null, cancelledAt: null, reminderSent: false,
    createdAt: '2025-05-01T10:00:00.000Z', updatedAt: '2025-05-01T10:00:00.000Z',
  });
  const others = { '/api/admin-agreements': [agreement(12, 'Befaring', 'scheduled'), agreement(13, 'Avlyst møte', 'cancelled')] };

  it('are drawn read-only beside the rest, the cancelled left out, and open their agreement', async () => {
    await renderCalendarAt('/', OWNER, EMPTY_WINDOW, others);
    const meeting = await screen.findByText('Befaring', undefined, { timeout: 15_000 });
    expect(screen.queryByText('Avlyst møte')).not.toBeInTheDocument();
    // Not a day the owner blocked: no tint.
    expect(dayCell('2025-06-18')).not.toHaveClass('cal-day-user');
    await userEvent.click(meeting);
    await waitFor(() => expect(currentPath).toBe('/user/agreements/12'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('are not read for staff, whose agreement list is every owner\'s', async () => {
    const ADMIN = { ...OWNER, id: 1, name: 'Ada Admin', ...ADMIN_FLAGS } as unknown as User;
    await renderCalendarAt('/', ADMIN, EMPTY_WINDOW, others);
    await waitFor(() => expect(dayCell('2025-06-18')).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.requests.some((r) => r.path === '/api/admin-agreements')).toBe(false);
    expect(screen.queryByText('Befaring')).not.toBeInTheDocument();
  });
});

describe('a person with two properties', () => {
  const property = (id: number, name: string, role: string) => ({ id, name, address: null, timezone: 'Europe/Oslo', role, share: role === 'viewer' ? null : '100.00', canSeeMoney: role !== 'viewer' });
  const windowOf = (title: string) => ({ events: [{ ...ownEvent(21, title), userId: 7 }], markedDays: [], feedEvents: [externalBooking('ical-5-0123456789abcdef', `Gjest i ${title}`, 'ical')] });

  async function renderTwoProperties(properties: object[]) {
    api = await startApiForApp((req) => {
      if (req.path === '/api/user') return { json: OWNER };
      if (req.path === '/api/properties') return { json: properties };
      // Each property its own window: the first without propertyId, the flat with it.
      if (req.path === '/api/calendar-window') return { json: req.query.get('propertyId') === '9' ? windowOf('Leiligheten') : windowOf('Hytta') };
      if (req.path.startsWith('/api/ical-event-notes/event/')) return { json: { id: null, notes: null } };
      return { json: [] };
    });
    renderWithApp(
      <MemoryRouter initialEntries={['/']}>
        <Navigator />
        <CalendarHome />
      </MemoryRouter>,
    );
  }

  it("switches the calendar to the other property, and a viewer's calendar offers no change", async () => {
    await renderTwoProperties([property(3, 'Hytta', 'owner'), property(9, 'Leiligheten', 'viewer')]);
    expect(await screen.findByText('Hytta', { selector: '.cal-event *' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Legg til hendelse' })).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path === '/api/calendar-window').every((r) => !r.query.has('propertyId'))).toBe(true);

    await userEvent.click(await screen.findByRole('combobox', { name: 'Eiendom' }, { timeout: 15_000 }));
    await userEvent.click(screen.getByRole('option', { name: 'Leiligheten (leser)' }));
    await waitFor(() => expect(currentPath).toBe('/?property=9'));
    expect(await screen.findByText('Leiligheten', { selector: '.cal-event *' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(api.requests.some((r) => r.path === '/api/calendar-window' && r.query.get('propertyId') === '9')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Legg til hendelse' })).not.toBeInTheDocument();
    // The meetings drawn are the shown property's: the first's without propertyId, the flat's with it.
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/admin-agreements' && r.query.get('propertyId') === '9')).toBe(true));
    expect(api.requests.some((r) => r.path === '/api/admin-agreements' && !r.query.has('propertyId'))).toBe(true);

    // A booking's note is the property's: read with its id, and a viewer gets no button to write one.
    await userEvent.click(screen.getByText('Gjest i Leiligheten'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Ingen notater')).toBeInTheDocument();
    expect(api.requests.some((r) => r.path === '/api/ical-event-notes/event/ical-5-0123456789abcdef' && r.query.get('propertyId') === '9')).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Legg til notat' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    // Back to the first: the plain address again.
    await userEvent.click(screen.getByRole('combobox', { name: 'Eiendom' }));
    await userEvent.click(screen.getByRole('option', { name: 'Hytta' }));
    await waitFor(() => expect(currentPath).toBe('/'));
    expect(await screen.findByText('Hytta', { selector: '.cal-event *' })).toBeInTheDocument();
  });

  it('with one property shows no choice', async () => {
    await renderTwoProperties([property(3, 'Hytta', 'owner')]);
    expect(await screen.findByText('Hytta', { selector: '.cal-event *' }, { timeout: 15_000 })).toBeInTheDocument();
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/properties')).toBe(true));
    expect(screen.queryByRole('combobox', { name: 'Eiendom' })).not.toBeInTheDocument();
  });
});

describe("the nights panel of the property shown", () => {
  const HYTTA = { id: 7, name: 'Hytta', address: null, timezone: 'Europe/Oslo', role: 'owner', share: '100', canSeeMoney: true };
  const NIGHTS: YearNights = {
    propertyId: 7, year: 2026, ownerNights: 5, ownerNightsLimit: 14, ownerNightsLeft: 9, rentalDays: 0, housingType: 'borettslag', rentalDayLimit: 30,
    rentalDaysLeft: 30, pastLimit: [], pendingRequests: 0, forgoneIncome: null,
  };
  const nightsRequests = () => api.requests.filter((r) => r.path === '/api/properties/7/nights');

  // It waits for the page's first calendar paint (shared/firstCalendarPaint.ts), which an earlier test in this file has
  // had already: the order of the reads is the browser test's and the phone bench's to see, not this file's.
  it("reads the year of the calendar's month and follows a move to another year", async () => {
    await renderCalendarAt('/?date=2026-03-05', OWNER, EMPTY_WINDOW, { '/api/properties': [HYTTA], '/api/properties/7/nights': NIGHTS });
    const panel = await screen.findByRole('region', { name: 'Netter i 2026' }, { timeout: 15_000 });
    expect(within(panel).getByText('5 av 14 brukt · 9 igjen')).toBeInTheDocument();
    expect(nightsRequests().map((r) => r.query.get('year'))).toEqual(['2026']);

    act(() => navigateTo('/?date=2027-01-20'));
    await waitFor(() => expect(nightsRequests().map((r) => r.query.get('year'))).toEqual(['2026', '2027']));
  });

  it('shows nothing for a property without limits or rentals', async () => {
    const plain = { ...NIGHTS, ownerNightsLimit: null, ownerNightsLeft: null, housingType: null, rentalDayLimit: null, rentalDaysLeft: null };
    await renderCalendarAt('/?date=2026-03-05', OWNER, EMPTY_WINDOW, { '/api/properties': [HYTTA], '/api/properties/7/nights': plain });
    await waitFor(() => expect(nightsRequests()).toHaveLength(1), { timeout: 15_000 });
    await waitFor(() => expect(dayCell('2026-03-05')).not.toBeNull());
    expect(screen.queryByRole('region', { name: /^Netter i/ })).toBeNull();
  });
});
