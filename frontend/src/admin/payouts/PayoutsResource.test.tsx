/**
 * The payouts tab as the main app mounts the back office, against a real local HTTP server playing the API: an
 * admin filters by owner and year, sees the year overview, registers a payout (disabled until owner and amount are
 * given; 'calculate rental days' fills the field), edits and deletes with confirmation; a mini admin reads only.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../authProvider';
import { startLocalApi, type LocalApi, type RecordedRequest } from '../../test/localApi';
import { findDateInput, typeDate } from '../../test/dateFields';
import { renderAdmin, rowOf } from '../testing/renderAdmin';
import type { AdminPayout } from './types';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };
const ole = { id: 3, name: 'Ole Owner', email: 'ole@example.com', username: 'ole@example.com', isAdmin: false, isMiniAdmin: false, isBlocked: false, lastLoginAt: null };
const year = new Date().getFullYear();

const payout = (id: number, changes: Partial<AdminPayout>): AdminPayout => ({
  id, userId: ole.id, propertyId: 30, propertyName: 'Fjellhytta', userName: ole.name, username: ole.username, year, month: 1, amount: '12500.50', currency: 'NOK', status: 'paid', rentalDays: 20,
  paidDate: null, notes: null, registeredById: 1, createdAt: '2026-01-31T10:00:00.000Z', updatedAt: '2026-01-31T10:00:00.000Z', ...changes,
});

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

async function openAdmin(me: CurrentUser, path = '/admin/payouts') {
  let payouts = [payout(1, { notes: 'Januar' }), payout(2, { month: 2, amount: '300.00', status: 'offset', notes: 'Strøm' })];
  api = await startLocalApi((req: RecordedRequest) => {
    if (req.path === '/api/user') return { json: me };
    if (req.method === 'GET' && req.path === '/api/admin/users') return { json: [ole], headers: { 'Content-Range': 'users 0-0/1' } };
    if (req.method === 'GET' && req.path === '/api/admin/users/3') return { json: ole };
    if (req.method === 'GET' && req.path === '/api/admin/payouts') return { json: payouts, headers: { 'Content-Range': `payouts 0-${payouts.length - 1}/${payouts.length}` } };
    if (req.method === 'GET' && req.path === `/api/admin/payouts/user/3/year/${year}`) return { json: payouts };
    const one = /^\/api\/admin\/payouts\/(\d+)$/.exec(req.path);
    if (one && req.method === 'GET') return { json: payouts.find((p) => p.id === Number(one[1])) };
    if (one && req.method === 'PATCH') {
      payouts = payouts.map((p) => (p.id === Number(one[1]) ? { ...p, ...(req.body as object) } : p));
      return { json: payouts.find((p) => p.id === Number(one[1])) };
    }
    if (one && req.method === 'DELETE') {
      payouts = payouts.filter((p) => p.id !== Number(one[1]));
      return { json: { message: 'Utbetalingen er slettet', id: Number(one[1]) } };
    }
    if (req.method === 'POST' && req.path === '/api/admin/payouts/calculate-rental-days') return { json: { rentalDays: 17, message: '17 utleiedager i 03.2026' } };
    if (req.method === 'POST' && req.path === '/api/admin/payouts') {
      const created = payout(9, req.body as Partial<AdminPayout>);
      payouts = [...payouts, created];
      return { status: 201, json: created };
    }
    return undefined;
  });
  renderAdmin(api.apiUrl, path);
  return api;
}

describe('payouts in the back office', { timeout: 60_000 }, () => {
  it('lists payouts filtered by year, with exact amounts, statuses and the year overview once an owner is chosen', async () => {
    const server = await openAdmin(ada);
    const row = await rowOf('Januar');
    expect(within(row).getByText('Ole Owner')).toBeInTheDocument();
    expect(within(row).getByText(`01.${year}`)).toBeInTheDocument();
    expect(row.textContent).toMatch(/12\s500,50 NOK/);
    expect(within(row).getByText('Betalt')).toBeInTheDocument();
    expect(within(await rowOf('Strøm')).getByText('Motregning')).toBeInTheDocument();
    const listRead = server.requests.find((r) => r.path === '/api/admin/payouts' && r.query.has('filter'))!;
    expect(JSON.parse(listRead.query.get('filter')!)).toEqual({ year });
    // The overview is a chunk of its own: it shows once loaded.
    expect(await screen.findByText('Velg en bruker og et år for å se årsoversikten per måned')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Registrer utbetaling' })).toBeInTheDocument();

    await openAdminWithOwner(server);
  });

  async function openAdminWithOwner(server: LocalApi) {
    cleanup();
    const filter = encodeURIComponent(JSON.stringify({ userId: 3, year }));
    renderAdmin(server.apiUrl, `/admin/payouts?filter=${filter}`);
    await rowOf('Januar');
    // 12 500,50 − 300,00 (offset) = 12 200,50
    expect(await screen.findByText(/Årsoversikt \d{4} · netto 12\s200,50 kr/, {}, { timeout: 15_000 })).toBeInTheDocument();
    await waitFor(() => expect(server.requests.some((r) => r.path === `/api/admin/payouts/user/3/year/${year}`)).toBe(true));
  }

  it('registers a payout: disabled without owner and amount, rental days calculated, amount sent as a decimal string', async () => {
    const server = await openAdmin(ada, '/admin/payouts/create');
    const user = userEvent.setup();
    const register = await screen.findByRole('button', { name: 'Registrer utbetaling' }, { timeout: 15_000 });
    expect(register).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Beregn utleiedager' }));
    expect(await screen.findByText('Velg bruker, måned og år først')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Bruker' }));
    await user.click(await screen.findByRole('option', { name: 'Ole Owner (ole@example.com)' }));
    expect(register).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Beløp' }), '1 250,50');
    await waitFor(() => expect(register).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Beregn utleiedager' }));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Utleiedager' })).toHaveValue(17));
    expect(server.requests.find((r) => r.path === '/api/admin/payouts/calculate-rental-days')!.body).toEqual({ userId: 3, month: new Date().getMonth() + 1, year });

    await user.click(register);
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST' && r.path === '/api/admin/payouts')).toBe(true));
    expect(server.requests.find((r) => r.method === 'POST' && r.path === '/api/admin/payouts')!.body).toEqual({
      userId: 3, month: new Date().getMonth() + 1, year, amount: '1250.50', currency: 'NOK', status: 'pending', paidDate: null, rentalDays: 17, notes: null,
    });
  });

  it('edits by PATCH and deletes after confirmation', async () => {
    const server = await openAdmin(ada, '/admin/payouts/1');
    const user = userEvent.setup();
    const amount = await screen.findByRole('textbox', { name: 'Beløp' }, { timeout: 15_000 });
    await user.clear(amount);
    await user.type(amount, '-5');
    await user.click(screen.getByRole('button', { name: /Lagre/ }));
    expect(await screen.findByText('Beløpet kan ikke være negativt')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '13000');
    await user.click(screen.getByRole('button', { name: /Lagre/ }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(server.requests.find((r) => r.method === 'PATCH')!.body).toEqual({ amount: '13000', status: 'paid', paidDate: null, rentalDays: 20, notes: 'Januar' });

    await rowOf('Januar'); // back on the list after saving
    cleanup();
    renderAdmin(server.apiUrl, '/admin/payouts/1');
    await user.click(await screen.findByRole('button', { name: /Slett/ }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Er du sikker på at du vil slette denne utbetalingen? Dette kan ikke angres.')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /Bekreft|Ja/ }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/admin/payouts/1')).toBe(true));
  });

  it('sets the paid date with the app\'s date field (dd.MM.yyyy), sent as YYYY-MM-DD, and shows the stored one', async () => {
    const server = await openAdmin(ada, '/admin/payouts/1');
    const user = userEvent.setup();
    expect(await findDateInput('Betalt dato', undefined, { timeout: 15_000 })).toHaveValue('');
    await typeDate(user, 'Betalt dato', '03.02.2026');
    await user.click(screen.getByRole('button', { name: /Lagre/ }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(server.requests.find((r) => r.method === 'PATCH')!.body).toMatchObject({ status: 'paid', paidDate: '2026-02-03' });

    await rowOf('Januar');
    cleanup();
    renderAdmin(server.apiUrl, '/admin/payouts/1');
    expect(await findDateInput('Betalt dato', undefined, { timeout: 15_000 })).toHaveValue('03.02.2026');
  });

  it('shows a mini admin the list read-only', async () => {
    await openAdmin(mia);
    await rowOf('Januar');
    expect(screen.getByText('Kun lesing')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Registrer utbetaling' })).toBeNull();
  });
});
