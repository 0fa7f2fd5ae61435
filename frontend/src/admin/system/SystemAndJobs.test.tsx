/**
 * The 'system' and 'jobs' tabs as the main app mounts the back office, against a real local HTTP server playing the
 * API: an admin turns maintenance on with a message and off again; the jobs list shows last run, duration, state
 * and error, and 'run now' for admins only.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../authProvider';
import { startLocalApi, type LocalApi } from '../../test/localApi';
import { renderAdmin, rowOf } from '../testing/renderAdmin';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };
const mia: CurrentUser = { id: 2, username: 'mia@example.com', name: 'Mia Mini', email: 'mia@example.com', isAdmin: false, isMiniAdmin: true };

const jobs = [
  { id: 'session-cleanup', schedule: '0 * * * *', lastStartedAt: '2025-06-02T09:00:00Z', lastFinishedAt: '2025-06-02T09:00:01.500Z', lastDurationMs: 1500, lastSuccessAt: '2025-06-02T09:00:01.500Z', lastError: null, lastResult: { removed: 3 }, runCount: 12 },
  { id: 'feed-sync', schedule: '*/15 * * * *', lastStartedAt: '2025-06-02T09:45:00Z', lastFinishedAt: '2025-06-02T09:45:02Z', lastDurationMs: 2000, lastSuccessAt: null, lastError: 'Tidsavbrudd', lastResult: null, runCount: 4 },
  { id: 'outbox-retry', schedule: '*/5 * * * *', lastStartedAt: null, lastFinishedAt: null, lastDurationMs: null, lastSuccessAt: null, lastError: null, lastResult: null, runCount: 0 },
];

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

async function openAdmin(me: CurrentUser, path: string) {
  const state = { enabled: false, message: null as string | null };
  const settings = new Map<string, string>([['frontPage.textColor', '#ffffff']]);
  api = await startLocalApi((req) => {
    if (req.method === 'GET' && req.path === '/api/system-settings') return { json: [...settings].map(([key, value]) => ({ key, value })) };
    if (req.method === 'PUT' && req.path.startsWith('/api/system-settings/')) {
      const key = decodeURIComponent(req.path.slice('/api/system-settings/'.length));
      settings.set(key, (req.body as { value: string }).value);
      return { json: { key, value: settings.get(key) } };
    }
    if (req.path === '/api/user') return { json: me };
    if (req.method === 'GET' && req.path === '/api/maintenance-status') return { json: state };
    if (req.method === 'POST' && req.path === '/api/admin/maintenance-mode') {
      const body = req.body as { enabled: boolean; message: string };
      state.enabled = body.enabled;
      state.message = body.message || null;
      return { json: state };
    }
    if (req.method === 'GET' && req.path === '/api/admin/jobs') return { json: jobs };
    if (req.method === 'POST' && req.path === '/api/admin/jobs/session-cleanup/run') return { json: { ...jobs[0], runCount: 13 } };
    if (req.method === 'POST' && req.path === '/api/admin/jobs/feed-sync/run') return { status: 404, json: { code: 'job_unknown_or_running', message: 'Ukjent jobb, eller den kjører allerede' } };
    return undefined;
  });
  renderAdmin(api.apiUrl, path);
  return { api, state, settings };
}

