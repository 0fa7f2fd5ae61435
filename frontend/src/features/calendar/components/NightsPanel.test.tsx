/**
 * The calendar's nights panel (docs/product/stays.md#screens) against a real local HTTP server: the year it asks for
 * follows the calendar's range, the numbers against their limits with the housing type's and the estimate's words,
 * the phone's strip that opens the details, and nothing at all for a property without limits or rentals.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../../test/localApi';
import { renderWithApp, startApiForApp } from '../../../test/renderWithApi';
import { yearOfRange, type YearNights } from '../nights';
import { NightsPanel } from './NightsPanel';

let api: LocalApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
  await i18n.changeLanguage('nb');
});

/** June 2026's month grid, as FullCalendar reports it (six weeks from the Monday before the first). */
const JUNE_2026 = { startDate: '2026-05-31T22:00:00.000Z', endDate: '2026-07-12T22:00:00.000Z' };

const BORETTSLAG: YearNights = {
  propertyId: 7,
  year: 2026,
  ownerNights: 5,
  ownerNightsLimit: 14,
  ownerNightsLeft: 9,
  rentalDays: 12,
  housingType: 'borettslag',
  rentalDayLimit: 30,
  rentalDaysLeft: 18,
  pendingRequests: 0,
  pastLimit: [],
  forgoneIncome: { amount: '12450.50', currency: 'NOK' },
};
const NO_RULES: YearNights = {
  ...BORETTSLAG,
  ownerNights: 3,
  ownerNightsLimit: null,
  ownerNightsLeft: null,
  rentalDays: 0,
  housingType: null,
  rentalDayLimit: null,
  rentalDaysLeft: null,
  forgoneIncome: null,
};

/** Spaces of any width (Intl writes no-break spaces) as plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

async function renderPanel(nights: YearNights, isMobile = false, onPastLimit?: (ids: ReadonlySet<string | number>) => void) {
  api = await startApiForApp((req) => (req.path === '/api/properties/7/nights' ? { json: nights } : undefined));
  return renderWithApp(<NightsPanel propertyId={7} range={JUNE_2026} isMobile={isMobile} onPastLimit={onPastLimit} />);
}

describe('the nights panel', () => {
  it("reads the year of the calendar's range and shows the owner nights and rental days against their limits", async () => {
    await renderPanel(BORETTSLAG);
    const panel = await screen.findByRole('region', { name: 'Netter i 2026' });
    expect(api!.requests.map((r) => [r.path, r.query.get('year')])).toEqual([['/api/properties/7/nights', '2026']]);

    const owner = within(panel).getByRole('progressbar', { name: 'Eiernetter' });
    expect([owner.getAttribute('aria-valuenow'), owner.getAttribute('aria-valuemax'), owner.getAttribute('aria-valuetext')]).toEqual(['5', '14', '5 av 14 brukt · 9 igjen']);
    const rental = within(panel).getByRole('progressbar', { name: 'Utleiedøgn' });
    expect([rental.getAttribute('aria-valuenow'), rental.getAttribute('aria-valuemax')]).toEqual(['12', '30']);
    expect(within(panel).getByText('12 av 30 brukt · 18 igjen')).toBeInTheDocument();
    expect(within(panel).getByText('Borettslag: inntil 30 døgn i året')).toBeInTheDocument();
    // An estimate in whole kroner, said to be one.
    expect(plain(within(panel).getByText(/^Anslått tapt leieinntekt/).textContent)).toBe('Anslått tapt leieinntekt: 12 451 kr');
    expect(within(panel).getByText(/^Et anslag/)).toBeInTheDocument();
  });

  it('names the bookings that took the year past the rental day limit, and tells the calendar which they are', async () => {
    const told: ReadonlySet<string | number>[] = [];
    await renderPanel({
      ...BORETTSLAG, rentalDays: 33, rentalDaysLeft: 0,
      pastLimit: [{ id: 'beds24-4-0123456789abcdef', title: 'Booking.com', from: '2026-08-01', to: '2026-08-08', nightsPastLimit: 3 }],
    }, false, (ids) => told.push(ids));
    const panel = await screen.findByRole('region', { name: 'Netter i 2026' });
    expect(within(panel).getByText('1 booking går over grensen for utleiedøgn:')).toBeInTheDocument();
    expect(within(panel).getByText('Booking.com, 01.08–08.08: 3 netter over')).toBeInTheDocument();
    expect([...told.at(-1)!]).toEqual(['beds24-4-0123456789abcdef']);
  });

  it("says the numbers in the reader's language and format", async () => {
    await i18n.changeLanguage('en');
    await renderPanel({ ...BORETTSLAG, ownerNights: 1200, ownerNightsLimit: null, ownerNightsLeft: null, housingType: 'eierseksjonssameie', rentalDayLimit: 60, rentalDaysLeft: 48 });
    const panel = await screen.findByRole('region', { name: 'Nights in 2026' });
    expect(within(panel).getByText('1,200 used')).toBeInTheDocument();
    // No limit on the owner nights: no bar for them.
    expect(within(panel).getAllByRole('progressbar')).toHaveLength(1);
    expect(within(panel).getByText('Owner-section condominium (eierseksjonssameie): up to 60 days a year')).toBeInTheDocument();
    expect(plain(within(panel).getByText(/^Estimated rental income forgone/).textContent)).toBe('Estimated rental income forgone: NOK 12,451');
  });

  it("is a strip on a phone that opens the details, and tells a screen reader whether it is open", async () => {
    await renderPanel(BORETTSLAG, true);
    const strip = await screen.findByRole('button', { name: /Netter i 2026/ });
    expect(plain(strip.textContent)).toBe('Netter i 2026 Eiernetter 9 igjen · Utleiedøgn 18 igjen');
    expect(strip).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await userEvent.click(strip);
    expect(strip).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(strip.getAttribute('aria-controls')!)!;
    expect(within(details).getByRole('progressbar', { name: 'Eiernetter' })).toHaveAttribute('aria-valuenow', '5');
    expect(within(details).getByText('Borettslag: inntil 30 døgn i året')).toBeInTheDocument();

    await userEvent.click(strip);
    expect(strip).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows nothing for a property without limits, housing type or rentals', async () => {
    const { container } = await renderPanel(NO_RULES);
    await expect.poll(() => api!.requests.length).toBe(1);
    // The answer is in once react-query has settled; the panel stays empty.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
  });
});

describe("the calendar's year", () => {
  it('is the year most of the visible range lies in', () => {
    // January 2026's month grid begins on Monday 29 December 2025, December's ends in January; a week over New Year
    // counts in the year of its middle.
    expect(yearOfRange({ startDate: '2025-12-28T23:00:00.000Z', endDate: '2026-02-08T23:00:00.000Z' })).toBe(2026);
    expect(yearOfRange({ startDate: '2025-11-30T23:00:00.000Z', endDate: '2026-01-11T23:00:00.000Z' })).toBe(2025);
    expect(yearOfRange({ startDate: '2026-12-27T23:00:00.000Z', endDate: '2027-01-03T23:00:00.000Z' })).toBe(2026);
  });
});
