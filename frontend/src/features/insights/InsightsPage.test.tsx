/**
 * 'Året' against a real local HTTP server: the five figures against last year, each chart's table (read by screen
 * readers, shown on request), the year switcher, Norwegian and English number formats, and a viewer without money.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import type { LocalApi } from '../../test/localApi';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { InsightsPage } from './InsightsPage';
import type { Insights, YearFigures } from './insightsApi';

let api: LocalApi | undefined;
beforeEach(() => i18n.changeLanguage('nb'));
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
  await i18n.changeLanguage('nb');
});

const thisYear = new Date().getFullYear();
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\s\u00a0\u202f]/g, ' ');

function figures(year: number, fields: Partial<YearFigures> = {}): YearFigures {
  return {
    year, nightsAvailable: 360, nightsBooked: 0, ownerNights: 5, occupancy: 0, nightsByChannel: {}, payoutTotal: '0.00', payoutPerBookedNight: null,
    byMonth: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, nightsAvailable: 30, nightsBooked: 0, ownerNights: 0, occupancy: 0, payoutTotal: '0.00' })),
    ...fields,
  };
}

function insights(year: number): Insights {
  const current = figures(year, {
    nightsBooked: 9, occupancy: 0.025, nightsByChannel: { Airbnb: 5, 'Booking.com': 4 }, payoutTotal: '15000.05', payoutPerBookedNight: '1666.67',
  });
  current.byMonth[0] = { month: 1, nightsAvailable: 31, nightsBooked: 3, ownerNights: 0, occupancy: 0.0968, payoutTotal: '10000.10' };
  const previous = figures(year - 1, { nightsAvailable: 365, ownerNights: 0, payoutTotal: '800.00' });
  previous.byMonth[0] = { ...previous.byMonth[0], payoutTotal: '800.00' };
  return { propertyId: 4, ...current, previousYear: previous };
}

const card = (container: HTMLElement, key: string) => plain(container.querySelector(`[data-card="${key}"]`)?.textContent);

describe('InsightsPage', { timeout: 20_000 }, () => {
  it('shows the year against the year before, each chart with its table, in Norwegian', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    api = await startApiForApp((req) => {
      if (req.path !== '/api/user/insights') return undefined;
      asked.push(req.query.get('year')!);
      return { json: insights(Number(req.query.get('year'))) };
    });
    const { container } = renderWithApp(<MemoryRouter initialEntries={['/year']}><InsightsPage /></MemoryRouter>);
    expect(await screen.findByRole('heading', { name: 'Året', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(card(container, 'occupancy')).toBe(`Belegg2,5 %av 360 ledige netter0,0 % i ${thisYear - 1}`));
    expect(card(container, 'nightsBooked')).toBe(`Bookede netter90 i ${thisYear - 1}`);
    expect(card(container, 'payoutTotal')).toBe(`Utbetalt (netto)15 000,05 kr800,00 kr i ${thisYear - 1}`);
    expect(card(container, 'perNight')).toBe(`Utbetalt per bookede natt1 666,67 kr– i ${thisYear - 1}`);

    // Each chart's table is there for screen readers; the month of January as it reads.
    const occupancy = screen.getByRole('table', { name: 'Belegg per måned' });
    expect(within(occupancy).getAllByRole('row')).toHaveLength(13);
    expect(plain(within(occupancy).getAllByRole('row')[1].textContent)).toBe('januar9,7 %3310');
    const channels = screen.getByRole('table', { name: 'Netter per kanal' });
    expect(within(channels).getAllByRole('row').map((r) => plain(r.textContent))).toEqual(['KanalNetterAndel', 'Airbnb555,6 %', 'Booking.com444,4 %']);
    const payouts = screen.getByRole('table', { name: `Utbetalt per måned, ${thisYear} mot ${thisYear - 1}` });
    expect(plain(within(payouts).getAllByRole('row')[1].textContent)).toBe('januar10 000,10 kr800,00 kr');

    // A table is shown on request, and hidden again.
    const [show] = screen.getAllByRole('button', { name: 'Vis som tabell' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(screen.getByRole('button', { name: 'Skjul tabellen' })).toHaveAttribute('aria-expanded', 'true');

    // The year switcher: back one year, and the statement follows.
    expect(screen.getByRole('link', { name: 'Årsoppgave (PDF)' })).toHaveAttribute('href', `/api/user/payouts/year/${thisYear}/statement.pdf?lang=nb`);
    await user.click(screen.getByRole('button', { name: 'Forrige år' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'År' })).toHaveTextContent(String(thisYear - 1)));
    await waitFor(() => expect(asked).toContain(String(thisYear - 1)));
    expect(screen.getByRole('link', { name: 'Årsoppgave (CSV)' })).toHaveAttribute('href', `/api/user/payouts/year/${thisYear - 1}/statement.csv?lang=nb`);
  });

  it('writes numbers in English for an English reader', async () => {
    await i18n.changeLanguage('en');
    api = await startApiForApp((req) => (req.path === '/api/user/insights' ? { json: insights(Number(req.query.get('year'))) } : undefined));
    const { container } = renderWithApp(<MemoryRouter initialEntries={['/year']}><InsightsPage /></MemoryRouter>);
    expect(await screen.findByRole('heading', { name: 'The year', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(card(container, 'payoutTotal')).toBe(`Paid out (net)NOK 15,000.05NOK 800.00 in ${thisYear - 1}`));
    expect(card(container, 'occupancy')).toBe(`Occupancy2.5%of 360 nights available0.0% in ${thisYear - 1}`);
    expect(plain(within(screen.getByRole('table', { name: 'Occupancy by month' })).getAllByRole('row')[1].textContent)).toBe('January9.7%3310');
  });

  it('opens the year the address names (?year=)', async () => {
    const asked: string[] = [];
    api = await startApiForApp((req) => {
      if (req.path !== '/api/user/insights') return undefined;
      asked.push(req.query.get('year')!);
      return { json: insights(Number(req.query.get('year'))) };
    });
    renderWithApp(<MemoryRouter initialEntries={['/year?year=2031']}><InsightsPage /></MemoryRouter>);
    expect(await screen.findByRole('table', { name: 'Utbetalt per måned, 2031 mot 2030' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'År' })).toHaveTextContent('2031');
    expect(asked).toEqual(['2031']);
  });

  it('tells a viewer without money so, and offers no statement', async () => {
    api = await startApiForApp((req) =>
      req.path === '/api/user/insights' ? { status: 403, json: { message: 'Du har ikke tilgang til utbetalingene for denne eiendommen', code: 'property_money_hidden' } } : undefined);
    renderWithApp(<MemoryRouter initialEntries={['/year']}><InsightsPage /></MemoryRouter>);
    expect(await screen.findByText(/Du har ikke tilgang til utbetalingene for denne eiendommen/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Årsoppgave (PDF)' })).toBeNull();
    expect(screen.queryByText('Kunne ikke laste året')).toBeNull();
  });
});
