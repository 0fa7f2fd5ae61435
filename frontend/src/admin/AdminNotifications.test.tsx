/**
 * The bell in the back office's app bar against a real local HTTP server: the unread count, and each link opening
 * where it belongs: a back-office address in place (react-admin's routes, no page load), an app address by leaving
 * the back office (docs/product/notifications.md#screens).
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppNotification } from '../api/types';
import type { LocalApi } from '../test/localApi';
import { startApiForApp } from '../test/renderWithApi';
import { renderAdmin } from './testing/renderAdmin';

const note = (id: number, type: AppNotification['type'], link: string | null, title: string): AppNotification => ({
  id, type, link, title, message: '', texts: { nb: { title, message: '' }, en: { title, message: '' } }, params: {}, read: false, createdAt: '2025-06-01T10:00:00.000Z',
});
const NOTIFICATIONS = [
  note(1, 'staff_beds24_key_refused', '/admin/beds24/3', 'Beds24-nøkkel avvist'),
  note(2, 'booking_conflict', '/?date=2027-07-04&user=3', 'Dobbeltbooking'),
];
const BEDS24 = {
  id: 3, configId: 9, userId: 3, owner: { id: 3, name: 'Ole Owner', username: 'ole@example.com' }, apiKeySet: true, apiKeyLast4: 'abcd', credentialKind: 'refresh',
  propId: 77, syncEnabled: true, syncHistoricalDays: 365, syncFutureDays: 365, lastSync: null, lastAttemptAt: null, lastError: null, lastErrorCode: null,
  needsCredentials: true, lastCreated: 0, lastUpdated: 0, lastDeleted: 0, eventCount: 0,
};
const admin = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false, twoFactorEnabled: true };

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

async function openBell() {
  const left: string[] = [];
  api = await startApiForApp((req) => {
    if (req.path === '/api/user') return { json: admin };
    if (req.path === '/api/notifications') return { json: { notifications: NOTIFICATIONS, total: 2, unread: 2 } };
    if (req.method === 'GET' && req.path === '/api/admin/users') return { json: [], headers: { 'Content-Range': 'users 0-0/0' } };
    if (req.path === '/api/system-settings') return { json: [] };
    if (req.path === '/api/admin/beds24-config/3') return { json: BEDS24 };
    return { json: {} };
  });
  renderAdmin(api.apiUrl, '/admin/users', (path) => left.push(path));
  const bell = await screen.findByRole('button', { name: 'Varsler, 2 uleste' }, { timeout: 10_000 });
  expect(screen.getByTestId('notification-badge')).toHaveTextContent('2');
  await userEvent.click(bell);
  return left;
}

describe('the back office bell', { timeout: 30_000 }, () => {
  it('opens a back-office link in place', async () => {
    const left = await openBell();
    await userEvent.click(await screen.findByText('Beds24-nøkkel avvist'));
    // The connection's edit page, on react-admin's routes: no page load.
    expect(await screen.findByText('Ole Owner (ole@example.com)', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(left).toEqual([]);
    await waitFor(() => expect(api!.requests.some((r) => r.method === 'PATCH' && r.path === '/api/notifications/1/read')).toBe(true));
  });

  it('leaves the back office for a link into the app', async () => {
    const left = await openBell();
    await userEvent.click(await screen.findByText('Dobbeltbooking'));
    await waitFor(() => expect(left).toEqual(['/?date=2027-07-04&user=3']));
  });
});
