/**
 * The /cases screens against a real local HTTP server that keeps its cases and messages: the lists with counts,
 * reading and answering a case (with a file, sent as multipart), the new-case dialog's rules and the admin's owner
 * picker, close / assign to me, the phone's one column, and polling only while the socket is down.
 */
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalApi, RecordedRequest } from '../../test/localApi';
import type { Case, CaseDetail, CaseMessage, User } from '../../api/types';
import i18n from '../../i18n';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { setSocketConnected, useFallbackPolling } from '../notifications/connection';
import { validateCase } from './caseForm';
import { STAFF_PAGE, totalOf } from './casesApi';
import { CasesPage } from './CasesPage';

const OWNER = { id: 7, username: 'ole@example.com', email: 'ole@example.com', name: 'Ole Eier', isAdmin: false, isMiniAdmin: false } as unknown as User;
const ADMIN = { ...OWNER, id: 1, username: 'ada@example.com', name: 'Ada Admin', isAdmin: true } as unknown as User;

function kase(id: number, fields: Partial<Case> = {}): CaseDetail {
  return {
    id,
    userId: 7,
    userName: 'Ole Eier',
    adminId: null,
    adminName: null,
    propertyId: null,
    propertyName: null,
    payoutId: null,
    payoutLineId: null,
    department: null,
    caseNumber: `K-2026-0004${id}`,
    title: `Sak ${id}`,
    category: 'technical',
    priority: 'medium',
    status: 'open',
    isClosed: false,
    closedAt: null,
    closedById: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    harMeldinger: 1,
    messageCount: 1,
    lastMessage: 'Hei',
    lastMessageAt: '2026-05-01T10:00:00.000Z',
    unreadCount: 0,
    attachments: [],
    ...fields,
  };
}

function message(id: number, fields: Partial<CaseMessage> = {}): CaseMessage {
  return { id, caseId: 2, senderId: 7, senderName: 'Ole Eier', targetUserId: null, message: `Melding ${id}`, isAdminMessage: false, isRead: true, attachmentUrl: null, attachments: [], createdAt: '2026-05-01T10:00:00.000Z', ...fields };
}

/**
 * jsdom's FormData is not the one Node's fetch encodes, so the test writes it as the browser would: one part per
 * entry, files with their name. The page's own code sends the FormData as it is.
 */
const readText = (file: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(file);
  });

