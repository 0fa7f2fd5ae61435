/**
 * The prices page against a real local HTTP server: an owner's read-only rows in Norwegian format; an admin picks
 * a user first, then creates, edits and deletes (after confirmation) in one shared dialog.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalApi, RecordedRequest } from '../../test/localApi';
import i18n from '../../i18n';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { PricesPage } from './PricesPage';
import type { Price } from './types';

let api: LocalApi | undefined;
beforeEach(() => i18n.changeLanguage('nb'));
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const me = (isAdmin: boolean) => ({ id: isAdmin ? 1 : 3, username: 'u@example.com', name: isAdmin ? 'Ada' : 'Ole', email: 'u@example.com', isAdmin, isMiniAdmin: false });
const price = (id: number, changes: Partial<Price> = {}): Price => ({
  id, userId: 3, propertyId: 30, name: 'Høysesong', priceFrom: '1500.00', priceTo: '12500.50', discountPercent: '12.50', isActive: true, createdAt: '', updatedAt: '', ...changes,
});
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\s\u00a0\u202f]/g, ' ');

async function openPage(isAdmin: boolean, rows: Price[], at = '/prices', properties: object[] = []) {
  let prices = rows;
  api = await startApiForApp((req: RecordedRequest) => {
    if (req.path === '/api/user') return { json: me(isAdmin) };
    if (req.path === '/api/admin/users') return { json: [{ id: 3, name: 'Ole Owner', username: 'ole' }] };
    if (req.path === '/api/properties') return { json: properties };
    if (req.method === 'GET' && req.path === '/api/prices') return { json: prices.filter((p) => req.query.get('propertyId') === null || String(p.propertyId) === req.query.get('propertyId')) };
    if (req.method === 'POST' && req.path === '/api/prices') {
      const created = price(9, req.body as Partial<Price>);
      prices = [...prices, created];
      return { status: 201, json: created };
    }
    const one = /^\/api\/prices\/(\d+)$/.exec(req.path);
    if (one && req.method === 'PUT') {
      prices = prices.map((p) => (p.id === Number(one[1]) ? { ...p, ...(req.body as object) } : p));
      return { json: prices.find((p) => p.id === Number(one[1])) };
    }
    if (one && req.method === 'DELETE') {
      prices = prices.filter((p) => p.id !== Number(one[1]));
      return { json: { message: 'Prisintervallet er slettet', id: Number(one[1]) } };
    }
    return undefined;
  });
  renderWithApp(<MemoryRouter initialEntries={[at]}><PricesPage /></MemoryRouter>);
  return api;
}

describe('PricesPage', { timeout: 30_000 }, () => {
  it('shows an owner their rows read-only, in kroner and percent', async () => {
    await openPage(false, [price(1), price(2, { name: 'Lavsesong', priceFrom: '900.00', priceTo: '900.00', discountPercent: '0.00', isActive: false })]);
    const row = (await screen.findByText('Høysesong')).closest('tr')!;
    expect(plain(row.textContent)).toBe('Høysesong1 500,00 kr12 500,50 kr12,50 %Aktiv');
    expect(plain(screen.getByText('Lavsesong').closest('tr')!.textContent)).toBe('Lavsesong900,00 kr900,00 kr0 %Inaktiv');
    expect(screen.getByText('Kun lesing')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'År' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nytt prisintervall' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Slett' })).toBeNull();
  });

  it("shows a member with more than one property the chosen one's intervals, and the choice", async () => {
    const user = userEvent.setup();
    const properties = [
      { id: 4, name: 'Hjemme', address: null, timezone: 'Europe/Oslo', role: 'owner', share: 100, canSeeMoney: true },
      { id: 8, name: 'Fjellhytta', address: null, timezone: 'Europe/Oslo', role: 'viewer', share: null, canSeeMoney: false },
    ];
    const served = await openPage(false, [price(1, { propertyId: 4 }), price(2, { name: 'Hyttepris', propertyId: 8 })], '/prices?property=8', properties);
    expect(await screen.findByText('Hyttepris')).toBeInTheDocument();
    expect(screen.queryByText('Høysesong')).toBeNull();
    await user.click(await screen.findByRole('combobox', { name: 'Eiendom' }));
    await user.click(screen.getByRole('option', { name: 'Hjemme' }));
    expect(await screen.findByText('Høysesong')).toBeInTheDocument();
    expect(served.requests.filter((r) => r.path === '/api/prices').map((r) => r.query.get('propertyId'))).toEqual(['8', null]);
  });

  it('shows the empty text', async () => {
    await openPage(false, []);
    expect(await screen.findByText('Ingen priser funnet')).toBeInTheDocument();
  });

  it('lets an admin pick a user, then create, edit and delete', async () => {
    const server = await openPage(true, [price(1)]);
    const user = userEvent.setup();
    expect(await screen.findByText('Velg en bruker for å se prisintervallene')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Velg bruker' }));
    await user.click(await screen.findByRole('option', { name: 'Ole Owner (ole)' }));
    await screen.findByText('Høysesong');
    expect(server.requests.some((r) => r.path === '/api/prices' && r.query.get('userId') === '3')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Nytt prisintervall' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }));
    expect(await within(dialog).findByText('Navn er påkrevd')).toBeInTheDocument();
    expect(within(dialog).getByText('Pris fra er påkrevd')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Navn/ }), 'Påske');
    await user.type(within(dialog).getByRole('textbox', { name: /Pris fra/ }), '2 000,5');
    await user.type(within(dialog).getByRole('textbox', { name: /Pris til/ }), '1999');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }));
    expect(await within(dialog).findByText('Pris til kan ikke være lavere enn pris fra')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: /Pris til/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Pris til/ }), '3000');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(server.requests.find((r) => r.method === 'POST')!.body).toEqual({ name: 'Påske', priceFrom: '2000.5', priceTo: '3000', discountPercent: '0', isActive: true, userId: 3 });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Påske')).toBeInTheDocument();
    const row = screen.getByText('Høysesong').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Rediger' }));
    const edit = await screen.findByRole('dialog');
    expect(within(edit).getByRole('textbox', { name: /Navn/ })).toHaveValue('Høysesong');
    await user.clear(within(edit).getByRole('textbox', { name: /Rabatt/ }));
    await user.type(within(edit).getByRole('textbox', { name: /Rabatt/ }), '15');
    await user.click(within(edit).getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT' && r.path === '/api/prices/1')).toBe(true));
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ name: 'Høysesong', priceFrom: '1500.00', priceTo: '12500.50', discountPercent: '15' });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(screen.getByText('Høysesong').closest('tr')!).getByRole('button', { name: 'Slett' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Er du sikker på at du vil slette «Høysesong»? Dette kan ikke angres.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Slett' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/prices/1')).toBe(true));
  });
});
