import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../api/types';
import { createQueryClient } from '../../../app/queryClient';
import { ToastProvider } from '../../../shared/toast';
import i18n from '../../../i18n';
import type { LocalApi } from '../../../test/localApi';
import { enterDate, findDateGroup, findDateInput } from '../../../test/dateFields';
import { startApiForApp } from '../../../test/renderWithApi';
import { MemoryRouter } from 'react-router';
import { osloWallClockToIso } from '../osloWallClock';
import { AddEventDialog } from './AddEventDialog';

const owner: User = {
  id: 7,
  username: 'ola@example.no',
  name: 'Ola Nordmann',
  email: 'ola@example.no',
  isAdmin: false,
  isMiniAdmin: false,
  isBlocked: false,
  blockReason: null,
  blockedAt: null,
  adminInfo: null,
  adminInfoUpdatedAt: null,
  lastLoginAt: null,
  phoneNumber: null,
  accountNumber: null,
  twoFactorEnabled: false,
  createdAt: '2025-01-01T00:00:00Z',
};

function renderDialog() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <MemoryRouter>
          <AddEventDialog open date="2025-07-01" currentUser={owner} viewedUserId={null} onClose={() => {}} />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** The person's one property, as GET /api/properties answers it: the calendar shows it, and its stay rules are asked. */
const ONE_PROPERTY = { status: 200, json: [{ id: 3, name: 'Fjellhytta', role: 'owner', share: null }] };

