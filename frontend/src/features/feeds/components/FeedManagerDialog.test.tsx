/**
 * The feed manager against a real local HTTP server that keeps feeds the way the API does: the list, client-side
 * validation (nothing is sent), the add-then-sync flow, toggling, deleting behind a confirmation and the error
 * texts (docs/product/feeds.md#error-codes).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Answer, LocalApi, RecordedRequest } from '../../../test/localApi';
import i18n from '../../../i18n';
import { isValidFeedUrl, shortUrl, validateFeed } from '../feedForm';
import { FeedManagerDialog } from './FeedManagerDialog';
import { renderWithApp, startApiForApp } from '../../../test/renderWithApi';
import { MemoryRouter } from 'react-router';
import type { Feed } from '../types';

function feed(id: number, changes: Partial<Feed> = {}): Feed {
  return {
    id,
    userId: 7,
    propertyId: 1,
    name: `Feed ${id}`,
    url: `https://www.airbnb.no/calendar/ical/${id}.ics?s=abc`,
    color: '#8b5cf6',
    enabled: true,
    feedType: 'import',
    syncMethod: 'ical',
    lastSynced: null,
    lastAttemptAt: null,
    lastError: null,
    lastErrorCode: null,
    lastErrorParams: null,
    lastWarning: null,
    lastWarningCode: null,
    lastWarningParams: null,
    consecutiveFailures: 0,
    eventCount: 0,
    nextSyncAt: '2025-05-01T10:15:00.000Z',
    createdAt: '2025-05-01T10:00:00.000Z',
    ...changes,
  };
}

/** A small in-memory stand-in for /api/ical-feeds with the server's rules and answers. */
type Options = { syncFails?: boolean; syncAnswer?: object; beds24?: object; properties?: object[] };
const PROPERTIES = [{ id: 1, name: 'Hjemme', role: 'owner', share: 100 }, { id: 2, name: 'Hytta', role: 'viewer', share: null }];

function feedsServer(initial: Feed[], options: Options = {}) {
  let feeds = [...initial];
  let nextId = 100;
  return (req: RecordedRequest): Answer | undefined => {
    const id = Number(req.path.split('/')[3]);
    if (req.method === 'GET' && req.path === '/api/properties') return { json: options.properties ?? PROPERTIES };
    if (req.method === 'GET' && req.path === '/api/ical-feeds') return { json: feeds };
    if (req.method === 'GET' && req.path === '/api/user/beds24') {
      return { json: options.beds24 ?? { configured: false, syncEnabled: false, lastSync: null, failing: false, needsCredentials: false, lastError: null, lastErrorCode: null, eventCount: 0 } };
    }
    if (req.method === 'POST' && req.path === '/api/ical-feeds') {
      const body = req.body as Partial<Feed>;
      if (String(body.url).includes('intranet')) {
        return { status: 400, json: { message: 'URL må være gyldig', errors: [{ field: 'url', message: 'URL må være gyldig' }] } };
      }
      const created = feed(nextId++, { name: body.name, url: body.url, color: body.color, enabled: body.enabled });
      feeds.push(created);
      return { status: 201, json: created };
    }
    if (req.method === 'POST' && req.path.endsWith('/sync')) {
      if (options.syncAnswer) return { json: options.syncAnswer };
      if (options.syncFails) {
        feeds = feeds.map((f) => (f.id === id ? { ...f, lastError: 'HTTP 404 fra kalenderserveren' } : f));
        return { json: { message: 'Synkronisering feilet: HTTP 404 fra kalenderserveren', syncedCount: 0, status: 'failed', error: 'HTTP 404 fra kalenderserveren' } };
      }
      feeds = feeds.map((f) => (f.id === id ? { ...f, eventCount: 3, lastSynced: '2025-06-02T08:05:00' } : f));
      return { json: { message: 'Kalenderen er synkronisert', syncedCount: 3, status: 'updated' } };
    }
    if (req.method === 'PUT') {
      feeds = feeds.map((f) => (f.id === id ? { ...f, ...(req.body as Partial<Feed>) } : f));
      return { json: feeds.find((f) => f.id === id) };
    }
    if (req.method === 'DELETE') {
      if (id === 13) return { status: 403, json: { message: 'Du har ikke tilgang til denne kalenderen' } };
      const gone = feeds.find((f) => f.id === id)!;
      feeds = feeds.filter((f) => f.id !== id);
      return { json: { message: 'Kalenderen er slettet', deletedFeed: { id, name: gone.name } } };
    }
    return undefined;
  };
}

