/**
 * The all-feeds resource as the main app mounts the back office, against a real local HTTP server playing the
 * API (all-ical-feeds pages, sorts and filters as the API does): what an admin and a mini admin see (including
 * every sync-state field the API returns), sorting by each column on the server, the per-feed and list actions
 * with the titles, and the users table's 'copy iCal link'.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../authProvider';
import { answerAllFeeds, FEED_SORT_FIELDS } from '../testing/allFeedsApi';
import { startLocalApi, type LocalApi, type RecordedRequest } from '../../test/localApi';
import { renderAdmin, rowOf } from '../testing/renderAdmin';
import type { AdminFeed, FeedHealth } from './types';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };
const ole = { id: 3, name: 'Ole Owner', email: 'ole@example.com', username: 'ole@example.com' };

function feed(id: number, changes: Partial<AdminFeed>): AdminFeed {
  return {
    id,
    userId: ole.id,
    name: `Feed ${id}`,
    url: `https://www.airbnb.no/calendar/ical/${id}.ics`,
    color: '#8b5cf6',
    enabled: true,
    feedType: 'import',
    syncMethod: 'ical',
    lastSynced: '2025-06-01T14:30:00',
    lastAttemptAt: '2025-06-01T14:30:00',
    lastError: null,
    lastWarning: null,
    consecutiveFailures: 0,
    eventCount: 4,
    nextSyncAt: null,
    createdAt: '2025-05-01T10:00:00.000Z',
    stale: false,
    userName: ole.name,
    userEmail: ole.email,
    username: ole.username,
    owner: ole,
    ...changes,
  };
}

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup(); // unmount first: react-admin may still be fetching from the server we are about to close
  await api?.close();
  api = undefined;
});

// Added 31 hours ago and never synced: the health view says how long it has gone without success.
const addedLongAgo = new Date(Date.now() - 31 * 3_600_000 - 60_000).toISOString();

async function openAdmin(me: CurrentUser, path = '/admin/ical-feeds') {
  let feeds = [
    feed(1, { name: 'Airbnb Hytta', nextSyncAt: '2025-06-01T14:45:00', lastWarning: '1 event(s) skipped: DTSTART missing' }),
    feed(2, {
      name: 'Booking Leilighet',
      lastError: 'HTTP 404 fra kalenderserveren',
      consecutiveFailures: 3,
      stale: true,
      lastSynced: null,
      lastAttemptAt: '2025-06-02T08:15:00',
      nextSyncAt: '2025-06-02T09:15:00',
      createdAt: addedLongAgo,
      eventCount: 0,
    }),
  ];
  let syncAllStarted: string | null = null;
  let progressReads = 0;
  const health = (): FeedHealth => ({
    staleAfterHours: 24,
    total: feeds.length,
    enabled: feeds.filter((f) => f.enabled).length,
    failing: feeds.filter((f) => f.lastError).length,
    stale: feeds.filter((f) => f.stale).length,
    feeds: feeds.map(({ userName: _n, userEmail: _e, username: _u, ...rest }) => rest),
  });
  api = await startLocalApi((req: RecordedRequest) => {
    if (req.path === '/api/user') return { json: me };
    if (req.method === 'GET' && req.path === '/api/admin/all-ical-feeds') {
      // A sync-all run reaches one feed per read, as background jobs would.
      if (syncAllStarted) {
        progressReads += 1;
        feeds = feeds.map((f, i) => (i < progressReads ? { ...f, lastAttemptAt: syncAllStarted } : f));
      }
      return answerAllFeeds(feeds, req.query);
    }
    if (req.method === 'GET' && req.path === '/api/admin/feed-health') return { json: health() };
    if (req.method === 'GET' && req.path === '/api/admin/beds24-configs') return { json: [], headers: { 'Content-Range': 'beds24-configs 0-0/0' } };
    if (req.method === 'GET' && req.path === '/api/admin/users') {
      const users = [{ ...ada, isBlocked: false, lastLoginAt: null }, { ...ole, isAdmin: false, isMiniAdmin: false, isBlocked: false, lastLoginAt: null }];
      return { json: users, headers: { 'Content-Range': `users 0-1/2` } };
    }
    if (req.method === 'GET' && req.path === '/api/admin/users/3/calendar-link') {
      return { json: { url: 'http://localhost:3500/api/ical/3?token=abc' } };
    }
    if (req.method === 'POST' && req.path === '/api/ical-feeds/2/sync') {
      return { json: { message: 'Synkronisering feilet: HTTP 404 fra kalenderserveren', syncedCount: 0, status: 'failed', error: 'HTTP 404 fra kalenderserveren' } };
    }
    if (req.method === 'POST' && req.path === '/api/admin/force-refresh-ical/1') {
      return { json: { success: true, message: 'Kalenderen er hentet på nytt', syncedCount: 4, status: 'updated' } };
    }
    if (req.method === 'POST' && req.path === '/api/admin/sync-all-ical') {
      syncAllStarted = '2025-06-02T09:00:00.000Z';
      return { json: { success: true, total: 2, startedAt: syncAllStarted } };
    }
    if (req.method === 'POST' && req.path === '/api/ical-feeds') {
      const created = feed(7, { ...(req.body as Partial<AdminFeed>), url: 'https://airbnb.no/ny.ics' });
      feeds = [...feeds, created];
      return { status: 201, json: created };
    }
    if (req.method === 'GET' && req.path === '/api/admin/users/3') return { json: { ...ole, isAdmin: false, isMiniAdmin: false } };
    if (req.method === 'POST' && req.path === '/api/admin/cleanup-duplicates') {
      return { status: 500, json: { message: 'Databasen svarer ikke' } };
    }
    return undefined;
  });
  renderAdmin(api.apiUrl, path);
  return api;
}

const posted = (server: LocalApi, path: string) => server.requests.filter((r) => r.method === 'POST' && r.path === path);

describe('all calendar feeds', { timeout: 30_000 }, () => {
  it('shows an admin the feeds with owner, health and every action', async () => {
    await openAdmin(ada);
    const failing = await rowOf('Booking Leilighet');
    expect(within(failing).getByText('Ole Owner')).toBeInTheDocument();
    expect(within(failing).getByText('ole@example.com')).toBeInTheDocument();
    expect(within(failing).getByText('Utdatert')).toBeInTheDocument();
    expect(within(failing).getByText('Feiler')).toBeInTheDocument();
    expect(within(failing).getByText('HTTP 404 fra kalenderserveren')).toBeInTheDocument();
    expect(within(failing).getByText('3 feil på rad')).toBeInTheDocument();
    expect(within(failing).getByText('Siste vellykkede: Aldri')).toBeInTheDocument();
    expect(within(failing).getByText('Siste forsøk: 02.06.2025 08:15')).toBeInTheDocument();
    expect(within(failing).getByText('Neste kjøring: 02.06.2025 09:15')).toBeInTheDocument();
    expect(within(failing).getByText('Ingen vellykket synkronisering på 31 t')).toBeInTheDocument();
    const ok = await rowOf('Airbnb Hytta');
    expect(within(ok).getByText('Aktiv')).toBeInTheDocument();
    expect(within(ok).getByText('Siste vellykkede: 01.06.2025 14:30')).toBeInTheDocument();
    expect(within(ok).getByText('Siste forsøk: 01.06.2025 14:30')).toBeInTheDocument();
    expect(within(ok).getByText('Neste kjøring: 01.06.2025 14:45')).toBeInTheDocument();
    expect(within(ok).getByText('Varsel: 1 event(s) skipped: DTSTART missing')).toBeInTheDocument();
    expect(within(ok).queryByText(/Ingen vellykket synkronisering/)).toBeNull();
    expect(within(ok).getByRole('button', { name: 'Synkroniser' })).toBeInTheDocument();
    expect(within(ok).getByRole('button', { name: 'Tving oppdatering' })).toBeInTheDocument();

    const panel = await screen.findByRole('region', { name: 'Synkroniseringsstatus' });
    expect(within(panel).getByText('Utdatert (over 24 t)')).toBeInTheDocument();
    const problems = within(panel).getByRole('list', { name: 'Feeder som feiler eller er utdatert' });
    expect(problems).toHaveTextContent('Booking Leilighet · Ole Owner');
    expect(problems).toHaveTextContent(
      'HTTP 404 fra kalenderserveren · 3 feil på rad · Ingen vellykket synkronisering på 31 t · Siste forsøk: 02.06.2025 08:15',
    );
    expect(screen.getByRole('button', { name: 'Synkroniser alle' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rydd duplikater' })).toBeInTheDocument();
    expect(screen.queryByText('Kun lesing')).toBeNull();
  });

  it('pages, sorts and filters on the server, by every column that offers a sort', async () => {
    const server = await openAdmin(ada);
    const user = userEvent.setup();
    await rowOf('Airbnb Hytta');
    const listReads = () => server.requests.filter((r) => r.path === '/api/admin/all-ical-feeds' && r.query.has('range'));
    expect(JSON.parse(listReads()[0].query.get('sort')!)).toEqual(['id', 'ASC']);
    expect(JSON.parse(listReads()[0].query.get('range')!)).toEqual([0, 24]);

    const table = (await rowOf('Airbnb Hytta')).closest('table')!;
    const sortButtons = within(table.querySelector('thead')!).getAllByRole('button');
    for (const button of sortButtons) {
      const reads = listReads().length;
      await user.click(button);
      await waitFor(() => expect(listReads().length).toBeGreaterThan(reads));
    }
    const sorted = listReads().slice(1).map((r) => JSON.parse(r.query.get('sort')!)[0] as string);
    expect(sorted).toEqual(['name', 'userName', 'enabled', 'lastSynced', 'lastError', 'eventCount']);
    expect(sorted.filter((field) => !(FEED_SORT_FIELDS as readonly string[]).includes(field))).toEqual([]);
    // The last sort (event count ascending) came back from the server: the feed without events first.
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Booking Leilighet'));

    await user.type(screen.getByPlaceholderText('Søk'), 'hytta');
    await waitFor(() => expect(JSON.parse(listReads().at(-1)!.query.get('filter')!)).toEqual({ q: 'hytta' }));
    await waitFor(() => expect(screen.queryByText('Booking Leilighet', { selector: 'table *' })).toBeNull());
  });

  it("reports a failed feed sync as 'Synkroniseringsfeil'", async () => {
    const server = await openAdmin(ada);
    const user = userEvent.setup();
    await user.click(within(await rowOf('Booking Leilighet')).getByRole('button', { name: 'Synkroniser' }));
    expect(await screen.findByText('Synkroniseringsfeil')).toBeInTheDocument();
    expect(screen.getByText('Kunne ikke synkronisere kalenderen: HTTP 404 fra kalenderserveren')).toBeInTheDocument();
    expect(posted(server, '/api/ical-feeds/2/sync')).toHaveLength(1);
  });

  it('reports a force refresh with its count', async () => {
    const server = await openAdmin(ada);
    const user = userEvent.setup();
    await user.click(within(await rowOf('Airbnb Hytta')).getByRole('button', { name: 'Tving oppdatering' }));
    expect(await screen.findByText('Kalenderen er hentet på nytt (4 hendelser)')).toBeInTheDocument();
    expect(posted(server, '/api/admin/force-refresh-ical/1')).toHaveLength(1);
  });

  it('follows a sync-all run until every feed has been tried', async () => {
    const server = await openAdmin(ada);
    const user = userEvent.setup();
    await rowOf('Airbnb Hytta');
    await user.click(screen.getByRole('button', { name: 'Synkroniser alle' }));
    expect(await screen.findByText('Synkroniserer: 1 av 2')).toBeInTheDocument();
    expect(await screen.findByText('Alle 2 aktive feeder er synkronisert', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(posted(server, '/api/admin/sync-all-ical')).toHaveLength(1);
  });

  it("asks before the duplicate cleanup and reports a failure as 'Duplikatopprydding feilet'", async () => {
    const server = await openAdmin(ada);
    const user = userEvent.setup();
    await rowOf('Airbnb Hytta');
    await user.click(screen.getByRole('button', { name: 'Rydd duplikater' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Den eldste beholdes/)).toBeInTheDocument();
    expect(posted(server, '/api/admin/cleanup-duplicates')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Rydd duplikater' }));
    expect(await screen.findByText('Duplikatopprydding feilet')).toBeInTheDocument();
    expect(screen.getByText('Kunne ikke rydde duplikater: Databasen svarer ikke')).toBeInTheDocument();
  });

  it('creates a feed for a user with the admin default colour, then returns to the list', async () => {
    const server = await openAdmin(ada, '/admin/ical-feeds/create');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Lagre' }, { timeout: 15_000 });
    // Looked up at each click: the toolbar re-renders once the form is dirty.
    const save = () => screen.getByRole('button', { name: 'Lagre' });
    await user.type(screen.getByRole('textbox', { name: /Navn/ }), 'Ny hytte');
    await user.type(screen.getByRole('textbox', { name: /URL/ }), 'airbnb.no');
    await user.click(save());
    expect(await screen.findByText('URL må være gyldig')).toBeInTheDocument();
    expect(screen.getByText('Velg en bruker')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: /URL/ }));
    await user.type(screen.getByRole('textbox', { name: /URL/ }), 'webcal://airbnb.no/ny.ics');
    await user.click(screen.getByRole('combobox', { name: /Bruker/ }));
    await user.click(await screen.findByRole('option', { name: 'Ole Owner (ole@example.com)' }));
    await user.click(save());
    expect(await rowOf('Ny hytte')).toBeInTheDocument();
    expect(posted(server, '/api/ical-feeds')[0].body).toEqual({ name: 'Ny hytte', url: 'webcal://airbnb.no/ny.ics', color: '#e11d48', enabled: true, userId: 3 });
  });

  it('shows mini admins everything read-only, with no actions', async () => {
    await openAdmin(mia);
    const row = await rowOf('Booking Leilighet');
    expect(within(row).getByText('HTTP 404 fra kalenderserveren')).toBeInTheDocument();
    expect(await screen.findByText('Kun lesing')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Synkroniseringsstatus' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Synkroniser' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tving oppdatering' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Synkroniser alle' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rydd duplikater' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Opprett/ })).toBeNull();
    expect(screen.queryByText('Handlinger')).toBeNull();
  });
});

describe("users table 'copy iCal link'", { timeout: 30_000 }, () => {
  it('copies the user’s link to the clipboard', async () => {
    const server = await openAdmin(ada, '/admin/users');
    const user = userEvent.setup();
    await user.click(within(await rowOf('Ole Owner')).getByRole('button', { name: 'Kopier iCal-lenke' }));
    expect(await screen.findByText('iCal-lenken til Ole Owner er kopiert')).toBeInTheDocument();
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('http://localhost:3500/api/ical/3?token=abc'));
    expect(server.requests.some((r) => r.path === '/api/admin/users/3/calendar-link')).toBe(true);
  });
});
