/**
 * The marked-day form's date field (docs/product/app.md#dates-and-times), against a real local HTTP server playing
 * the API: the day it opens with as dd.MM.yyyy, a day typed from the keyboard sent as 'YYYY-MM-DD', and a
 * half-cleared date refused until it is whole again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../../test/localApi';
import i18n from '../../../i18n';
import { findDateGroup, findDateInput, typeDate } from '../../../test/dateFields';
import { renderWithApp, startApiForApp } from '../../../test/renderWithApi';
import type { MarkedDay } from '../../../api/types';
import { MarkDayDialog } from './MarkedDayDialogs';

const vacation: MarkedDay = { id: 4, userId: 7, date: '2026-07-01', markerType: 'vacation', color: '#8b5cf6', notes: 'Hytta' };

let api: LocalApi | undefined;
const sent = (method: string) => api!.requests.filter((r) => r.method === method);

beforeEach(async () => {
  await i18n.changeLanguage('nb');
  api = await startApiForApp((req) => {
    if (req.method === 'POST' && req.path === '/api/marked-days') return { status: 201, json: { ...vacation, id: 5, ...(req.body as object) } };
    if (req.method === 'PUT' && req.path === '/api/marked-days/4') return { json: { ...vacation, ...(req.body as object) } };
    return undefined;
  });
});
afterEach(async () => {
  await api?.close();
  api = undefined;
  await i18n.changeLanguage('nb');
});

describe('marked-day form', () => {
  it('marks a day typed from the keyboard and sends it as YYYY-MM-DD', async () => {
    let closed = false;
    renderWithApp(<MarkDayDialog target={{ date: '2026-07-01' }} onClose={() => (closed = true)} />);
    expect(await findDateInput('Dato')).toHaveValue('01.07.2026');
    const user = userEvent.setup();
    await typeDate(user, 'Dato', '24.12.2026');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(sent('POST')).toHaveLength(1);
    expect(sent('POST')[0].body).toMatchObject({ date: '2026-12-24', markerType: 'busy' });
  });

  it('refuses a date with a cleared section until it is whole again', async () => {
    renderWithApp(<MarkDayDialog target={{ date: '2026-07-01', existing: vacation }} onClose={() => {}} />);
    const user = userEvent.setup();
    await user.click(within(await findDateGroup('Dato')).getByRole('spinbutton', { name: 'År' }));
    await user.keyboard('{Backspace}');
    expect(await screen.findByText('Vennligst velg en gyldig dato')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lagre' })).toBeDisabled();
    await user.keyboard('2027');
    expect(screen.queryByText('Vennligst velg en gyldig dato')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0].body).toMatchObject({ date: '2027-07-01', markerType: 'vacation', notes: 'Hytta' });
    expect(sent('POST')).toHaveLength(0);
  });

  it('shows the day as dd.MM.yyyy in English too', async () => {
    await i18n.changeLanguage('en');
    renderWithApp(<MarkDayDialog target={{ date: '2026-07-01' }} onClose={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'Mark day' })).toBeInTheDocument();
    expect(await findDateInput('Date')).toHaveValue('01.07.2026');
  });
});
