/**
 * The users table's calendar actions as the main app mounts the back office, against a real local HTTP server
 * playing the API: 'Vis kalender' (the user-calendar dialog, its first read with force_refresh and its 30 s poll),
 * 'Opprett hendelse for bruker' from the dialog and from the row, 'Forny iCal-lenke' behind its confirmation,
 * and none of it for mini admins.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addMonths, format, parseISO, startOfMonth } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../authProvider';
import { startLocalApi, type LocalApi, type RecordedRequest } from '../../test/localApi';
import { openRowMenu, renderAdmin, rowOf } from '../testing/renderAdmin';
import { osloWallClockToIso } from '../../features/calendar/osloWallClock';
import { TEST_NOW, installTestClock } from '../../test/clock';
import { findDateInput, typeDate } from '../../test/dateFields';
import type { UserCalendarEvent } from './userEvents';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };
const ole = { id: 3, username: 'ole@example.com', name: 'Ole Owner', email: 'ole@example.com', isAdmin: false, isMiniAdmin: false };
const users = [ada, mia, ole].map((u) => ({ ...u, isBlocked: false, blockReason: null, lastLoginAt: null }));

// The dialog opens on the current month and shows three months; the fixtures sit inside that window.
const monthStart = startOfMonth(TEST_NOW);
const day = (n: number) => format(new Date(monthStart.getFullYear(), monthStart.getMonth(), n), 'yyyy-MM-dd');
// A day as the date fields show it (docs/product/calendar.md#validation-and-limits).
const shown = (value: string | Date) => format(typeof value === 'string' ? parseISO(value) : value, 'dd.MM.yyyy');
const firstWindow = { startDate: format(monthStart, 'yyyy-MM-dd'), endDate: format(addMonths(monthStart, 3), 'yyyy-MM-dd') };

const ownEvent: UserCalendarEvent = {
  id: 5,
  title: 'Maling av terrassen',
  description: 'Husk stillas',
  startTime: osloWallClockToIso(day(3), '11:00'),
  endTime: osloWallClockToIso(day(3), '15:00'),
  allDay: false,
  color: '#ef4444',
  source: null,
  isBinding: false,
};
const booking: UserCalendarEvent = {
  id: 'ical-4-17',
  title: 'Reserved',
  description: null,
  startTime: day(10),
  endTime: day(13),
  allDay: true,
  color: '#ec4899',
  source: { type: 'ical', feedName: 'Airbnb Hytta' },
  isBinding: true,
};

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup(); // unmount first: react-admin may still be fetching from the server we are about to close
  vi.useRealTimers();
  await api?.close();
  api = undefined;
});

async function openAdmin(me: CurrentUser) {
  const events = [ownEvent];
  api = await startLocalApi((req: RecordedRequest) => {
    if (req.path === '/api/user') return { json: me };
    if (req.method === 'GET' && req.path === '/api/admin/users') return { json: users, headers: { 'Content-Range': 'users 0-2/3' } };
    if (req.method === 'GET' && req.path === '/api/admin/user-calendar/3') {
      // Only the first window holds anything, so moving on shows the empty text.
      const first = req.query.get('startDate') === firstWindow.startDate;
      return { json: { user: ole, events: first ? events : [], icalEvents: first ? [booking] : [] } };
    }
    if (req.method === 'POST' && req.path === '/api/admin/user-events/3') {
      const created = { ...(req.body as UserCalendarEvent), id: 6, source: null, isBinding: false };
      events.push(created);
      return { status: 201, json: created };
    }
    if (req.method === 'POST' && req.path === '/api/admin/user-events/2') return { status: 404, json: { message: 'Brukeren finnes ikke' } };
    if (req.method === 'POST' && req.path === '/api/admin/users/3/calendar-link/renew') return { json: { url: 'http://localhost:3000/api/ical/3?token=ny' } };
    return undefined;
  });
  renderAdmin(api.apiUrl);
  return api;
}

const calendarReads = (server: LocalApi) => server.requests.filter((r) => r.path === '/api/admin/user-calendar/3');
const posted = (server: LocalApi, path: string) => server.requests.filter((r) => r.method === 'POST' && r.path === path);

async function openCalendar(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(await rowOf('Ole Owner')).getByRole('button', { name: 'Vis kalender' }));
  return screen.findByRole('dialog', { name: 'Kalenderen til Ole Owner' });
}

describe('user calendar', { timeout: 30_000 }, () => {
  it("lists the user's events and bookings, asking for fresh feeds on the first read only", async () => {
    const server = await openAdmin(ada);
    const user = userEvent.setup();
    const dialog = await openCalendar(user);
    const list = await within(dialog).findByRole('list', { name: 'Hendelser' });
    const items = within(list).getAllByRole('listitem');
    // Earliest first: the own event on day 3, then the booking from day 10 to 12 (the end is exclusive).
    expect(items[0]).toHaveTextContent('Maling av terrassen');
    expect(items[0]).toHaveTextContent('Husk stillas');
    expect(items[1]).toHaveTextContent('Reserved');
    expect(within(items[1]).getByText('Booking')).toBeInTheDocument();
    const [y, m] = [format(monthStart, 'yyyy'), format(monthStart, 'MM')];
    expect(within(items[1]).getByText(`10.${m}.${y} – 12.${m}.${y} · Airbnb Hytta`)).toBeInTheDocument();

    const [first] = calendarReads(server);
    expect(first.query.get('force_refresh')).toBe('true');
    expect([first.query.get('startDate'), first.query.get('endDate')]).toEqual([firstWindow.startDate, firstWindow.endDate]);

    await user.click(within(dialog).getByRole('button', { name: 'Neste periode' }));
    expect(await within(dialog).findByText('Ingen hendelser i perioden.')).toBeInTheDocument();
    const next = calendarReads(server).at(-1)!;
    expect(next.query.get('startDate')).toBe(firstWindow.endDate);
    expect(next.query.get('force_refresh')).toBeNull();
  });

  it('re-reads the calendar every 30 seconds while the dialog is open', async () => {
    // Only the clock and the interval timers are faked, and they still follow real time, so react-admin runs as usual.
    installTestClock(['setInterval', 'clearInterval']);
    const server = await openAdmin(ada);
    const user = userEvent.setup();
    const dialog = await openCalendar(user);
    await within(dialog).findByRole('list', { name: 'Hendelser' });
    const before = calendarReads(server).length;
    vi.advanceTimersByTime(30_000);
    await waitFor(() => expect(calendarReads(server).length).toBe(before + 1));
    expect(calendarReads(server).at(-1)!.query.get('force_refresh')).toBeNull();
  });

  it('creates an event from the dialog (11:00–15:00 Oslo time) and shows it in the list', async () => {
    const server = await openAdmin(ada);
    const user = userEvent.setup();
    const calendar = await openCalendar(user);
    await within(calendar).findByRole('list', { name: 'Hendelser' });
    await user.click(within(calendar).getByRole('button', { name: 'Opprett hendelse for bruker' }));
    const form = await screen.findByRole('dialog', { name: 'Legg til ny hendelse for Ole Owner' });
    expect(within(form).getByRole('textbox', { name: /Tittel/ })).toHaveValue('Eiersperre tid');
    expect(within(form).getByLabelText('Starttid')).toHaveValue('11:00');
    expect(within(form).getByLabelText('Sluttid')).toHaveValue('15:00');

    await user.clear(within(form).getByRole('textbox', { name: /Tittel/ }));
    await user.type(within(form).getByRole('textbox', { name: /Tittel/ }), 'Vedlikehold');
    expect(await findDateInput(/Fra dato/, form)).toHaveValue(shown(TEST_NOW));
    await typeDate(user, /Fra dato/, shown(day(20)), form);
    await typeDate(user, 'Til dato', shown(day(21)), form);
    await user.type(within(form).getByRole('textbox', { name: 'Beskrivelse' }), 'Nytt tak');
    await user.click(within(form).getByRole('button', { name: 'Lagre hendelse' }));

    expect(await screen.findByText('Hendelse opprettet')).toBeInTheDocument();
    expect(screen.getByText('Hendelsen har blitt lagret på brukerens kalender.')).toBeInTheDocument();
    expect(posted(server, '/api/admin/user-events/3')[0].body).toEqual({
      title: 'Vedlikehold',
      description: 'Nytt tak',
      startTime: osloWallClockToIso(day(20), '11:00'),
      endTime: osloWallClockToIso(day(21), '15:00'),
      allDay: false,
      color: '#ef4444',
      routes: [],
    });
    // The calendar is read again at once, so the new event shows without waiting for the poll.
    expect(await within(calendar).findByText('Vedlikehold')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Legg til ny hendelse for Ole Owner' })).toBeNull();
  });

  it("checks the row action's form before sending, and reports a refusal with the server's message", async () => {
    const server = await openAdmin(ada);
    const user = userEvent.setup();
    await user.click(within((await openRowMenu('Mia Mini', user)).menu).getByRole('menuitem', { name: 'Opprett hendelse for bruker' }));
    const form = await screen.findByRole('dialog', { name: 'Legg til ny hendelse for Mia Mini' });
    await user.clear(within(form).getByRole('textbox', { name: /Tittel/ }));
    await user.click(within(form).getByRole('button', { name: 'Lagre hendelse' }));
    expect(await screen.findByText('Valideringsfeil')).toBeInTheDocument();
    expect(screen.getByText('Vennligst fyll ut alle påkrevde felt korrekt')).toBeInTheDocument();
    expect(posted(server, '/api/admin/user-events/2')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /Tittel/ }), 'Eiersperre tid');
    await user.click(within(form).getByRole('button', { name: 'Lagre hendelse' }));
    // react-admin shows one notification at a time: the refusal follows once 'Valideringsfeil' has timed out.
    expect(await screen.findByText('Kunne ikke opprette hendelse: Brukeren finnes ikke', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(posted(server, '/api/admin/user-events/2')).toHaveLength(1);
    // The form stays open with what was typed, so the admin can try again.
    expect(within(form).getByRole('textbox', { name: /Tittel/ })).toHaveValue('Eiersperre tid');
  });

  it('renews the iCal link only after a confirmation that the old one stops working, and copies the new one', async () => {
    const server = await openAdmin(ada);
    const user = userEvent.setup();
    const row = await rowOf('Ole Owner');
    await user.click(within(row).getByRole('button', { name: 'Forny iCal-lenke' }));
    let confirm = await screen.findByRole('dialog', { name: 'Forny iCal-lenken til Ole Owner?' });
    expect(within(confirm).getByText(/Den gamle lenken slutter å virke med en gang/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(server, '/api/admin/users/3/calendar-link/renew')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Forny iCal-lenke' }));
    confirm = await screen.findByRole('dialog', { name: 'Forny iCal-lenken til Ole Owner?' });
    await user.click(within(confirm).getByRole('button', { name: 'Forny iCal-lenke' }));
    expect(await screen.findByText('Ny iCal-lenke til Ole Owner er laget og kopiert')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('http://localhost:3000/api/ical/3?token=ny');
    expect(posted(server, '/api/admin/users/3/calendar-link/renew')).toHaveLength(1);
  });

  it('gives mini admins no calendar actions: the user calendar and link routes are for admins', async () => {
    const server = await openAdmin(mia);
    await rowOf('Ole Owner');
    expect(await screen.findByText('Kun lesing')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Kalender' })).toBeNull();
    for (const name of ['Vis kalender', 'Kopier iCal-lenke', 'Forny iCal-lenke', 'Opprett hendelse for bruker']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(calendarReads(server)).toHaveLength(0);
  });
});
