/**
 * /support against a real local HTTP server: the contact methods and topics, the ticket list (cases, linking to
 * /cases), and a new ticket through the old form: the 'fill in all required fields', then a case is created.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalApi, RecordedRequest } from '../../test/localApi';
import type { Case } from '../../api/types';
import i18n from '../../i18n';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { setSocketConnected } from '../notifications/connection';
import { SupportPage } from './SupportPage';
import { ticketProblem } from './ticketForm';

const ticket = { id: 5, userId: 7, userName: 'Ole', adminId: null, adminName: null, department: null, caseNumber: 'K-2026-00005', title: 'Strømregning', category: 'billing', priority: 'medium', status: 'in_progress', isClosed: false, closedAt: null, closedById: null, createdAt: '2026-05-01T10:00:00.000Z', updatedAt: '2026-05-01T10:00:00.000Z', harMeldinger: 2, messageCount: 2, lastMessage: 'Hei', lastMessageAt: '2026-05-01T10:00:00.000Z', unreadCount: 1 } as Case;

/** The company's contact details as staff gave them (system settings). */
const CONTACT = [
  { key: 'contact.phone', value: '+47 55 12 34 56' },
  { key: 'contact.email', value: 'hjelp@utleie.example.no' },
  { key: 'contact.faqUrl', value: 'https://utleie.example.no/faq' },
  { key: 'contact.openingHours.nb', value: 'Hverdager 08–16' },
];

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

describe('SupportPage', () => {
  it('lists the tickets as cases and opens a new one from a topic', async () => {
    const posted: RecordedRequest[] = [];
    api = await startApiForApp((req) => {
      if (req.method === 'GET' && req.path === '/api/system-settings') return { json: CONTACT };
      if (req.method === 'GET' && req.path === '/api/cases') return { json: req.query.get('state') === 'open' ? [ticket] : [] };
      if (req.method === 'POST' && req.path === '/api/cases') {
        posted.push(req);
        return { status: 201, json: { ...ticket, id: 6 } };
      }
      return undefined;
    });
    renderWithApp(<MemoryRouter><SupportPage /></MemoryRouter>);
    expect(screen.getByRole('heading', { name: 'Kundeservice' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Ring oss/ })).toHaveAttribute('href', 'tel:+4755123456');
    expect(screen.getByRole('link', { name: /Send e-post/ })).toHaveAttribute('href', 'mailto:hjelp@utleie.example.no');
    expect(screen.getByRole('link', { name: /Chat med oss/ })).toHaveAttribute('href', '/cases');
    expect(screen.getByRole('link', { name: /FAQ/ })).toHaveAttribute('href', 'https://utleie.example.no/faq');
    expect(screen.getByText('Åpningstider: Hverdager 08–16')).toBeInTheDocument();
    const mine = await screen.findByRole('link', { name: /Strømregning/ });
    expect(mine).toHaveAttribute('href', '/cases?case=5');
    expect(within(mine).getByText('1 ulest')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Ny henvendelse' }));
    await user.click(screen.getByRole('button', { name: 'Send henvendelse' }));
    expect(await screen.findByText('Vennligst fyll ut alle påkrevde felt')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Utbetalinger og faktura' }));
    expect(screen.getByRole('textbox', { name: 'Tittel' })).toHaveValue('Utbetalinger og faktura');
    await user.type(screen.getByRole('textbox', { name: 'Melding' }), 'Mangler mars.');
    await user.click(screen.getByRole('button', { name: 'Send henvendelse' }));
    expect(await screen.findByText('Henvendelsen er sendt')).toBeInTheDocument();
    await waitFor(() => expect(posted.map((r) => r.body)).toEqual([{ title: 'Utbetalinger og faktura', category: 'billing', priority: 'medium', message: 'Mangler mars.' }]));
  });

  it('offers only the cases chat until staff give the company’s phone, e-mail and FAQ', async () => {
    api = await startApiForApp((req) => {
      if (req.method === 'GET' && req.path === '/api/system-settings') return { json: [{ key: 'contact.email', value: '' }] };
      if (req.method === 'GET' && req.path === '/api/cases') return { json: [] };
      return undefined;
    });
    renderWithApp(<MemoryRouter><SupportPage /></MemoryRouter>);
    expect(await screen.findByText('Du har ingen henvendelser ennå.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Chat med oss/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Ring oss/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Send e-post/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /FAQ/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Åpningstider/)).not.toBeInTheDocument();
  });

  it('checks the old form’s rules', () => {
    expect(ticketProblem({ title: 'Hei', category: 'complaint', message: 'x' })).toBeNull();
    expect(ticketProblem({ title: 'Hi', category: 'support', message: 'x' })).toBe('cases.validation.titleMin');
    expect(ticketProblem({ title: 'Hei', category: 'account', message: 'x' })).toBe('support.page.required');
    expect(ticketProblem({ title: 'Hei', category: 'info', message: ' ' })).toBe('support.page.required');
  });

  it('offers a mini admin, who only reads cases, no new-ticket form the server would refuse', async () => {
    const miniAdmin = { id: 3, username: 'mini@example.com', name: 'Mini', isAdmin: false, isMiniAdmin: true };
    api = await startApiForApp((req) => {
      if (req.path === '/api/user') return { json: miniAdmin };
      if (req.method === 'GET' && req.path === '/api/cases') return { json: [] };
      return undefined;
    });
    renderWithApp(
      <MemoryRouter>
        <SupportPage />
      </MemoryRouter>,
    );
    await waitFor(() => expect(api!.requests.some((r) => r.path === '/api/user')).toBe(true));
    expect(await screen.findByRole('tab', { name: 'Mine henvendelser' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Ny henvendelse' })).not.toBeInTheDocument());
    // The topics, which open the form for others, are plain labels.
    expect(document.querySelectorAll('.MuiChip-root').length).toBeGreaterThan(0);
    expect(document.querySelectorAll('.MuiChip-clickable')).toHaveLength(0);
    expect(api!.requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
