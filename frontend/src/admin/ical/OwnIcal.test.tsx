/**
 * The 'ical' tab (own iCal links) as the main app mounts the back office, against a real local HTTP
 * server playing the API: where each role lands, the staff member's own link with copy and open, their own feeds
 * with sync state, and the empty and failure texts.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../authProvider';
import { startLocalApi, type Answer, type LocalApi } from '../../test/localApi';
import { renderAdmin, rowOf } from '../testing/renderAdmin';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };
const users = [ada, mia].map((u) => ({ ...u, isBlocked: false, blockReason: null, lastLoginAt: null }));
const ownLink = 'http://localhost:3000/api/ical/2?token=egen';

// Own feeds as GET /api/ical-feeds answers them: mapFeed without owner or stale flag.
const ownFeeds = [
  {
    id: 4,
    userId: 2,
    name: 'Airbnb Sjøbua',
    url: 'https://www.airbnb.no/calendar/ical/4.ics',
    color: '#8b5cf6',
    enabled: true,
    feedType: 'import',
    syncMethod: 'ical',
    lastSynced: '2025-06-01T14:30:00',
    lastAttemptAt: '2025-06-02T08:00:00',
    lastError: 'Tidsavbrudd etter 15 sekunder',
    lastWarning: null,
    consecutiveFailures: 2,
    eventCount: 12,
    nextSyncAt: '2025-06-02T08:30:00',
    createdAt: '2025-05-01T10:00:00.000Z',
  },
  {
    id: 5,
    userId: 2,
    name: 'Gammel VRBO',
    url: 'https://www.vrbo.com/icalendar/5.ics',
    color: '#16a34a',
    enabled: false,
    feedType: 'import',
    syncMethod: 'ical',
    lastSynced: null,
    lastAttemptAt: null,
    lastError: null,
    lastWarning: null,
    consecutiveFailures: 0,
    eventCount: 0,
    nextSyncAt: '2025-06-02T08:30:00',
    createdAt: '2025-05-01T10:00:00.000Z',
  },
];

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup(); // unmount first: react-admin may still be fetching from the server we are about to close
  await api?.close();
  api = undefined;
});

interface Options {
  feeds?: unknown[];
  link?: Answer;
}

async function openAdmin(me: CurrentUser, { feeds = ownFeeds, link = { json: { url: ownLink } } }: Options = {}) {
  api = await startLocalApi((req) => {
    if (req.path === '/api/user') return { json: me };
    if (req.method === 'GET' && req.path === '/api/admin/users') return { json: users, headers: { 'Content-Range': 'users 0-1/2' } };
    if (req.method === 'GET' && req.path === '/api/ical-feeds') return { json: feeds };
    if (req.method === 'GET' && req.path === '/api/user/calendar-link') return link;
    return undefined;
  });
  // '/admin', as the sidebar links it: react-admin opens the role's first tab.
  renderAdmin(api.apiUrl, '/admin');
  return api;
}

// The first render loads react-admin and MUI cold, which can take a few seconds.
const linkCard = () => screen.findByRole('region', { name: 'Din personlige kalenderlenke' }, { timeout: 15_000 });

describe("the 'ical' tab", { timeout: 30_000 }, () => {
  it('is where mini admins land: their own link and feeds with sync state, read-only', async () => {
    const server = await openAdmin(mia);
    const card = await linkCard();
    expect(await within(card).findByRole('textbox', { name: 'Kalender-URL' })).toHaveValue(ownLink);
    expect(within(card).getByRole('link', { name: 'Åpne i ny fane' })).toHaveAttribute('href', ownLink);
    expect(within(card).getByRole('link', { name: 'Åpne i ny fane' })).toHaveAttribute('target', '_blank');

    const failing = await rowOf('Airbnb Sjøbua');
    expect(within(failing).getByText('Aktiv')).toBeInTheDocument();
    expect(within(failing).getByText('Siste vellykkede: 01.06.2025 14:30')).toBeInTheDocument();
    expect(within(failing).getByText('Siste forsøk: 02.06.2025 08:00')).toBeInTheDocument();
    expect(within(failing).getByText('Neste kjøring: 02.06.2025 08:30')).toBeInTheDocument();
    expect(within(failing).getByText('Tidsavbrudd etter 15 sekunder')).toBeInTheDocument();
    expect(within(failing).getByText('2 feil på rad')).toBeInTheDocument();
    expect(within(failing).getByText('12')).toBeInTheDocument();
    // A disabled feed has no planned run, whatever the column says.
    const disabled = await rowOf('Gammel VRBO');
    expect(within(disabled).getByText('Inaktiv')).toBeInTheDocument();
    expect(within(disabled).getByText('Siste vellykkede: Aldri')).toBeInTheDocument();
    expect(within(disabled).getByText('Ingen planlagt kjøring')).toBeInTheDocument();

    expect(screen.getByText('Kun lesing')).toBeInTheDocument();
    // Landing here, not on the users tab: that list was never read.
    expect(server.requests.some((r) => r.path === '/api/admin/users')).toBe(false);
  });

  it('copies the own link', async () => {
    await openAdmin(mia);
    const user = userEvent.setup();
    const card = await linkCard();
    await user.click(await within(card).findByRole('button', { name: 'Kopier lenke' }));
    expect(await screen.findByText('Lenken er kopiert')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(ownLink);
  });

  it('opens on the users tab for admins, and the ical tab is one menu click away', async () => {
    const server = await openAdmin(ada);
    const user = userEvent.setup();
    expect(await rowOf('Mia Mini')).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/ical-feeds')).toBe(false);
    await user.click(screen.getByRole('menuitem', { name: 'Mine iCal-lenker' }));
    expect(await linkCard()).toBeInTheDocument();
    expect(await rowOf('Airbnb Sjøbua')).toBeInTheDocument();
    expect(screen.queryByText('Kun lesing')).toBeNull();
  });

  it('says so when there are no feeds, and when the link cannot be read', async () => {
    await openAdmin(mia, { feeds: [], link: { status: 500, json: { message: 'Databasen svarer ikke' } } });
    const card = await linkCard();
    // After one retry a second later.
    expect(await within(card).findByText('Kunne ikke hente kalenderlenken: Databasen svarer ikke', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(
      await screen.findByText('Du har ingen kalenderfeeder. Legg dem til fra kalenderen med «Administrer kalenderfeeder».'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Kun lesing')).toBeInTheDocument());
  });
});
