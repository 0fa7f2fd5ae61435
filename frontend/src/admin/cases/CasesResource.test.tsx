/**
 * The cases tab against a real local HTTP server: staff see every case (open and closed, each linking to its
 * conversation), an admin selects two cases and assigns them to a department in one go; a mini admin gets no bulk action.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import AdminApp from '../AdminApp';
import { ToastProvider } from '../../shared/toast';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Case } from '../../api/types';
import type { CurrentUser } from '../authProvider';
import { startLocalApi, type LocalApi, type RecordedRequest } from '../../test/localApi';
import { renderAdmin, rowOf } from '../testing/renderAdmin';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };
const ole = { id: 3, name: 'Ole Owner', email: 'ole@example.com', username: 'ole@example.com', isAdmin: false, isMiniAdmin: false, isBlocked: false, lastLoginAt: null };

const kase = (id: number, fields: Partial<Case> = {}): Case => ({
  id, userId: 3, userName: 'Ole Owner', adminId: null, adminName: null, propertyId: null, propertyName: null, payoutId: null, payoutLineId: null, department: null, caseNumber: `K-2026-0000${id}`, title: `Sak ${id}`, category: 'technical', priority: 'high',
  status: 'open', isClosed: false, closedAt: null, closedById: null, createdAt: '2026-05-01T10:00:00.000Z', updatedAt: '2026-05-01T10:00:00.000Z', harMeldinger: 1, messageCount: 1,
  lastMessage: 'Hei', lastMessageAt: '2026-05-01T10:00:00.000Z', unreadCount: 1, ...fields,
});

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

async function openCases(me: CurrentUser, posted: RecordedRequest[] = [], render = renderAdmin) {
  const cases = [kase(1), kase(2, { status: 'in_progress', title: 'Faktura' }), kase(3, { isClosed: true, status: 'closed', title: 'Løst sak' })];
  api = await startLocalApi((req) => {
    if (req.path === '/api/user') return { json: me };
    if (req.method === 'GET' && req.path === '/api/admin/users') return { json: [ole, { ...ada, isBlocked: false, lastLoginAt: null }], headers: { 'Content-Range': 'users 0-1/2' } };
    if (req.method === 'GET' && req.path === '/api/admin/cases') {
      const filter = JSON.parse(req.query.get('filter') ?? '{}') as { status?: string };
      const rows = cases.filter((c) => !filter.status || c.status === filter.status);
      return { json: rows, headers: { 'Content-Range': `cases 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } };
    }
    const assign = /^\/api\/admin\/cases\/(\d+)\/assign$/.exec(req.path);
    if (assign && req.method === 'POST') {
      posted.push(req);
      const c = cases.find((x) => x.id === Number(assign[1]))!;
      Object.assign(c, req.body);
      return { json: c };
    }
    return undefined;
  });
  render(api.apiUrl, '/admin/cases');
}

/** The app's /cases beside the back office, saying which case it was opened at. */
function CasesPage() {
  return <p>conversation {new URLSearchParams(useLocation().search).get('case')}</p>;
}
const renderWithCasesPage = (apiUrl: string, path = '/admin/cases') =>
  render(
    <ToastProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/*" element={<AdminApp apiUrl={apiUrl} leave={() => undefined} />} />
          <Route path="/cases" element={<CasesPage />} />
        </Routes>
      </MemoryRouter>
    </ToastProvider>,
  );

describe('cases resource', () => {
  it('lists every case with a link to its conversation and assigns selected cases to a department', async () => {
    const posted: RecordedRequest[] = [];
    await openCases(ada, posted);
    const row = await rowOf('Sak 1');
    expect(within(row).getByRole('link', { name: 'K-2026-00001' })).toHaveAttribute('href', '/cases?case=1');
    expect(screen.getByText('Løst sak')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(await rowOf('Sak 1')).getByRole('checkbox'));
    await user.click(within(await rowOf('Faktura')).getByRole('checkbox'));
    await user.click(await screen.findByRole('button', { name: 'Tildel' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Tildel 2 saker')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Avdeling' }));
    await user.click(await screen.findByRole('option', { name: 'Økonomiavdelingen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Tildel' }));
    await waitFor(() => expect(posted.map((r) => [r.path, r.body])).toEqual([
      ['/api/admin/cases/1/assign', { department: 'finance_dept' }],
      ['/api/admin/cases/2/assign', { department: 'finance_dept' }],
    ]));
    expect(await screen.findByText('2 saker tildelt')).toBeInTheDocument();
  }, 20_000);

  it('reads only for a mini admin: no selection, no assignment', async () => {
    await openCases(mia);
    const row = await rowOf('Sak 1');
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('Kun lesing')).toBeInTheDocument();
  }, 20_000);

  it("on a phone, a case's row opens its conversation", async () => {
    localStorage.setItem('devicePreference', 'mobile');
    try {
      await openCases(mia, [], renderWithCasesPage);
      await userEvent.click(await screen.findByText('K-2026-00002 · Faktura', {}, { timeout: 8000 }));
      expect(await screen.findByText('conversation 2')).toBeInTheDocument();
    } finally {
      localStorage.removeItem('devicePreference');
    }
  }, 20_000);
});
