/**
 * The Beds24 resource as the main app mounts the back office, against a local HTTP server playing the routes:
 * the list with owner, property, sync state, counts and a refused key; 'sync now' with the counts in a toast and a
 * failed sync as 'Synkroniseringsfeil'; 'test connection'; editing without touching the key; the create-user form's
 * Beds24 part; the sync-health view; and nothing of it for mini admins.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../authProvider';
import { startLocalApi, type LocalApi, type RecordedRequest } from '../../test/localApi';
import { renderAdmin, rowOf } from '../testing/renderAdmin';
import type { Beds24Config } from './types';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };

function config(userId: number, name: string, changes: Partial<Beds24Config> = {}): Beds24Config {
  return {
    id: userId, configId: userId + 100, userId, owner: { id: userId, name, email: `${name.toLowerCase().replace(' ', '.')}@example.com`, username: name },
    apiKeySet: true, apiKeyLast4: 'a1b2', credentialKind: 'refresh', propId: 123456, syncEnabled: true, syncHistoricalDays: 365, syncFutureDays: 365,
    lastSync: '2026-06-01T12:00:00', lastAttemptAt: '2026-06-01T12:00:00', lastError: null, lastErrorCode: null, needsCredentials: false,
    lastCreated: 6, lastUpdated: 1, lastDeleted: 2, eventCount: 12, nextSyncAt: '2026-06-01T13:00:00',
    createdAt: '2026-05-01T09:00:00', updatedAt: '2026-06-01T12:00:00', ...changes,
  };
}

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

async function openAdmin(me: CurrentUser, path = '/admin/beds24') {
  let configs = [
    config(3, 'Ole Owner'),
    config(4, 'Kari Vert', { syncEnabled: false, needsCredentials: true, lastErrorCode: 'beds24_needs_credentials', lastError: 'Beds24 avviste nøkkelen' }),
  ];
  api = await startLocalApi((req: RecordedRequest) => {
    if (req.path === '/api/user') return { json: me };
    if (req.method === 'GET' && req.path === '/api/admin/beds24-configs') return { json: configs, headers: { 'Content-Range': `beds24-configs 0-${configs.length - 1}/${configs.length}` } };
    if (req.method === 'GET' && req.path === '/api/admin/beds24-config/3') return { json: configs[0] };
    if (req.method === 'POST' && req.path === '/api/admin/beds24-config/3') {
      configs = [{ ...configs[0], ...(req.body as object) }, configs[1]];
      return { json: configs[0] };
    }
    if (req.method === 'POST' && req.path === '/api/admin/beds24-sync/3') return { json: { success: true, eventsCreated: 2, eventsUpdated: 1, eventsDeleted: 3 } };
    if (req.method === 'POST' && req.path === '/api/admin/beds24-config/3/test') {
      return { json: { ok: true, message: 'Tilkoblingen til Beds24 virker', scopes: ['read:bookings', 'read:bookings-personal'], propertyAccess: true, onlyPropertyId: null } };
    }
    if (req.method === 'GET' && req.path === '/api/admin/users') return { json: [], headers: { 'Content-Range': 'users 0-0/0' } };
    if (req.method === 'GET' && req.path === '/api/admin/all-ical-feeds') return { json: [], headers: { 'Content-Range': 'ical-feeds 0-0/0' } };
    if (req.method === 'GET' && req.path === '/api/admin/feed-health') return { json: { staleAfterHours: 24, total: 0, enabled: 0, failing: 0, stale: 0, feeds: [] } };
    if (req.method === 'POST' && req.path === '/api/admin/users') return { status: 201, json: { id: 9, ...(req.body as object), isBlocked: false, lastLoginAt: null } };
    if (req.method === 'POST' && req.path === '/api/admin/beds24-config/9') return { status: 502, json: { message: 'Kunne ikke kontakte Beds24: network error', code: 'beds24_unreachable', params: { error: 'network error' } } };
    return undefined;
  });
  renderAdmin(api.apiUrl, path);
  return api;
}

describe('Beds24 configurations', { timeout: 60_000 }, () => {
  it('lists the configurations with their sync state, and syncs one with the counts in a toast', async () => {
    const server = await openAdmin(ada);
    const user = userEvent.setup();
    const ole = await rowOf('Ole Owner');
    expect(within(ole).getByText('123456')).toBeInTheDocument();
    expect(within(ole).getByText('6 nye, 1 endret, 2 slettet')).toBeInTheDocument();
    const kari = await rowOf('Kari Vert');
    expect(within(kari).getByText('Trenger ny API-nøkkel')).toBeInTheDocument();
    expect(within(kari).getByText('Beds24 avviste nøkkelen: en ny API-nøkkel trengs')).toBeInTheDocument();
    // 'Sync now' only while enabled.
    expect(within(kari).getByRole('button', { name: 'Synkronisering er slått av' })).toBeDisabled();

    await user.click(within(ole).getByRole('button', { name: 'Synkroniser nå' }));
    expect(await screen.findByText('Beds24 synkronisert: 2 nye, 1 endret, 3 slettet', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST' && r.path === '/api/admin/beds24-sync/3')).toHaveLength(1);

    await user.click(within(ole).getByRole('button', { name: 'Test tilkobling' }));
    expect(await screen.findByText('Tilkoblingen til Beds24 virker. Tilganger: read:bookings, read:bookings-personal', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('edits a configuration without sending the stored key', async () => {
    const server = await openAdmin(ada, '/admin/beds24/3');
    const user = userEvent.setup();
    expect(await screen.findByText('Lagret nøkkel: …a1b2', {}, { timeout: 15_000 })).toBeInTheDocument();
    const future = screen.getByLabelText(/^Fremtidige dager/);
    await user.clear(future);
    await user.type(future, '730');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST' && r.path === '/api/admin/beds24-config/3')).toBe(true));
    const saved = server.requests.find((r) => r.method === 'POST' && r.path === '/api/admin/beds24-config/3')!;
    expect(saved.body).toEqual({ propId: 123456, syncEnabled: true, syncHistoricalDays: 365, syncFutureDays: 730 });
  });

  it("creates a user with a Beds24 configuration; when only the configuration fails: 'Bruker opprettet, men Beds24-konfigurasjon feilet'", async () => {
    const server = await openAdmin(ada, '/admin/users/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^E-post/, {}, { timeout: 15_000 }), 'ny@example.com');
    await user.type(screen.getByLabelText(/^Navn/), 'Ny Vert');
    await user.type(screen.getByLabelText(/^Passord/), 'hemmelig-vertspassord');
    await user.type(screen.getByLabelText(/^API-nøkkel/), 'invite-abc');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    // Key without property: both are asked for.
    expect(await screen.findByText('API key and property ID are required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Eiendoms-ID/), '123456');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Bruker opprettet, men Beds24-konfigurasjon feilet: Kunne ikke kontakte Beds24: network error', {}, { timeout: 15_000 })).toBeInTheDocument();
    const created = server.requests.find((r) => r.method === 'POST' && r.path === '/api/admin/users')!;
    expect(created.body).not.toHaveProperty('beds24ApiKey');
    const attached = server.requests.find((r) => r.method === 'POST' && r.path === '/api/admin/beds24-config/9')!;
    expect(attached.body).toEqual({ apiKey: 'invite-abc', propId: 123456, syncEnabled: true, syncHistoricalDays: 365, syncFutureDays: 365 });
  });

  it('shows in the sync-health view beside the iCal feeds, for admins', async () => {
    await openAdmin(ada, '/admin/ical-feeds');
    const panel = await screen.findByRole('region', { name: 'Beds24-synkronisering' }, { timeout: 15_000 });
    expect(within(panel).getByText('2 konfigurasjoner, 1 aktive, 1 med problemer')).toBeInTheDocument();
    expect(within(panel).getByText('Kari Vert · Eiendoms-ID 123456')).toBeInTheDocument();
  });

  it('is not a tab for mini admins, nor in their sync-health view', async () => {
    const server = await openAdmin(mia, '/admin/ical-feeds');
    await screen.findAllByText('Alle kalenderfeeder', {}, { timeout: 15_000 });
    expect(screen.queryByText('Beds24')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Beds24-synkronisering' })).toBeNull();
    expect(server.requests.some((r) => r.path === '/api/admin/beds24-configs')).toBe(false);
  });
});
