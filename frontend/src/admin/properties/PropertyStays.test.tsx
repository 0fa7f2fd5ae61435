/**
 * A property's owner stays and rental on its back-office page (PropertyStays.tsx), against a real local HTTP server
 * playing the API: the year's nights, the rules' form with the housing type filling in its rental day limit, the
 * blackouts' rows, the whole set sent with PUT, the server's field errors on their fields, and the rules read-only
 * for a mini admin.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../authProvider';
import { enterDate } from '../../test/dateFields';
import { startLocalApi, type LocalApi } from '../../test/localApi';
import { renderAdmin } from '../testing/renderAdmin';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };

const NO_RULES = {
  propertyId: 7, maxOwnerNightsPerYear: null, minNoticeDays: null, minNights: null, maxNights: null, blackouts: [], housingType: null, rentalDayLimit: null, updatedAt: null,
};
const SET_RULES = {
  ...NO_RULES, maxOwnerNightsPerYear: 14, minNights: 2, housingType: 'borettslag', rentalDayLimit: 30,
  blackouts: [{ from: '2025-07-01', to: '2025-07-31', label: 'Høysesong' }], updatedAt: '2025-05-20T08:00:00.000Z',
};
const NIGHTS = {
  propertyId: 7, year: 2025, ownerNights: 5, ownerNightsLimit: 14, ownerNightsLeft: 9, rentalDays: 12, housingType: 'borettslag', rentalDayLimit: 30,
  rentalDaysLeft: 18, forgoneIncome: { amount: '6250.00', currency: 'NOK' },
};

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

/** The API: one property; `put` answers the rules' PUT (by default the rules sent, as saved). */
async function openProperty(me: CurrentUser, rules: object, put?: (body: object) => { status?: number; json: object }) {
  api = await startLocalApi((req) => {
    if (req.path === '/api/user') return { json: me };
    if (req.path === '/api/system-settings') return { json: [] };
    if (req.path === '/api/properties/7') return { json: { id: 7, name: 'Hytta', address: 'Fjellveien 1', timezone: 'Europe/Oslo', role: 'staff' } };
    if (req.path === '/api/properties/7/members') return { json: [] };
    if (req.path === '/api/properties/7/nights') return { json: { ...NIGHTS, year: Number(req.query.get('year')) } };
    if (req.path === '/api/properties/7/stay-rules') return { json: rules };
    if (req.method === 'PUT' && req.path === '/api/admin/properties/7/stay-rules') {
      return put?.(req.body as object) ?? { json: { ...NO_RULES, ...(req.body as object), updatedAt: '2025-06-02T10:00:00.000Z' } };
    }
    return undefined;
  });
  renderAdmin(api.apiUrl, '/admin/properties/7/show');
  return within(await screen.findByRole('region', { name: 'Eieropphold og utleie' }, { timeout: 15_000 }));
}

const puts = () => api!.requests.filter((r) => r.method === 'PUT');

