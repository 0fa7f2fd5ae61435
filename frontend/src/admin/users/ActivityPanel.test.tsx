/**
 * The activity panel on a user's page in the back office, against a real local HTTP server playing the API: an admin
 * reads the user's timeline in words with the staff member's name; a mini admin gets no panel and asks for nothing.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../api/types';
import type { CurrentUser } from '../authProvider';
import { startLocalApi, type LocalApi, type RecordedRequest } from '../../test/localApi';
import { renderAdmin } from '../testing/renderAdmin';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };
const ole = {
  id: 3, username: 'ole@example.com', name: 'Ole', email: 'ole@example.com', isAdmin: false, isMiniAdmin: false, isBlocked: false,
  blockReason: null, blockedAt: null, adminInfo: null, adminInfoUpdatedAt: null, lastLoginAt: null, phoneNumber: null, accountNumber: null, createdAt: '2026-01-01T10:00:00.000Z',
};
const timeline: ActivityEntry[] = [
  { id: 2, action: 'account.blocked', createdAt: '2026-03-02T09:30:00.000Z', actorId: 1, actorName: 'Ada Admin', details: { reason: 'Ubetalt leie' }, browser: 'Firefox 128', os: 'Windows 10', ipPrefix: null },
  { id: 1, action: 'login', createdAt: '2026-03-01T20:15:00.000Z', actorId: 3, actorName: 'Ole', details: { method: 'password' }, browser: null, os: null, ipPrefix: null },
];

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

async function openAdmin(me: CurrentUser) {
  api = await startLocalApi((req: RecordedRequest) => {
    if (req.path === '/api/user') return { json: me };
    if (req.method === 'GET' && req.path === '/api/admin/users/3') return { json: ole };
    if (req.method === 'GET' && req.path === '/api/admin/users/3/account-number-history') return { json: [] };
    if (req.method === 'GET' && req.path === '/api/admin/users/3/activity') return { json: timeline, headers: { 'Content-Range': 'activity 0-1/2' } };
    return undefined;
  });
  renderAdmin(api.apiUrl, '/admin/users/3/show');
  return api;
}

describe('the activity panel', { timeout: 30_000 }, () => {
  it("shows an admin the user's timeline, newest first, who did what", async () => {
    await openAdmin(ada);
    const list = await screen.findByRole('list', { name: 'Aktivitet' }, { timeout: 10_000 });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]).getByRole('heading', { name: 'Kontoen ble blokkert' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Begrunnelse: Ubetalt leie');
    expect(items[0]).toHaveTextContent('02.03.2026 10:30 · Utført av Ada Admin · Firefox 128 på Windows 10');
    expect(within(items[1]).getByRole('heading', { name: 'Logget inn' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Utført av brukeren selv');
  });

  it('gives a mini admin no panel, and never asks for the timeline', async () => {
    const local = await openAdmin(mia);
    await screen.findByText('Endringer av kontonummer', {}, { timeout: 10_000 });
    expect(screen.queryByRole('list', { name: 'Aktivitet' })).not.toBeInTheDocument();
    expect(local.requests.some((r) => r.path.endsWith('/activity'))).toBe(false);
  });
});