function encodeFormDataForNodeFetch() {
  const appFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!(init?.body instanceof FormData)) return appFetch(input, init);
    const boundary = 'test-boundary-42';
    let body = '';
    for (const [name, value] of init.body.entries()) {
      body += `--${boundary}\r\n`;
      body +=
        typeof value === 'string'
          ? `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
          : `Content-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type}\r\n\r\n${await readText(value)}\r\n`;
    }
    body += `--${boundary}--\r\n`;
    return appFetch(input, { ...init, body, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } });
  });
}

/** A tiny case server: two open cases and one closed; posted messages are kept and listed. */
function serve(viewer: User, posted: RecordedRequest[], properties: object[] = []) {
  const cases = [kase(2, { unreadCount: 2, title: 'Får ikke logget inn', propertyId: 4, propertyName: 'Hytta' }), kase(3), kase(4, { isClosed: true, status: 'closed', title: 'Gammel sak' })];
  const messages: CaseMessage[] = [message(10, { message: 'Jeg kommer ikke inn.' }), message(11, { senderId: 1, senderName: 'Ada Admin', isAdminMessage: true, message: 'Har du prøvd å nullstille passordet?' })];
  return startApiForApp((req) => {
    if (req.path === '/api/user') return { json: viewer };
    if (req.path === '/api/properties') return { json: properties };
    if (req.path === '/api/cases/unread-count') return { json: { count: 2 } };
    if (req.method === 'GET' && req.path === '/api/cases') return { json: cases.filter((c) => c.isClosed === (req.query.get('state') === 'closed')) };
    if (req.method === 'GET' && req.path === '/api/admin/cases') return { json: cases.filter((c) => c.isClosed === JSON.parse(req.query.get('filter')!).isClosed) };
    if (req.method === 'GET' && req.path === '/api/admin/users') return { json: [{ id: 7, name: 'Ole Eier', username: 'ole@example.com', isAdmin: false }, { id: 1, name: 'Ada Admin', username: 'ada@example.com', isAdmin: true }] };
    const one = /^\/api\/cases\/(\d+)$/.exec(req.path);
    if (req.method === 'GET' && one) {
      const found = cases.find((c) => c.id === Number(one[1]));
      return found ? { json: found } : { status: 404, json: { code: 'case_not_found', message: 'Saken finnes ikke' } };
    }
    if (req.method === 'GET' && req.path === '/api/cases/2/messages') return { json: messages };
    if (req.method === 'POST') posted.push(req);
    if (req.method === 'POST' && req.path === '/api/cases/2/messages') {
      const isMultipart = String(req.headers['content-type']).startsWith('multipart/form-data');
      const text = isMultipart ? /name="message"\r\n\r\n([^\r]*)/.exec(String(req.body))![1] : (req.body as { message: string }).message;
      const sent = message(20 + messages.length, { message: text, senderId: viewer.id, senderName: viewer.name, isAdminMessage: viewer.isAdmin });
      messages.push(sent);
      return { status: 201, json: sent };
    }
    if (req.method === 'POST' && req.path === '/api/cases') return { status: 201, json: kase(9, { title: (req.body as { title: string }).title }) };
    if (req.method === 'POST' && req.path === '/api/cases/2/close') {
      Object.assign(cases[0], { isClosed: true, status: 'closed' });
      return { json: cases[0] };
    }
    if (req.method === 'POST' && req.path === '/api/admin/cases/2/assign') {
      Object.assign(cases[0], { adminId: 1, adminName: 'Ada Admin', status: 'in_progress' });
      return { json: cases[0] };
    }
    return undefined;
  });
}

let api: LocalApi | undefined;
beforeEach(async () => {
  await i18n.changeLanguage('nb');
  setSocketConnected(true);
  window.innerWidth = 1280;
  window.dispatchEvent(new Event('resize'));
});
afterEach(async () => {
  await api?.close();
  api = undefined;
  setSocketConnected(false);
});

const page = (entry = '/cases') => renderWithApp(<MemoryRouter initialEntries={[entry]}><CasesPage /></MemoryRouter>);

describe('the staff case list, paged on the server', () => {
  it('shows the true counts in the tabs and loads the list a page at a time, past any cap', async () => {
    const OPEN_TOTAL = 260;
    const openCases = Array.from({ length: OPEN_TOTAL }, (_, i) => kase(1000 + i, { title: `Åpen sak ${i + 1}` }));
    api = await startApiForApp((req) => {
      if (req.path === '/api/user') return { json: ADMIN };
      if (req.method === 'GET' && req.path === '/api/admin/cases') {
        const closed = JSON.parse(req.query.get('filter')!).isClosed as boolean;
        const [first, last] = JSON.parse(req.query.get('range')!) as [number, number];
        const rows = closed ? [] : openCases.slice(first, last + 1);
        const total = closed ? 1234 : OPEN_TOTAL;
        return { json: closed ? [] : rows, headers: { 'Content-Range': `cases ${first}-${first + rows.length - 1}/${total}` } };
      }
      return { json: [] };
    });
    page();
    expect(await screen.findByRole('tab', { name: `Aktive (${OPEN_TOTAL})` })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Arkiv (1234)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('case-row')).toHaveLength(STAFF_PAGE));
    for (let shown = STAFF_PAGE; shown < OPEN_TOTAL; shown += STAFF_PAGE) {
      await userEvent.click(screen.getByRole('button', { name: `Vis flere (${shown} av ${OPEN_TOTAL})` }));
      await waitFor(() => expect(screen.getAllByTestId('case-row')).toHaveLength(Math.min(shown + STAFF_PAGE, OPEN_TOTAL)));
    }
    expect(screen.getByText(`Åpen sak ${OPEN_TOTAL}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Vis flere/ })).not.toBeInTheDocument();
    const ranges = api!.requests.filter((r) => r.path === '/api/admin/cases' && !JSON.parse(r.query.get('filter')!).isClosed).map((r) => r.query.get('range'));
    expect(new Set(ranges)).toEqual(new Set([0, 50, 100, 150, 200, 250].map((first) => JSON.stringify([first, first + STAFF_PAGE - 1]))));
    // 260 rows in jsdom, six pages: more than the default 30 s on a loaded 2-core machine.
  }, 90_000);

  it('reads the total from Content-Range', () => {
    expect(totalOf('cases 0-49/1234', 50)).toBe(1234);
    expect(totalOf(null, 3)).toBe(3);
  });
});