describe("a property's owner stays and rental in the back office", { timeout: 30_000 }, () => {
  it("shows the year's nights against their limits, and moves to another year", async () => {
    const section = await openProperty(ada, SET_RULES);
    const nights = within(await section.findByRole('table', { name: 'Netter i 2025' }));
    const owner = nights.getByRole('rowheader', { name: 'Eiernetter' }).closest('tr')!;
    expect([...owner.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['5', '14', '9']);
    const rental = nights.getByRole('rowheader', { name: 'Utleiedøgn (Borettslag)' }).closest('tr')!;
    expect([...rental.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['12', '30', '18']);
    expect(section.getByText(/^Anslått tapt leieinntekt: 6\s250\skr$/)).toBeInTheDocument();

    await userEvent.click(section.getByRole('button', { name: 'Neste år' }));
    expect(await section.findByRole('table', { name: 'Netter i 2026' })).toBeInTheDocument();
    expect(api!.requests.filter((r) => r.path === '/api/properties/7/nights').map((r) => r.query.get('year'))).toEqual(['2025', '2026']);
  });

  it('sets the rules: the housing type fills in its rental day limit, a blackout is added, and the whole set goes with PUT', async () => {
    const section = await openProperty(ada, NO_RULES);
    const user = userEvent.setup();
    await user.type(await section.findByRole('spinbutton', { name: 'Eiernetter per år' }), '14');
    await user.type(section.getByRole('spinbutton', { name: 'Minste antall netter' }), '2');

    await user.click(section.getByRole('combobox', { name: 'Boligtype' }));
    await user.click(await screen.findByRole('option', { name: 'Borettslag' }));
    const limit = section.getByRole('spinbutton', { name: 'Utleiedøgn per år' });
    await waitFor(() => expect(limit).toHaveValue(30));
    await user.click(section.getByRole('combobox', { name: 'Boligtype' }));
    await user.click(await screen.findByRole('option', { name: 'Eierseksjonssameie' }));
    await waitFor(() => expect(limit).toHaveValue(90));
    // The sameie's bylaws say otherwise: the limit stays editable.
    await user.clear(limit);
    await user.type(limit, '60');

    await user.click(section.getByRole('button', { name: 'Legg til stengt periode' }));
    await enterDate(/^Fra/, '01.07.2025', section.getByRole('list') as HTMLElement);
    await enterDate(/^Til/, '31.07.2025', section.getByRole('list') as HTMLElement);
    await user.type(section.getByRole('textbox', { name: /^Navn/ }), 'Høysesong');
    // A second row, removed again by its button (named by the row's name, or its number while it has none).
    await user.click(section.getByRole('button', { name: 'Legg til stengt periode' }));
    expect(section.getAllByRole('listitem')).toHaveLength(2);
    await user.click(section.getByRole('button', { name: 'Fjern den stengte perioden 2' }));
    expect(section.getAllByRole('listitem')).toHaveLength(1);
    expect(section.getByRole('button', { name: 'Fjern den stengte perioden Høysesong' })).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({
      maxOwnerNightsPerYear: 14, minNoticeDays: null, minNights: 2, maxNights: null, housingType: 'eierseksjonssameie', rentalDayLimit: 60,
      blackouts: [{ from: '2025-07-01', to: '2025-07-31', label: 'Høysesong' }],
    });
    expect(await screen.findByText('Reglene er lagret')).toBeInTheDocument();
  });

  it("shows the server's field errors on their fields", async () => {
    const refusal = {
      status: 400,
      json: {
        message: 'Største antall netter kan ikke være lavere enn minste', code: 'validation',
        errors: [
          { field: 'maxNights', message: 'Største antall netter kan ikke være lavere enn minste', code: 'stay_rules_min_above_max' },
          { field: 'blackouts.0.to', message: 'En stengt periode kan ikke slutte før den begynner', code: 'stay_rules_blackout_order' },
        ],
      },
    };
    const section = await openProperty(ada, { ...SET_RULES, maxNights: 7 }, () => refusal);
    const user = userEvent.setup();
    const max = await section.findByRole('spinbutton', { name: 'Største antall netter' });
    await user.clear(max);
    await user.type(max, '1');
    await user.click(section.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(await section.findByText('Største antall netter kan ikke være lavere enn minste')).toBeInTheDocument();
    expect(section.getByText('En stengt periode kan ikke slutte før den begynner')).toBeInTheDocument();
    expect(max).toHaveAttribute('aria-invalid', 'true');
  });

  it('gives a mini admin the rules to read, without a form', async () => {
    const section = await openProperty(mia, SET_RULES);
    const row = async (name: string) => [...(await section.findByRole('rowheader', { name })).closest('tr')!.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(await row('Eiernetter per år')).toEqual(['14']);
    expect(await row('Boligtype')).toEqual(['Borettslag']);
    expect(await row('Stengte perioder')).toEqual(['01.07.2025–31.07.2025 (Høysesong)']);
    expect(await row('Største antall netter')).toEqual(['Ingen']);
    expect(section.queryByRole('spinbutton')).toBeNull();
    expect(section.queryByRole('button', { name: 'Lagre' })).toBeNull();
  });
});