describe('add-event dialog', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    await i18n.changeLanguage('nb');
    fetchSpy = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(() => fetchSpy.mockRestore());
  // What was sent: the dialog reads the person's properties (for its stay preview), and must save nothing here.
  const posts = () => fetchSpy.mock.calls.filter((call: unknown[]) => (call[1] as RequestInit | undefined)?.method === 'POST');

  it('shows the fixed times read-only and the dates it opened with, as dd.MM.yyyy', async () => {
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Legg til ny hendelse' })).toBeInTheDocument();
    expect(screen.getByLabelText('Starttid')).toHaveValue('11:00');
    expect(screen.getByLabelText('Starttid')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Sluttid')).toHaveValue('15:00');
    expect(await findDateInput('Fra dato')).toHaveValue('01.07.2025');
    expect(await findDateInput('Til dato')).toHaveValue('01.07.2025');
    expect(screen.queryByLabelText('Velg bruker for hendelsen')).not.toBeInTheDocument();
  });

  it('refuses an empty title with the validation toast and sends nothing', async () => {
    const user = userEvent.setup();
    renderDialog();
    const title = screen.getByRole('textbox', { name: /Tittel/ });
    await user.clear(title);
    expect(title).toHaveAttribute('placeholder', 'Eiersperre tid');
    await user.click(screen.getByRole('button', { name: 'Lagre hendelse' }));
    expect(await screen.findByText('Valideringsfeil')).toBeInTheDocument();
    expect(screen.getByText('Vennligst fyll ut alle påkrevde felt korrekt')).toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it('refuses a missing start date and an end date before the start', async () => {
    const user = userEvent.setup();
    renderDialog();
    await enterDate('Til dato', '20.06.2025');
    // The field marks a day before the from-date at once; the check on submit says why.
    expect(await findDateGroup('Til dato')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Lagre hendelse' }));
    expect(await screen.findByText('Ugyldig sluttdato')).toBeInTheDocument();
    expect(screen.getByText('Vennligst velg en gyldig dato')).toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it('moves the to-date up when the from-date passes it', async () => {
    renderDialog();
    await enterDate('Fra dato', '09.07.2025');
    expect(await findDateInput('Til dato')).toHaveValue('09.07.2025');
    await enterDate('Til dato', '12.07.2025');
    await enterDate('Fra dato', '10.07.2025');
    expect(await findDateInput('Til dato')).toHaveValue('12.07.2025');
  });

  it('shows dd.MM.yyyy in English too', async () => {
    await i18n.changeLanguage('en');
    renderDialog();
    expect(await findDateInput('From date')).toHaveValue('01.07.2025');
    expect(await findDateInput('To date')).toHaveValue('01.07.2025');
  });
});

describe('add-event dialog against a local API', () => {
  let api: LocalApi | undefined;
  beforeEach(async () => {
    await i18n.changeLanguage('nb');
  });
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('sends the dates typed from the keyboard (24.12.2026) at 11:00 and 15:00 Oslo time', async () => {
    api = await startApiForApp((req) => (req.method === 'POST' && req.path === '/api/events' ? { status: 201, json: { id: 1 } } : undefined));
    const user = userEvent.setup();
    renderDialog();
    await user.click(within(await findDateGroup('Fra dato')).getByRole('spinbutton', { name: 'Dag' }));
    await user.keyboard('24122026');
    await user.click(within(await findDateGroup('Til dato')).getByRole('spinbutton', { name: 'Dag' }));
    await user.keyboard('27122026');
    await user.click(screen.getByRole('button', { name: 'Lagre hendelse' }));
    await waitFor(() => expect(api!.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(api.requests.find((r) => r.method === 'POST')!.body).toMatchObject({
      title: 'Eiersperre tid',
      startTime: osloWallClockToIso('2026-12-24', '11:00'),
      endTime: osloWallClockToIso('2026-12-27', '15:00'),
    });
  });

  it("says every rule of the property a stay breaks, in the reader's language", async () => {
    api = await startApiForApp((req) =>
      req.method === 'POST' && req.path === '/api/events'
        ? {
            status: 422,
            json: {
              code: 'stay_rules_broken',
              message: 'Oppholdet bryter reglene for eieropphold på eiendommen',
              errors: [
                { field: 'startTime', code: 'stay_notice', message: 'Opphold må legges inn minst 7 dager i forveien', params: { days: 7 } },
                { field: 'endTime', code: 'stay_max_nights', message: 'Et opphold kan vare høyst 2 netter', params: { max: 2, nights: 3 } },
              ],
            },
          }
        : undefined,
    );
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    renderDialog();
    await user.click(within(await findDateGroup('From date')).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('24122026');
    await user.click(within(await findDateGroup('To date')).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('27122026');
    await user.click(screen.getByRole('button', { name: 'Save event' }));
    expect(await screen.findByText('Stays must be entered at least 7 days ahead A stay can last at most 2 nights')).toBeInTheDocument();
  });

  it('says before the stay is sent which rules it would break, that it would wait for approval, and what it would cost', async () => {
    const previews: URLSearchParams[] = [];
    api = await startApiForApp((req) => {
      if (req.method === 'GET' && req.path === '/api/properties') return ONE_PROPERTY;
      if (req.method !== 'GET' || req.path !== '/api/properties/3/stay-preview') return undefined;
      previews.push(req.query);
      const nights = req.query.get('endTime')!.startsWith('2026-12-27') ? 3 : 0;
      return nights === 3
        ? { status: 200, json: { nights, errors: [{ field: 'endTime', code: 'stay_max_nights', message: 'Et opphold kan vare høyst 2 netter', params: { max: 2, nights } }], approval: 'request', forgoneIncome: { amount: '3240.00', currency: 'NOK' } } }
        : { status: 200, json: { nights, errors: [], approval: 'request', forgoneIncome: null } };
    });
    const user = userEvent.setup();
    renderDialog();
    await user.click(within(await findDateGroup('Fra dato')).getByRole('spinbutton', { name: 'Dag' }));
    await user.keyboard('24122026');
    await user.click(within(await findDateGroup('Til dato')).getByRole('spinbutton', { name: 'Dag' }));
    await user.keyboard('27122026');
    expect(await screen.findByText('Oppholdet bryter reglene for eieropphold:')).toBeInTheDocument();
    expect(screen.getByText('Et opphold kan vare høyst 2 netter')).toBeInTheDocument();
    expect(screen.getByText(/^3 netter · Anslått tapt leieinntekt for disse nettene: 3\s240\skr$/)).toBeInTheDocument();
    expect(previews.at(-1)!.get('startTime')).toBe(osloWallClockToIso('2026-12-24', '11:00'));
  });

  it('tells the owner a stay held for approval was sent as a request', async () => {
    api = await startApiForApp((req) => {
      if (req.method === 'GET' && req.path === '/api/properties') return ONE_PROPERTY;
      if (req.method === 'GET' && req.path === '/api/properties/3/stay-preview') return { status: 200, json: { nights: 3, errors: [], approval: 'request', forgoneIncome: null } };
      if (req.method === 'POST' && req.path === '/api/events') return { status: 202, json: { status: 'requested', event: { id: 5, title: 'Eiersperre tid', awaitingApproval: true } } };
      return undefined;
    });
    const user = userEvent.setup();
    renderDialog();
    await user.click(within(await findDateGroup('Til dato')).getByRole('spinbutton', { name: 'Dag' }));
    await user.keyboard('04072025');
    expect(await screen.findByText('Oppholdet sendes som en forespørsel og står som ventende til utleier har godkjent det.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lagre hendelse' }));
    expect(await screen.findByText('Forespørsel sendt')).toBeInTheDocument();
    expect(screen.getByText('Oppholdet venter på godkjenning. Du får beskjed når det er avgjort.')).toBeInTheDocument();
  });
});
