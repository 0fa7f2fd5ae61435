/**
 * The webhooks on the System page as the main app mounts the back office, against a real local HTTP server playing
 * the API: an admin adds an endpoint (its secret shown once), the server's refusal shows in the form, and the
 * delivery log shows the answer code, the next try and "send again".
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../authProvider';
import { startLocalApi, type LocalApi, type RecordedRequest } from '../../test/localApi';
import { renderAdmin } from '../testing/renderAdmin';

const ada: CurrentUser = { id: 1, username: 'ada@example.com', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true, isMiniAdmin: false };

const existing = {
  id: 4,
  url: 'https://hooks.example.com/eierportal',
  description: 'Regnskap' as string | null,
  events: ['payout.created'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: '2026-06-01T10:00:00.000Z',
  updatedAt: '2026-06-01T10:00:00.000Z',
};

const delivery = {
  id: 9,
  messageId: 'msg_1',
  eventType: 'payout.created',
  status: 'pending',
  attempts: 2,
  lastAttemptAt: '2026-06-01T10:05:00.000Z',
  lastDurationMs: 120,
  lastResponseStatus: 500,
  lastError: 'HTTP 500',
  nextAttemptAt: '2026-06-01T10:35:00.000Z',
  createdAt: '2026-06-01T10:00:00.000Z',
};

let api: LocalApi | undefined;
afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

async function openSystem() {
  const webhooks = [existing];
  const requests: RecordedRequest[] = [];
  api = await startLocalApi((req) => {
    if (req.path.startsWith('/api/admin/webhooks')) requests.push(req);
    if (req.path === '/api/user') return { json: ada };
    if (req.path === '/api/maintenance-status') return { json: { enabled: false, message: null } };
    if (req.path === '/api/system-settings') return { json: [] };
    if (req.method === 'GET' && req.path === '/api/admin/webhooks') return { json: webhooks };
    if (req.method === 'POST' && req.path === '/api/admin/webhooks') {
      const body = req.body as { url: string; events: string[] };
      if (!body.url.startsWith('https://')) return { status: 400, json: { code: 'webhook_url_not_https', message: 'Adressen må være https' } };
      const made = { ...existing, id: 5, url: body.url, events: body.events, description: null };
      webhooks.push(made);
      return { status: 201, json: { ...made, secret: 'whsec_c2VjcmV0LXNob3duLW9uY2UtYW5kLW5ldmVyLWFnYWlu' } };
    }
    if (req.method === 'GET' && req.path === '/api/admin/webhooks/4/deliveries') return { json: [delivery] };
    if (req.method === 'POST' && req.path === '/api/admin/webhooks/4/deliveries/9/redeliver') return { status: 202, json: { ...delivery, nextAttemptAt: '2026-06-01T10:06:00.000Z' } };
    return undefined;
  });
  renderAdmin(api.apiUrl, '/admin/system');
  return { requests };
}

describe('webhooks on the system page', () => {
  it('an admin adds an endpoint and sees its secret once; a refused address shows the server’s text', async () => {
    const { requests } = await openSystem();
    const user = userEvent.setup();
    expect(await screen.findByText('https://hooks.example.com/eierportal', {}, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ny webhook' }));
    const form = await screen.findByRole('form', { name: 'Ny webhook' });
    await user.type(within(form).getByRole('textbox', { name: 'Adresse' }), 'http://intern.example.com/hook');
    await user.click(within(form).getByRole('checkbox', { name: /^booking\.created/ }));
    await user.click(within(form).getByRole('checkbox', { name: /^case\.message/ }));
    await user.click(within(form).getByRole('button', { name: 'Lagre' }));
    expect(await within(form).findByText('Adressen må være https')).toBeInTheDocument();

    const address = within(form).getByRole('textbox', { name: 'Adresse' });
    await user.clear(address);
    await user.type(address, 'https://mottak.example.com/hook');
    await user.click(within(form).getByRole('button', { name: 'Lagre' }));
    const secret = await screen.findByRole('textbox', { name: 'Hemmelighet' });
    expect(secret).toHaveValue('whsec_c2VjcmV0LXNob3duLW9uY2UtYW5kLW5ldmVyLWFnYWlu');
    expect(screen.getByText(/den vises bare denne ene gangen/)).toBeInTheDocument();
    const created = requests.filter((r) => r.method === 'POST' && r.path === '/api/admin/webhooks').map((r) => r.body);
    expect(created[1]).toEqual({ url: 'https://mottak.example.com/hook', events: ['booking.created', 'case.message'] });
    await user.click(screen.getByRole('button', { name: 'Ferdig' }));
    expect(await screen.findByText('https://mottak.example.com/hook')).toBeInTheDocument();
    expect(screen.queryByText(/whsec_/)).not.toBeInTheDocument();
  });

  it('shows an endpoint’s delivery log and sends a delivery again', async () => {
    const { requests } = await openSystem();
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'https://hooks.example.com/eierportal' }, { timeout: 15_000 });
    await user.click(within(section).getByRole('button', { name: 'Leveringer' }));
    const log = await within(section).findByRole('table', { name: 'Leveringer' });
    const row = within(log).getAllByRole('row')[1];
    expect(within(row).getByText('payout.created')).toBeInTheDocument();
    expect(within(row).getByText('Venter')).toBeInTheDocument();
    expect(within(row).getByText('500')).toBeInTheDocument();
    expect(within(row).getByText('120 ms')).toBeInTheDocument();
    expect(within(row).getByText('01.06.2026 10:35')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Send igjen' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path === '/api/admin/webhooks/4/deliveries/9/redeliver')).toBe(true));
  });
});
