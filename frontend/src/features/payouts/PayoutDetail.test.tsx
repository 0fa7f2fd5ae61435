/**
 * A payout explained, against a real local HTTP server: a notification's link (`?payout=`) opens the payout with its
 * lines, receipts, the month's stays and nights per channel; the table's month opens it too; and a line's 'Spør om
 * denne' carries the owner to /cases with a new case that names the payout and the line, their message still to write.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../api/types';
import i18n from '../../i18n';
import type { LocalApi, RecordedRequest } from '../../test/localApi';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { CasesPage } from '../cases/CasesPage';
import { setSocketConnected } from '../notifications/connection';
import { PayoutsPage } from './PayoutsPage';
import type { Payout, PayoutDetail } from './types';

const OWNER = { id: 7, username: 'ole@example.com', email: 'ole@example.com', name: 'Ole Eier', isAdmin: false, isMiniAdmin: false } as unknown as User;

const payout: Payout = {
  id: 41, userId: 7, propertyId: 30, year: 2031, month: 3, amount: '7450.00', currency: 'NOK', status: 'paid', rentalDays: 9, paidDate: '2031-04-05',
  notes: null, registeredById: 1, createdAt: '', updatedAt: '',
};
const line = (id: number) => ({ id, payoutId: payout.id, imported: false, createdAt: '', updatedAt: '' });
const detail: PayoutDetail = {
  payout,
  rentalDays: 9,
  ownerNights: 0,
  timezone: 'Europe/Oslo',
  lines: [
    { ...line(301), kind: 'rent', description: 'Leie mars', amount: '9000.00', bookingRef: null, receipt: null },
    { ...line(302), kind: 'adjustment', description: 'Vask etter gjester', amount: '-1200.00', bookingRef: 'HMABC123', receipt: { name: 'vask.pdf', contentType: 'application/pdf', byteSize: 2048 } },
    { ...line(303), kind: 'commission', description: '', amount: '-350.00', bookingRef: null, receipt: null },
  ],
  stays: [
    { ref: 'HMABC123', channel: 'airbnb', start: '2031-02-27', end: '2031-03-04', nights: 3 },
    { ref: 'BDC-77', channel: 'booking', start: '2031-03-20', end: '2031-03-26', nights: 6 },
  ],
  nightsByChannel: { airbnb: 3, booking: 6 },
};

/** Spaces of any width (Intl writes no-break spaces) as plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\s\u00a0\u202f]/g, ' ');

let api: LocalApi | undefined;
beforeEach(async () => {
  await i18n.changeLanguage('nb');
  setSocketConnected(true);
});
afterEach(async () => {
  await api?.close();
  api = undefined;
  setSocketConnected(false);
});

async function open(at: string, posted: RecordedRequest[] = []) {
  api = await startApiForApp((req) => {
    if (req.path === '/api/user') return { json: OWNER };
    if (req.path === '/api/properties') return { json: [] };
    if (req.method === 'GET' && req.path === '/api/user/payouts/year/2031') return { json: [payout] };
    if (req.method === 'GET' && req.path === `/api/user/payouts/${payout.id}`) return { json: detail };
    if (req.method === 'GET' && req.path === '/api/cases') return { json: [] };
    if (req.path === '/api/cases/unread-count') return { json: { count: 0 } };
    if (req.method === 'POST' && req.path === '/api/cases') {
      posted.push(req);
      return { status: 201, json: { id: 9 } };
    }
    return undefined;
  });
  return renderWithApp(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/payouts" element={<PayoutsPage />} />
        <Route path="/cases" element={<CasesPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('a payout explained', { timeout: 20_000 }, () => {
  it('opens from a notification’s link with its lines, receipt, stays and nights per channel', async () => {
    await open(`/payouts?year=2031&payout=${payout.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Utbetaling for mars 2031' });
    expect(plain(dialog.querySelector('[data-payout-amount]')?.textContent)).toBe('7 450,00 NOK');
    expect(within(dialog).getByText('Betalt 05.04.2031')).toBeInTheDocument();

    const lines = within(dialog).getByRole('table', { name: 'Linjer' });
    const rows = within(lines).getAllByRole('row');
    expect(rows.map((r) => plain(r.textContent))).toEqual([
      'TypeBeskrivelseBestillingBeløpHandlinger',
      'LeieinntektLeie mars9 000,00 NOKSpør om denne',
      'JusteringVask etter gjesterHMABC123−1 200,00 NOKKvitteringSpør om denne',
      'Provisjon−350,00 NOKSpør om denne',
      'Sum7 450,00 NOK',
    ]);
    expect(within(rows[2]).getByRole('link', { name: 'Kvittering' })).toHaveAttribute('href', `/api/user/payouts/${payout.id}/lines/302/receipt`);

    expect(within(dialog).getByText('9 utleienetter denne måneden · 9 utleiedager')).toBeInTheDocument();
    expect(within(dialog).getByText('booking: 6 netter')).toBeInTheDocument();
    const stays = within(dialog).getByRole('table', { name: 'Opphold i måneden' });
    expect(within(stays).getAllByRole('row').map((r) => plain(r.textContent))).toEqual([
      'BestillingKanalDatoerNetter',
      'HMABC123airbnb27.02.2031 – 04.03.20313',
      'BDC-77booking20.03.2031 – 26.03.20316',
    ]);
  });

  it('opens from the table, and a line’s question becomes a case that names the payout and the line', async () => {
    const posted: RecordedRequest[] = [];
    await open('/payouts?year=2031', posted);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'mars 2031' }));
    const dialog = await screen.findByRole('dialog', { name: 'Utbetaling for mars 2031' });
    const cleaning = (await within(dialog).findByText('Vask etter gjester')).closest('tr')!;
    await user.click(within(cleaning as HTMLElement).getByRole('button', { name: 'Spør om denne' }));

    const newCase = await screen.findByRole('dialog', { name: 'Ny sak' });
    expect(within(newCase).getByRole('textbox', { name: 'Tittel' })).toHaveValue('Spørsmål om Vask etter gjester (mars 2031)');
    expect(within(newCase).getByText(/Saken gjelder utbetalingslinjen/)).toBeInTheDocument();
    await waitFor(() => expect(within(newCase).getByRole('textbox', { name: 'Første melding' })).toHaveFocus());
    await user.keyboard('Hvorfor koster vasken mer enn før?');
    await user.click(within(newCase).getByRole('button', { name: 'Opprett sak' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].body).toEqual({
      title: 'Spørsmål om Vask etter gjester (mars 2031)', category: 'billing', priority: 'medium', message: 'Hvorfor koster vasken mer enn før?',
      payoutId: payout.id, payoutLineId: 302,
    });
  });
});
