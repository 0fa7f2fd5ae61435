/**
 * 'Mine Utbetalinger' against a real local HTTP server: the four cards to the øre, the month grid in whole kroner
 * with ',-', statuses and notes, the detail table, the empty text, the statement links, nb and en formats.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../test/localApi';
import i18n from '../../i18n';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { PayoutsPage } from './PayoutsPage';
import type { Payout } from './types';

let api: LocalApi | undefined;
beforeEach(() => i18n.changeLanguage('nb'));
afterEach(async () => {
  await api?.close();
  api = undefined;
  await i18n.changeLanguage('nb');
});

const thisYear = new Date().getFullYear();
let id = 0;
const payout = (year: number, month: number, amount: string, status: Payout['status'], notes: string | null = null, paidDate: string | null = null): Payout => ({
  id: ++id, userId: 7, propertyId: 30, year, month, amount, currency: 'NOK', status, rentalDays: null, paidDate, notes, registeredById: 1, createdAt: '', updatedAt: '',
});

/** Spaces of any width (Intl writes no-break spaces) as plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\s\u00a0\u202f]/g, ' ');

async function openPage(byYear: Record<number, Payout[]>, at = '/payouts') {
  api = await startApiForApp((req) => {
    const m = /^\/api\/user\/payouts\/year\/(\d{4})$/.exec(req.path);
    if (req.method === 'GET' && m) return { json: byYear[Number(m[1])] ?? [] };
    return undefined;
  });
  return renderWithApp(<MemoryRouter initialEntries={[at]}><PayoutsPage /></MemoryRouter>);
}

const card = (container: HTMLElement, key: string) => plain(container.querySelector(`[data-card="${key}"]`)?.textContent);
const month = (container: HTMLElement, n: number) => plain(container.querySelector(`[data-month="${n}"]`)?.textContent);

describe('PayoutsPage', { timeout: 20_000 }, () => {
  it('opens the year and marks the payout a notification links to (?year=&payout=)', async () => {
    const other = payout(2031, 3, '10.00', 'pending');
    const marked = payout(2031, 4, '850.50', 'paid');
    const { container } = await openPage({ 2031: [other, marked] }, `/payouts?year=2031&payout=${marked.id}`);
    await waitFor(() => expect(container.querySelector(`[data-payout="${marked.id}"]`)).not.toBeNull());
    expect(container.querySelector(`[data-payout="${marked.id}"]`)).toHaveClass('Mui-selected');
    expect(container.querySelector(`[data-payout="${other.id}"]`)).not.toHaveClass('Mui-selected');
    expect(screen.getByRole('combobox', { name: 'År' })).toHaveTextContent('2031');
  });

  it('sums the year exactly and applies the card rules', async () => {
    const { container } = await openPage({
      [thisYear]: [
        payout(thisYear, 1, '0.10', 'paid', 'Januar'),
        payout(thisYear, 1, '0.20', 'sent', 'Korrigering'),
        payout(thisYear, 2, '99999999.99', 'pending'),
        payout(thisYear, 3, '1500.50', 'offset', 'Strøm'),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Mine Utbetalinger' })).toBeInTheDocument();
    await waitFor(() => expect(card(container, 'net')).toBe('Netto for året99 998 499,79 kr'));
    expect(card(container, 'paidOut')).toBe('Utbetalt0,30 kr');
    expect(card(container, 'pending')).toBe('Venter99 999 999,99 kr');
    expect(card(container, 'offset')).toBe('Motregnet−1 500,50 kr');

    expect(month(container, 1)).toBe('januar0,-BetaltUtbetaling sendtJanuarKorrigering');
    expect(month(container, 2)).toBe('februar100 000 000,-Venter');
    expect(month(container, 3)).toBe('mars−1 501,-MotregningStrøm');
    expect(month(container, 4)).toBe('april–');

    const table = screen.getByRole('table', { name: 'Detaljer' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(plain(within(table).getAllByRole('row')[3].textContent)).toBe(`februar ${thisYear}99 999 999,99 NOKVenter`);

    expect(screen.getByRole('link', { name: 'Årsoppgave (PDF)' })).toHaveAttribute('href', `/api/user/payouts/year/${thisYear}/statement.pdf?lang=nb`);
    expect(screen.getByRole('link', { name: 'Årsoppgave (CSV)' })).toHaveAttribute('href', `/api/user/payouts/year/${thisYear}/statement.csv?lang=nb`);
  });

  it('offers this year − 2 … + 1, shows a negative net in red and an empty year\'s text', async () => {
    const user = userEvent.setup();
    const { container } = await openPage({ [thisYear - 2]: [payout(thisYear - 2, 5, '100.00', 'paid'), payout(thisYear - 2, 6, '250.00', 'offset')] });
    expect(await screen.findByText(`Ingen utbetalinger registrert for ${thisYear}`)).toBeInTheDocument();
    // No chart of an empty year: its empty state instead.
    expect(screen.getByText(`Ingen utbetalinger å vise i diagrammet for ${thisYear}.`)).toBeInTheDocument();
    expect(container.querySelector('[data-chart]')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'År' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([thisYear - 2, thisYear - 1, thisYear, thisYear + 1].map(String));
    await user.click(screen.getByRole('option', { name: String(thisYear - 2) }));
    await waitFor(() => expect(card(container, 'net')).toBe('Netto for året−150,00 kr'));
    expect(container.querySelector('[data-chart]')).not.toBeNull();
    expect(container.querySelector('[data-chart-empty]')).toBeNull();
    const net = container.querySelector('[data-card="net"] p:last-child')!;
    expect(getComputedStyle(net).color).toBe('rgb(211, 47, 47)');
    expect(getComputedStyle(container.querySelector('[data-card="paidOut"] p:last-child')!).color).not.toBe('rgb(211, 47, 47)');
  });

  it('shows the paid date the office set, as dd.MM.yyyy in both languages, and nothing where none is set', async () => {
    const rows = { [thisYear]: [payout(thisYear, 1, '100.00', 'paid', 'Januar', `${thisYear}-02-03`), payout(thisYear, 2, '50.00', 'pending')] };
    await openPage(rows);
    const table = await screen.findByRole('table', { name: 'Detaljer' });
    expect(within(table).getByRole('columnheader', { name: 'Betalt dato' })).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(plain(within(table).getAllByRole('row')[1].textContent)).toBe(`januar ${thisYear}100,00 NOKBetalt03.02.${thisYear}Januar`);
    expect(plain(within(table).getAllByRole('row')[2].textContent)).toBe(`februar ${thisYear}50,00 NOKVenter`);
    cleanup();
    await api!.close();
    await i18n.changeLanguage('en');
    await openPage(rows);
    const english = await screen.findByRole('table', { name: 'Details' });
    expect(within(english).getByRole('columnheader', { name: 'Paid date' })).toBeInTheDocument();
    await waitFor(() => expect(within(english).getByText(`03.02.${thisYear}`)).toBeInTheDocument());
  });

  it('writes English numbers in English', async () => {
    await i18n.changeLanguage('en');
    const { container } = await openPage({ [thisYear]: [payout(thisYear, 2, '99999999.99', 'pending'), payout(thisYear, 2, '0.01', 'paid')] });
    await waitFor(() => expect(card(container, 'net')).toBe('Net for the yearNOK 100,000,000.00'));
    expect(month(container, 2)).toBe('FebruaryNOK 100,000,000PendingPaid');
    expect(screen.getByRole('link', { name: 'Year statement (PDF)' })).toHaveAttribute('href', `/api/user/payouts/year/${thisYear}/statement.pdf?lang=en`);
  });

  it("follows the chosen property: its payouts, its statement and the choice where there are two; a viewer without money is told so", async () => {
    const user = userEvent.setup();
    const properties = [
      { id: 4, name: 'Hjemme', address: null, timezone: 'Europe/Oslo', role: 'owner', share: 100, canSeeMoney: true },
      { id: 8, name: 'Fjellhytta', address: null, timezone: 'Europe/Oslo', role: 'viewer', share: null, canSeeMoney: false },
      { id: 9, name: 'Sjøhuset', address: null, timezone: 'Europe/Oslo', role: 'co-owner', share: 50, canSeeMoney: true },
    ];
    api = await startApiForApp((req) => {
      if (req.path === '/api/properties') return { json: properties };
      if (req.path !== `/api/user/payouts/year/${thisYear}`) return undefined;
      const propertyId = req.query.get('propertyId');
      if (propertyId === '8') return { status: 403, json: { message: 'Du har ikke tilgang til utbetalingene for denne eiendommen', code: 'property_money_hidden' } };
      return { json: [payout(thisYear, propertyId === '9' ? 7 : 1, propertyId === '9' ? '900.00' : '100.00', 'paid')] };
    });
    const { container } = renderWithApp(<MemoryRouter initialEntries={['/payouts?property=9']}><PayoutsPage /></MemoryRouter>);
    await waitFor(() => expect(month(container, 7)).toBe('juli900,-Betalt'));
    expect(screen.getByRole('link', { name: 'Årsoppgave (PDF)' })).toHaveAttribute('href', `/api/user/payouts/year/${thisYear}/statement.pdf?lang=nb&propertyId=9`);

    await user.click(await screen.findByRole('combobox', { name: 'Eiendom' }));
    await user.click(screen.getByRole('option', { name: /Fjellhytta/ }));
    expect(await screen.findByText(/Du har ikke tilgang til utbetalingene for denne eiendommen/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Årsoppgave (PDF)' })).toBeNull();
    expect(screen.queryByText('Kunne ikke laste utbetalinger')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Eiendom' }));
    await user.click(screen.getByRole('option', { name: 'Hjemme' }));
    await waitFor(() => expect(month(container, 1)).toBe('januar100,-Betalt'));
    // The first property is asked for without ?propertyId=.
    expect(api!.requests.filter((r) => r.path.startsWith('/api/user/payouts')).map((r) => r.query.get('propertyId'))).toEqual(['9', '8', null]);
  });

  it('takes staff, who have no payouts of their own, to the payouts overview', async () => {
    api = await startApiForApp((req) => (req.path === '/api/user' ? { json: { id: 1, username: 'ada@example.com', name: 'Ada', isAdmin: false, isMiniAdmin: true } } : { json: [] }));
    renderWithApp(
      <MemoryRouter initialEntries={['/payouts']}>
        <Routes>
          <Route path="/payouts" element={<PayoutsPage />} />
          <Route path="/admin/payouts" element={<p>the payouts overview</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('the payouts overview')).toBeInTheDocument();
    expect(api!.requests.some((r) => r.path.startsWith('/api/user/payouts'))).toBe(false);
  });
});
