/**
 * The appointment tabs of the back office against a local HTTP server playing the API: an admin sees the weekly
 * hours with their staff and the slot length, adds a range with a staff member found by the server-side picker,
 * and cancels a booking after confirming; a mini admin reads the same pages with no control the server would refuse.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../authProvider';
import { startApiForApp } from '../../test/renderWithApi';
import type { LocalApi, RecordedRequest } from '../../test/localApi';
import { renderAdmin } from '../testing/renderAdmin';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };
const siri = { id: 5, name: 'Siri Stab', username: 'siri@example.com', email: 'siri@example.com', isAdmin: true, isMiniAdmin: false, isBlocked: false, lastLoginAt: null };
const HOURS = [{ id: 1, weekday: 2, startTime: '09:00', endTime: '11:00', staffUserIds: [5], staffNames: ['Siri Stab'], updatedAt: '2026-05-01T10:00:00.000Z' }];
const booking = (status: 'booked' | 'cancelled') => ({
  id: 7, start: '2026-06-02T07:00:00.000Z', end: '2026-06-02T07:30:00.000Z', status, agreementId: 11, staffUserId: 5, staffName: 'Siri Stab', userId: 3, userName: 'Ole Eier',
  subject: 'Gjennomgang', description: null, location: 'video', phone: null, cancelledAt: null, createdAt: '2026-05-20T10:00:00.000Z',
});

/** The back office's first paint loads react-admin and the resource's chunk: slow on a busy machine. */
const FIRST_PAINT = { timeout: 20_000 };

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

async function openAdmin(me: CurrentUser, path: string) {
  let status: 'booked' | 'cancelled' = 'booked';
  // The staff picker is the main app's (shared/components/UserPicker.tsx): it asks '/api/…', pointed at this server too.
  api = await startApiForApp((req: RecordedRequest) => {
    if (req.path === '/api/user') return { json: me };
    if (req.path === '/api/system-settings') return { json: [{ key: 'appointments.slotMinutes', value: '45', updatedAt: '2026-05-01T10:00:00.000Z' }] };
    if (req.method === 'GET' && req.path === '/api/admin/users') return { json: [siri], headers: { 'Content-Range': 'users 0-0/1' } };
    if (req.method === 'GET' && req.path === '/api/admin/appointment-hours') return { json: HOURS, headers: { 'Content-Range': 'appointment-hours 0-0/1' } };
    if (req.method === 'POST' && req.path === '/api/admin/appointment-hours') return { status: 201, json: { id: 2, ...(req.body as object), staffNames: ['Siri Stab'], updatedAt: '2026-05-02T10:00:00.000Z' } };
    if (req.method === 'GET' && req.path === '/api/appointments') return { json: [booking(status)], headers: { 'Content-Range': 'appointments 0-0/1' } };
    if (req.method === 'GET' && req.path === '/api/appointments/7') return { json: booking(status) };
    if (req.method === 'DELETE' && req.path === '/api/appointments/7') {
      status = 'cancelled';
      return { json: booking(status) };
    }
    return undefined;
  });
  renderAdmin(api.apiUrl, path);
  return api;
}

// Three pages of react-admin per test on a shared two-core machine.
describe('appointments in the back office', { timeout: 90_000 }, () => {
  it('lets an admin read the hours and slot length and add a range with a staff member from the picker', async () => {
    const server = await openAdmin(ada, '/admin/appointment-hours');
    const user = userEvent.setup();
    expect(await screen.findByText('Siri Stab', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByText('Tirsdag')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Minutter' })).toHaveValue('45');

    await user.click(screen.getByRole('link', { name: /Opprett|Create/ }));
    await screen.findByRole('combobox', { name: 'Legg til ansatt' }, FIRST_PAINT);
    await user.type(screen.getByRole('combobox', { name: 'Legg til ansatt' }), 'Siri');
    await user.click(await screen.findByRole('option', { name: /Siri Stab/ }));
    expect(screen.getByRole('listitem')).toHaveTextContent('Siri Stab');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'POST' && r.path === '/api/admin/appointment-hours').map((r) => r.body)).toEqual([{ weekday: 1, startTime: '09:00', endTime: '15:00', staffUserIds: [5] }]));
    const search = server.requests.find((r) => r.path === '/api/admin/users' && r.query.get('filter')?.includes('isStaff'));
    expect(JSON.parse(search!.query.get('filter')!)).toMatchObject({ isStaff: true });
  });

  it('lets an admin cancel a booking after confirming', async () => {
    const server = await openAdmin(ada, '/admin/appointments/7/show');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Avlys timen' }, FIRST_PAINT));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Avlyse timen?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Bekreft|Confirm/ }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/appointments/7')).toBe(true));
    expect(await screen.findByText('Avlyst')).toBeInTheDocument();
  });

  it('shows a mini admin the same pages without controls', async () => {
    await openAdmin(mia, '/admin/appointment-hours');
    expect(await screen.findByText('Siri Stab', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(await screen.findByText('45 min')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Minutter' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Opprett|Create/ })).toBeNull();
    cleanup();
    await api?.close();
    await openAdmin(mia, '/admin/appointments/7/show');
    expect(await screen.findByText('Gjennomgang', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Avlys timen' })).toBeNull();
  });
});