describe('system tab', () => {
  it('an admin sets the upload quota, the upcoming-appointment limit and the staff two-factor rule', async () => {
    const { settings } = await openAdmin(ada, '/admin/system');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Grenser og sikkerhet' }, { timeout: 8000 });
    const quota = within(form).getByRole('textbox', { name: 'Vedlegg i saker per person per døgn (MB)' });
    expect(quota).toHaveValue('');
    expect(quota).toHaveAttribute('placeholder', '200');
    await user.type(quota, '50');
    await user.type(within(form).getByRole('textbox', { name: 'Kommende timer per eier' }), '5');
    await user.click(within(form).getByRole('switch', { name: 'Ansatte må bruke tofaktorinnlogging' }));
    await user.click(within(form).getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(Object.fromEntries(settings)).toMatchObject({ 'cases.uploadQuotaMb': '50', 'appointments.maxUpcoming': '5', 'security.requireStaff2fa': 'true' }));
    expect(await screen.findByText('Innstillingene er lagret')).toBeInTheDocument();
  });

  it('an admin turns maintenance on with a message, and off again', async () => {
    const { api, state } = await openAdmin(ada, '/admin/system');
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Vedlikeholdsmodus' }, { timeout: 15_000 });
    // The form starts again from each saved state, so it is looked up anew each time.
    const form = () => screen.getByRole('form', { name: 'Vedlikeholdsmodus' });
    expect(await screen.findByRole('menuitem', { name: /System/ })).toBeInTheDocument();
    expect(await screen.findByText('Av: tjenesten er åpen for alle')).toBeInTheDocument();
    await user.click(within(form()).getByLabelText('Vedlikeholdsmodus på'));
    await user.type(within(form()).getByLabelText('Melding til brukerne'), 'Tilbake kl. 12');
    await user.click(within(form()).getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('På: bare administratorer har tilgang')).toBeInTheDocument();
    expect(state).toEqual({ enabled: true, message: 'Tilbake kl. 12' });
    await user.click(within(form()).getByLabelText('Vedlikeholdsmodus på'));
    await user.click(within(form()).getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Av: tjenesten er åpen for alle')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path === '/api/admin/maintenance-mode').map((r) => r.body)).toEqual([
      { enabled: true, message: 'Tilbake kl. 12' },
      { enabled: false, message: 'Tilbake kl. 12' },
    ]);
  });

  it('an admin previews the design colours live, is warned of unreadable text, and saves only what changed', async () => {
    const { api, settings } = await openAdmin(ada, '/admin/system');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Design' }, { timeout: 15_000 });
    const preview = within(form).getByTestId('design-preview');
    // Unset keys start from the product's own look; set ones from what staff saved.
    expect(within(form).getByLabelText('Forsidens bakgrunnsfarge')).toHaveValue('#1d4ed8');
    expect(preview).toHaveStyle({ color: 'rgb(255, 255, 255)' });
    const background = within(form).getByLabelText('Forsidens bakgrunnsfarge');
    await user.clear(background);
    await user.type(background, '#fef3c7');
    expect(preview).toHaveStyle({ background: 'rgb(254, 243, 199)' });
    expect(within(form).getByText(/Teksten er vanskelig å lese på denne bakgrunnen \(kontrast 1\.1:1/)).toBeInTheDocument();
    const text = within(form).getByLabelText('Forsidens tekstfarge');
    await user.clear(text);
    await user.type(text, '#7c2d12');
    expect(within(form).queryByText(/vanskelig å lese/)).not.toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Hendelsesfarge i kalenderen'));
    await user.type(within(form).getByLabelText('Hendelsesfarge i kalenderen'), 'rød');
    expect(within(form).getByText('Bruk formatet #rrggbb')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Lagre' })).toBeDisabled();
    await user.clear(within(form).getByLabelText('Hendelsesfarge i kalenderen'));
    await user.type(within(form).getByLabelText('Hendelsesfarge i kalenderen'), '#EF4444');
    await user.click(within(form).getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Designet er lagret')).toBeInTheDocument();
    // The event colour is the product's own red again (any case): not sent.
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
      ['/api/system-settings/frontPage.backgroundColor', { value: '#fef3c7' }],
      ['/api/system-settings/frontPage.textColor', { value: '#7c2d12' }],
    ]);
    expect(Object.fromEntries(settings)).toEqual({ 'frontPage.backgroundColor': '#fef3c7', 'frontPage.textColor': '#7c2d12' });
  });

  it('asks an admin for the contact details while none are given; saved, they are what owners see and the notice goes', async () => {
    const { api, settings } = await openAdmin(ada, '/admin/jobs');
    const user = userEvent.setup();
    const notice = await screen.findByText(/Kontaktinformasjonen for kundeservice er ikke fylt ut/, {}, { timeout: 15_000 });
    await user.click(within(notice.closest('[role="alert"]') as HTMLElement).getByRole('link', { name: 'Fyll ut nå' }));
    const form = await screen.findByRole('form', { name: 'Kontaktinformasjon for kundeservice' }, { timeout: 15_000 });
    expect(within(form).getByRole('button', { name: 'Lagre' })).toBeDisabled();
    await user.type(within(form).getByLabelText('Telefon'), '+47 55 12 34 56');
    await user.type(within(form).getByLabelText('E-post'), 'hjelp@utleie.example.no');
    await user.type(within(form).getByLabelText('Åpningstider (norsk)'), 'Hverdager 08–16');
    await user.click(within(form).getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Kontaktinformasjonen er lagret')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
      ['/api/system-settings/contact.phone', { value: '+47 55 12 34 56' }],
      ['/api/system-settings/contact.email', { value: 'hjelp@utleie.example.no' }],
      ['/api/system-settings/contact.openingHours.nb', { value: 'Hverdager 08–16' }],
    ]);
    expect(settings.get('contact.phone')).toBe('+47 55 12 34 56');
    await waitFor(() => expect(screen.queryByText(/Kontaktinformasjonen for kundeservice er ikke fylt ut/)).not.toBeInTheDocument());
  });

  it('is not offered to a mini admin', async () => {
    await openAdmin(mia, '/admin/jobs');
    await rowOf('session-cleanup');
    expect(screen.getByRole('menuitem', { name: /Jobber/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /System/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Kontaktinformasjonen for kundeservice er ikke fylt ut/)).not.toBeInTheDocument();
  });
});

describe('jobs tab', () => {
  it('lists each job with last run, duration, state and error; an admin runs one now', async () => {
    const { api } = await openAdmin(ada, '/admin/jobs');
    const user = userEvent.setup();
    const cleanupRow = await rowOf('session-cleanup');
    expect(within(cleanupRow).getByText('1.5 s')).toBeInTheDocument();
    expect(within(cleanupRow).getByText('OK')).toBeInTheDocument();
    expect(within(cleanupRow).getByText('12')).toBeInTheDocument();
    const failing = await rowOf('feed-sync');
    expect(within(failing).getByText('Feilet')).toBeInTheDocument();
    expect(within(failing).getByText('Tidsavbrudd')).toBeInTheDocument();
    expect(within(await rowOf('outbox-retry')).getAllByText('Aldri kjørt')).toHaveLength(2);

    await user.click(within(cleanupRow).getByRole('button', { name: 'Kjør nå' }));
    expect(await screen.findByText('Jobben session-cleanup er kjørt')).toBeInTheDocument();
    await user.click(within(failing).getByRole('button', { name: 'Kjør nå' }));
    expect(await screen.findByText('Kunne ikke kjøre jobben: Ukjent jobb, eller den kjører allerede')).toBeInTheDocument();
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/admin/')).map((r) => r.path)).toEqual(['/api/admin/jobs/session-cleanup/run', '/api/admin/jobs/feed-sync/run']));
  });

  it('a mini admin sees the jobs without run now', async () => {
    await openAdmin(mia, '/admin/jobs');
    const row = await rowOf('session-cleanup');
    expect(within(row).queryByRole('button', { name: 'Kjør nå' })).not.toBeInTheDocument();
  });
});