describe('CasesPage', () => {
  it('lists open and archived cases with counts, opens one and answers it with a file (multipart)', async () => {
    const posted: RecordedRequest[] = [];
    api = await serve(OWNER, posted);
    encodeFormDataForNodeFetch();
    page();
    expect(await screen.findByRole('tab', { name: 'Aktive (2)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Arkiv (1)' })).toBeInTheDocument();
    expect(screen.getByLabelText('2 uleste')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByText('Får ikke logget inn'));
    expect(await screen.findByText('Har du prøvd å nullstille passordet?')).toBeInTheDocument();
    const details = screen.getByRole('complementary', { name: 'Detaljer' });
    expect(within(details).getByText('K-2026-00042')).toBeInTheDocument();
    expect(within(details).getByText('Ikke tildelt')).toBeInTheDocument();
    // An owner closes and reopens, but does not assign.
    expect(within(details).getByRole('button', { name: 'Marker som løst' })).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Tildel til meg' })).toBeNull();

    // Empty text is refused here, before any call.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Melding kan ikke være tom')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Melding' }), 'Ja, men det hjalp ikke');
    await user.upload(screen.getByLabelText('Legg ved filer'), new File(['logg'], 'logg.txt', { type: 'text/plain' }));
    expect(screen.getByLabelText('logg.txt')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Ja, men det hjalp ikke', { selector: 'p' })).toBeInTheDocument();
    const sent = posted.find((r) => r.path === '/api/cases/2/messages')!;
    expect(String(sent.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(String(sent.body)).toContain('filename="logg.txt"');
    await waitFor(() => expect(screen.queryByLabelText('logg.txt')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Melding' })).toHaveValue('');

    await user.click(screen.getByRole('tab', { name: 'Arkiv (1)' }));
    expect(await screen.findByText('Gammel sak')).toBeInTheDocument();
  });

  it('shows the documented text for a case that does not exist', async () => {
    api = await serve(OWNER, []);
    page('/cases?case=99');
    expect(await screen.findByText('Saken du leter etter finnes ikke eller er slettet.')).toBeInTheDocument();
  });

  it('checks the new-case dialog and lets an admin open a case for an owner', async () => {
    const posted: RecordedRequest[] = [];
    api = await serve(ADMIN, posted);
    page();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ny sak' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Opprett sak' }));
    expect(await within(dialog).findByText('Tittel må være minst 3 tegn')).toBeInTheDocument();
    expect(within(dialog).getByText('Velg en gyldig kategori')).toBeInTheDocument();
    expect(within(dialog).getByText('Første melding kan ikke være tom')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'På vegne av bruker' }));
    await user.click(await screen.findByRole('option', { name: 'Ole Eier (ole@example.com)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tittel' }), 'Faktura mangler');
    await user.click(within(dialog).getByRole('combobox', { name: /Kategori/ }));
    await user.click(await screen.findByRole('option', { name: 'Faktura' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Første melding' }), 'Vi sender den på nytt.');
    await user.click(within(dialog).getByRole('button', { name: 'Opprett sak' }));
    expect(await screen.findByText('Saken er opprettet')).toBeInTheDocument();
    expect(posted.find((r) => r.path === '/api/cases')!.body).toEqual({ title: 'Faktura mangler', category: 'billing', priority: 'medium', message: 'Vi sender den på nytt.', userId: 7 });
  });

  it('lets a person with two properties say which one a new case is about, and shows a case’s property', async () => {
    const posted: RecordedRequest[] = [];
    const property = (id: number, name: string) => ({ id, name, address: null, timezone: 'Europe/Oslo', role: 'owner', share: '100.00', canSeeMoney: true });
    api = await serve(OWNER, posted, [property(4, 'Hytta'), property(9, 'Leiligheten')]);
    page('/cases?case=2');
    const details = await screen.findByRole('complementary', { name: 'Detaljer' });
    expect(within(details).getByText('Hytta')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ny sak' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Eiendom' })).toHaveTextContent('Hytta');
    await user.click(within(dialog).getByRole('combobox', { name: 'Eiendom' }));
    await user.click(await screen.findByRole('option', { name: 'Leiligheten' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tittel' }), 'Lekkasje');
    await user.click(within(dialog).getByRole('combobox', { name: /Kategori/ }));
    await user.click(await screen.findByRole('option', { name: 'Annet' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Første melding' }), 'Det drypper.');
    await user.click(within(dialog).getByRole('button', { name: 'Opprett sak' }));
    expect(await screen.findByText('Saken er opprettet')).toBeInTheDocument();
    expect(posted.find((r) => r.path === '/api/cases')!.body).toEqual({ title: 'Lekkasje', category: 'other', priority: 'medium', message: 'Det drypper.', propertyId: 9 });
  });

  it('lets an admin assign a case to themselves and mark it resolved', async () => {
    const posted: RecordedRequest[] = [];
    api = await serve(ADMIN, posted);
    page('/cases?case=2');
    const details = await screen.findByRole('complementary', { name: 'Detaljer' });
    expect(within(details).getByText('Ole Eier')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(details).getByRole('button', { name: 'Tildel til meg' }));
    expect(await screen.findByText('Saken er tildelt')).toBeInTheDocument();
    expect(posted.find((r) => r.path === '/api/admin/cases/2/assign')!.body).toEqual({ adminId: 1 });
    expect(await within(details).findByText('Ada Admin')).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Marker som løst' }));
    expect(await within(details).findByRole('button', { name: 'Gjenåpne' })).toBeInTheDocument();
    expect(await screen.findByText('Saken er lukket. Gjenåpne den for å skrive en ny melding.')).toBeInTheDocument();
  });

  it('shows one column on a phone, with a way back to the list', async () => {
    window.innerWidth = 400;
    window.dispatchEvent(new Event('resize'));
    api = await serve(OWNER, []);
    page();
    const user = userEvent.setup();
    await user.click(await screen.findByText('Får ikke logget inn'));
    expect(await screen.findByRole('button', { name: 'Tilbake til sakene' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Aktive (2)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Tilbake til sakene' }));
    expect(await screen.findByRole('tab', { name: 'Aktive (2)' })).toBeInTheDocument();
  });
});

describe('case form and polling', () => {
  it('checks the limits', () => {
    expect(validateCase({ title: 'Hei', category: 'other', priority: 'low', message: 'x', userId: '', propertyId: '' })).toEqual({});
    expect(validateCase({ title: 'x'.repeat(101), category: 'appointment', priority: 'urgent', message: 'x'.repeat(1001), userId: '', propertyId: '' })).toEqual({
      title: 'cases.validation.titleMax',
      category: 'cases.validation.category',
      priority: 'cases.validation.priority',
      message: 'cases.validation.messageMax',
    });
  });

  it('polls every 3 s only while the socket is down', () => {
    setSocketConnected(false);
    const { result } = renderHook(() => useFallbackPolling(3000));
    expect(result.current).toBe(3000);
    act(() => setSocketConnected(true));
    expect(result.current).toBe(false);
    act(() => setSocketConnected(false));
    expect(result.current).toBe(3000);
  });
});
