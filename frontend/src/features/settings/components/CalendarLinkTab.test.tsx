/**
 * Settings → Calendar link against a real local HTTP server: the link, copy (clipboard + toast), open, webcal,
 * export, renewing behind a confirmation, and the three apps' instructions.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../../test/localApi';
import { webcalUrl } from '../../feeds/calendarLinkApi';
import { renderWithApp, startApiForApp } from '../../../test/renderWithApi';
import i18n from '../../../i18n';
import { CalendarLinkTab } from './CalendarLinkTab';

const FIRST = 'https://portal.example.no/api/ical/7?token=first-secret';
const SECOND = 'https://portal.example.no/api/ical/7?token=second-secret';

let api: LocalApi | undefined;
beforeEach(() => i18n.changeLanguage('nb'));
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** The links' answer: the link of all, and one per property (named). */
const links = (url: string, names: string[]) => ({ url, properties: names.map((name, i) => ({ propertyId: i + 1, name, url: `${url}&property=${i + 1}` })) });

async function openTab(names = ['Hjemme']) {
  let current = FIRST;
  api = await startApiForApp((req) => {
    if (req.method === 'GET' && req.path === '/api/user/calendar-link') return { json: links(current, names) };
    if (req.method === 'POST' && req.path === '/api/user/calendar-link/renew') {
      current = SECOND;
      return { json: links(current, names) };
    }
    return undefined;
  });
  renderWithApp(<CalendarLinkTab />);
  return api;
}

describe('webcalUrl', () => {
  it('swaps the scheme only', () => {
    expect(webcalUrl(FIRST)).toBe('webcal://portal.example.no/api/ical/7?token=first-secret');
    expect(webcalUrl('http://localhost:3000/api/ical/1?token=x')).toBe('webcal://localhost:3000/api/ical/1?token=x');
  });
});

describe('CalendarLinkTab', () => {
  it('shows the link with copy, open, webcal and export', async () => {
    await openTab();
    const user = userEvent.setup();
    expect(await screen.findByDisplayValue(FIRST)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Åpne i ny fane' })).toHaveAttribute('href', FIRST);
    expect(screen.getByRole('link', { name: 'Åpne i ny fane' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Abonner på mobil' })).toHaveAttribute('href', webcalUrl(FIRST));
    expect(screen.getByRole('link', { name: 'Eksporter kalender (.ics)' })).toHaveAttribute('href', '/api/calendar/export-ical');
    expect(screen.getByRole('link', { name: 'Eksporter kalender (.ics)' })).toHaveAttribute('target', '_blank');

    await user.click(screen.getAllByRole('button', { name: 'Kopier lenke' })[0]);
    expect(await screen.findByText('Lenken er kopiert')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(FIRST);
  });

  it('shows no per-property links to a person with one property', async () => {
    await openTab();
    await screen.findByDisplayValue(FIRST);
    expect(screen.getByLabelText('Kalender-URL')).toHaveValue(FIRST);
    expect(screen.queryByRole('heading', { name: 'Én eiendom om gangen' })).toBeNull();
  });

  it('gives a person with two properties the link of all and one link per property, and renews them all', async () => {
    await openTab(['Hjemme', 'Fjellhytta']);
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Kalender-URL, alle eiendommene dine')).toHaveValue(FIRST);
    const section = screen.getByRole('region', { name: 'Én eiendom om gangen' });
    expect(within(section).getByLabelText('Fjellhytta')).toHaveValue(`${FIRST}&property=2`);
    expect(within(section).getByRole('link', { name: 'Abonner på Fjellhytta på mobil' })).toHaveAttribute('href', webcalUrl(`${FIRST}&property=2`));

    await user.click(screen.getByRole('button', { name: 'Lag ny lenke' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Lage ny kalenderlenke?' })).getByRole('button', { name: 'Lag ny lenke' }));
    expect(await within(section).findByDisplayValue(`${SECOND}&property=1`)).toBeInTheDocument();
  });

  it('renews the link only after a confirmation that the old one stops working', async () => {
    const server = await openTab();
    const user = userEvent.setup();
    await screen.findByDisplayValue(FIRST);
    await user.click(screen.getByRole('button', { name: 'Lag ny lenke' }));
    const dialog = screen.getByRole('dialog', { name: 'Lage ny kalenderlenke?' });
    expect(within(dialog).getByText(/Den gamle lenken slutter å virke med en gang/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect(server.requests.some((r) => r.path.endsWith('/renew'))).toBe(false);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Lag ny lenke' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Lage ny kalenderlenke?' })).getByRole('button', { name: 'Lag ny lenke' }));
    expect(await screen.findByDisplayValue(SECOND)).toBeInTheDocument();
    expect(screen.getByText('Ny kalenderlenke er laget')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST' && r.path === '/api/user/calendar-link/renew')).toHaveLength(1);
  });

  it('gives numbered steps for Google Calendar, Apple Calendar and Outlook', async () => {
    await openTab();
    await screen.findByDisplayValue(FIRST);
    for (const [app, hint] of [
      ['Google Kalender', /«Fra nettadresse»/],
      ['Apple Kalender (iPhone og Mac)', /Legg til abonnert kalender/],
      ['Outlook', /«Abonner fra nettet»/],
    ] as const) {
      const section = screen.getByRole('region', { name: app });
      expect(within(section).getAllByRole('listitem')).toHaveLength(4);
      expect(within(section).getByText(hint)).toBeInTheDocument();
    }
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    await openTab();
    await screen.findByDisplayValue(FIRST);
    expect(screen.getByRole('region', { name: 'Google Calendar' })).toHaveTextContent('Choose “From URL” and paste the link.');
    expect(screen.getByRole('link', { name: 'Export calendar (.ics)' })).toBeInTheDocument();
  });
});