let api: LocalApi | undefined;
beforeEach(() => i18n.changeLanguage('nb'));
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function openDialog(initial: Feed[], options?: Options, address = '/') {
  api = await startApiForApp(feedsServer(initial, options));
  renderWithApp(
    <MemoryRouter initialEntries={[address]}>
      <FeedManagerDialog open onClose={() => undefined} />
    </MemoryRouter>,
  );
  return api;
}

const sent = (server: LocalApi, method: string, path: string) => server.requests.filter((r) => r.method === method && r.path === path);

describe('feed form rules (docs/product/feeds.md#validation-and-limits)', () => {
  it('requires a name and a valid http(s) or webcal URL', () => {
    expect(validateFeed({ name: ' ', url: '' })).toEqual({ name: 'feeds.validation.nameRequired', url: 'feeds.validation.urlRequired' });
    expect(validateFeed({ name: 'Airbnb', url: 'airbnb.no/cal.ics' })).toEqual({ url: 'feeds.validation.urlInvalid' });
    expect(validateFeed({ name: 'Airbnb', url: 'ftp://example.com/cal.ics' })).toEqual({ url: 'feeds.validation.urlInvalid' });
    expect(validateFeed({ name: 'Airbnb', url: ' https://www.airbnb.no/calendar/ical/1.ics ' })).toEqual({});
    expect(isValidFeedUrl('webcal://p01-calendars.icloud.com/published/2/abc')).toBe(true);
    expect(isValidFeedUrl('http://localhost:8080/cal.ics')).toBe(true);
  });

  it('shortens long addresses for the list', () => {
    expect(shortUrl('https://example.com/a.ics')).toBe('example.com/a.ics');
    expect(shortUrl(`https://example.com/${'x'.repeat(80)}`, 20)).toBe('example.com/xxxxxxx…');
  });
});

describe('FeedManagerDialog', () => {
  it('lists feeds with state, last sync, event count and last error', async () => {
    await openDialog([
      feed(1, { name: 'Airbnb', lastSynced: '2025-06-01T14:30:00', eventCount: 12 }),
      feed(2, { name: 'Booking.com', enabled: false, lastError: 'Tidsavbrudd etter 15 s' }),
    ]);
    const airbnb = await screen.findByRole('listitem', { name: 'Airbnb' });
    expect(within(airbnb).getByText('www.airbnb.no/calendar/ical/1.ics?s=abc')).toBeInTheDocument();
    expect(within(airbnb).getByText('Aktiv')).toBeInTheDocument();
    expect(within(airbnb).getByText('Sist synkronisert 01.06.2025 14:30')).toBeInTheDocument();
    expect(within(airbnb).getByText('Hendelser: 12')).toBeInTheDocument();
    const booking = screen.getByRole('listitem', { name: 'Booking.com' });
    expect(within(booking).getByText('Inaktiv')).toBeInTheDocument();
    expect(within(booking).getByText('Ikke synkronisert ennå')).toBeInTheDocument();
    expect(within(booking).getByText('Siste feil: Tidsavbrudd etter 15 s')).toBeInTheDocument();
  });

  it('shows the owner\'s Beds24 connection beside the feeds: last sync, failing and why, in the reader\'s language', async () => {
    const beds24 = { configured: true, syncEnabled: true, lastSync: '2025-06-01T14:30:00', failing: true, needsCredentials: false, lastError: 'Beds24: network error', lastErrorCode: 'beds24_sync_failed', eventCount: 4 };
    await openDialog([feed(1, { name: 'Airbnb' })], { beds24 });
    const row = await screen.findByRole('listitem', { name: 'Beds24' });
    expect(within(row).getByText('Feiler')).toBeInTheDocument();
    expect(within(row).getByText('Sist synkronisert 01.06.2025 14:30')).toBeInTheDocument();
    expect(within(row).getByText('Siste feil: Beds24 svarte ikke, eller svarte med en feil')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Airbnb' })).toBeInTheDocument();
  });

  it('shows a refused Beds24 key as the owner\'s to act on, and no Beds24 row without a connection', async () => {
    await openDialog([], { beds24: { configured: true, syncEnabled: true, lastSync: null, failing: true, needsCredentials: true, lastError: 'x', lastErrorCode: 'beds24_needs_credentials', eventCount: 0 } });
    const row = await screen.findByRole('listitem', { name: 'Beds24' });
    expect(within(row).getByText(/Send oss en ny invitasjonskode/)).toBeInTheDocument();
    expect(within(row).getByText('Ikke synkronisert ennå')).toBeInTheDocument();
  });

  it("shows the feeds of the property the calendar shows, and to its viewer without anything to change", async () => {
    const server = await openDialog([feed(8, { name: 'Hyttas Airbnb', propertyId: 2 })], undefined, '/?property=2');
    const row = await screen.findByRole('listitem', { name: 'Hyttas Airbnb' });
    expect(server.requests.find((r) => r.method === 'GET' && r.path === '/api/ical-feeds')?.query.get('propertyId')).toBe('2');
    expect(server.requests.find((r) => r.path === '/api/user/beds24')?.query.get('propertyId')).toBe('2');
    await waitFor(() => expect(within(row).queryByRole('button', { name: /Slett/ })).not.toBeInTheDocument());
    expect(within(row).queryByRole('button', { name: /Synkroniser/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('switch')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Legg til kalender' })).not.toBeInTheDocument();
  });

  it('adds a feed to the property the calendar shows', async () => {
    const server = await openDialog([], { properties: [PROPERTIES[0], { ...PROPERTIES[1], role: 'co-owner' }] }, '/?property=2');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Navn'), 'Booking.com');
    await user.type(screen.getByLabelText('Kalender-URL (iCal)'), 'https://admin.booking.com/hotel/ical/1.ics');
    await user.click(screen.getByRole('button', { name: 'Legg til kalender' }));
    await waitFor(() => expect(sent(server, 'POST', '/api/ical-feeds')[0]?.body).toMatchObject({ name: 'Booking.com', propertyId: 2 }));
  });

  it('checks the form before sending anything', async () => {
    const server = await openDialog([]);
    const user = userEvent.setup();
    expect(await screen.findByText('Ingen kalendere er lagt til ennå.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Legg til kalender' }));
    expect(screen.getByText('Navn er påkrevd')).toBeInTheDocument();
    expect(screen.getByText('URL er påkrevd')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Navn'), 'Airbnb');
    await user.type(screen.getByLabelText('Kalender-URL (iCal)'), 'airbnb.no/kalender');
    await user.click(screen.getByRole('button', { name: 'Legg til kalender' }));
    expect(screen.getByText('URL må være gyldig')).toBeInTheDocument();
    expect(screen.queryByText('Navn er påkrevd')).toBeNull();
    expect(sent(server, 'POST', '/api/ical-feeds')).toHaveLength(0);
  });

  it('adds a feed with the chosen colour, syncs it at once and shows the result', async () => {
    const server = await openDialog([]);
    const user = userEvent.setup();
    await screen.findByText('Ingen kalendere er lagt til ennå.');
    // Purple is chosen until the user picks another colour, and the feed is active.
    expect(screen.getByRole('radio', { name: 'Lilla' })).toBeChecked();
    await user.type(screen.getByLabelText('Navn'), '  Airbnb ');
    await user.type(screen.getByLabelText('Kalender-URL (iCal)'), 'https://www.airbnb.no/calendar/ical/55.ics');
    await user.click(screen.getByRole('radio', { name: 'Oransje' }));
    await user.click(screen.getByRole('button', { name: 'Legg til kalender' }));

    expect(await screen.findByText('Kalender lagt til')).toBeInTheDocument();
    expect(screen.getByText('Kalenderen er synkronisert. Airbnb: 3 hendelser importert')).toBeInTheDocument();
    expect(sent(server, 'POST', '/api/ical-feeds')[0].body).toEqual({
      name: 'Airbnb',
      url: 'https://www.airbnb.no/calendar/ical/55.ics',
      color: '#f97316',
      enabled: true,
    });
    expect(sent(server, 'POST', '/api/ical-feeds/100/sync')).toHaveLength(1);
    const added = await screen.findByRole('listitem', { name: 'Airbnb' });
    await waitFor(() => expect(within(added).getByText('Hendelser: 3')).toBeInTheDocument());
    // The form is empty again for the next one.
    expect(screen.getByLabelText('Navn')).toHaveValue('');
  });

  it('does not sync a feed added as inactive', async () => {
    const server = await openDialog([]);
    const user = userEvent.setup();
    await screen.findByText('Ingen kalendere er lagt til ennå.');
    await user.type(screen.getByLabelText('Navn'), 'Vrbo');
    await user.type(screen.getByLabelText('Kalender-URL (iCal)'), 'webcal://www.vrbo.com/icalendar/1.ics');
    await user.click(screen.getByRole('switch', { name: 'Aktiv' }));
    await user.click(screen.getByRole('button', { name: 'Legg til kalender' }));
    expect(await screen.findByText('Kalender lagt til')).toBeInTheDocument();
    expect(sent(server, 'POST', '/api/ical-feeds')[0].body).toMatchObject({ enabled: false });
    expect(server.requests.some((r) => r.path.endsWith('/sync'))).toBe(false);
  });

  it("shows the server's refusal as 'Kunne ikke legge til kalenderen' with its message", async () => {
    await openDialog([]);
    const user = userEvent.setup();
    await screen.findByText('Ingen kalendere er lagt til ennå.');
    await user.type(screen.getByLabelText('Navn'), 'Intern');
    await user.type(screen.getByLabelText('Kalender-URL (iCal)'), 'https://intranet/cal.ics');
    await user.click(screen.getByRole('button', { name: 'Legg til kalender' }));
    expect(await screen.findByText('Kunne ikke legge til kalenderen')).toBeInTheDocument();
    // The message shows in the toast and under the URL field.
    expect(screen.getAllByText('URL må være gyldig')).toHaveLength(2);
  });

  it("syncs on 'Synkroniser nå' and reports a failed feed as 'Synkroniseringsfeil'", async () => {
    const server = await openDialog([feed(4, { name: 'Airbnb' })], { syncFails: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Synkroniser Airbnb nå' }));
    expect(await screen.findByText('Synkroniseringsfeil')).toBeInTheDocument();
    expect(screen.getByText('Airbnb: Synkronisering feilet: HTTP 404 fra kalenderserveren')).toBeInTheDocument();
    expect(sent(server, 'POST', '/api/ical-feeds/4/sync')).toHaveLength(1);
    expect(await screen.findByText('Siste feil: HTTP 404 fra kalenderserveren')).toBeInTheDocument();
  });

  it('reports a sync that was skipped (already running) as information, not success', async () => {
    await openDialog([feed(6, { name: 'Airbnb' })], { syncAnswer: { message: 'Kalenderen synkroniseres allerede', syncedCount: 3, status: 'skipped', skipped: 'busy' } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Synkroniser Airbnb nå' }));
    const alert = (await screen.findByText('Kalenderen synkroniseres allerede')).closest('[role="alert"]')!;
    expect(alert).toHaveClass('MuiAlert-colorInfo');
    expect(alert).toHaveTextContent('Airbnb');
    expect(alert).not.toHaveTextContent('hendelser importert');
  });

  it("shows the server's warning about bookings kept back as a warning", async () => {
    const warning = 'The feed has no future events any more; 3 stored event(s) are kept until the next sync confirms it.';
    await openDialog([feed(7, { name: 'Airbnb' })], { syncAnswer: { message: 'Kalenderen er synkronisert', syncedCount: 0, status: 'updated', warning } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Synkroniser Airbnb nå' }));
    const alert = (await screen.findByText('Kalenderen er synkronisert')).closest('[role="alert"]')!;
    expect(alert).toHaveClass('MuiAlert-colorWarning');
    expect(alert).toHaveTextContent(warning);
  });

  it('turns a feed off with the toggle', async () => {
    const server = await openDialog([feed(5, { name: 'Airbnb' })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Aktiv: Airbnb' }));
    await waitFor(() => expect(sent(server, 'PUT', '/api/ical-feeds/5')[0]?.body).toEqual({ enabled: false }));
    const row = screen.getByRole('listitem', { name: 'Airbnb' });
    expect(await within(row).findByText('Inaktiv')).toBeInTheDocument();
  });

  it('deletes only after confirmation', async () => {
    const server = await openDialog([feed(6, { name: 'Airbnb' }), feed(13, { name: 'Andres' })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Slett Airbnb' }));
    const confirm = screen.getByRole('dialog', { name: 'Slette kalenderen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Slette kalenderen?' })).toBeNull());
    expect(sent(server, 'DELETE', '/api/ical-feeds/6')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Slett Airbnb' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Slette kalenderen?' })).getByRole('button', { name: 'Slett kalender' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Airbnb' })).toBeNull());
    expect(sent(server, 'DELETE', '/api/ical-feeds/6')).toHaveLength(1);
  });

  it("shows a refused delete as 'Kunne ikke slette kalenderen' with the server's message", async () => {
    await openDialog([feed(13, { name: 'Andres' })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Slett Andres' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Slette kalenderen?' })).getByRole('button', { name: 'Slett kalender' }));
    expect(await screen.findByText('Kunne ikke slette kalenderen')).toBeInTheDocument();
    expect(screen.getByText('Du har ikke tilgang til denne kalenderen')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Slette kalenderen?' })).toBeNull());
    expect(screen.getByRole('listitem', { name: 'Andres' })).toBeInTheDocument();
  });
});
