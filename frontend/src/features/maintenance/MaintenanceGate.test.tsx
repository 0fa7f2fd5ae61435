/**
 * The maintenance screen (docs/product/system.md#maintenance-mode) against a real local HTTP server playing the API: who sees it, its texts
 * and message, and its login form ('Tilgang nektet' for a non-admin the server refuses, a reload for an admin).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer, LocalApi, RecordedRequest } from '../../test/localApi';
import { queryKeys } from '../../api/queryKeys';
import i18n from '../../i18n';
import { renderWithApp, startApiForApp } from '../../test/renderWithApi';
import { MaintenanceGate } from './MaintenanceGate';
import { MaintenanceScreen } from './MaintenanceScreen';

const owner = { id: 2, username: 'ola@example.no', name: 'Ola', email: 'ola@example.no', isAdmin: false, isMiniAdmin: false };
const admin = { ...owner, id: 1, username: 'ada@example.no', name: 'Ada', isAdmin: true };
const REFUSED: Answer = { status: 503, json: { code: 'maintenance', message: 'Vi oppgraderer' } };

let api: LocalApi | undefined;
beforeEach(() => i18n.changeLanguage('nb'));
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** The API in maintenance (or not): who is logged in decides what /api/user answers. */
async function serve(state: { enabled: boolean; message: string | null }, session: { user: typeof owner | null }, login?: typeof owner) {
  api = await startApiForApp((req: RecordedRequest) => {
    if (req.path === '/api/maintenance-status') return { json: state };
    if (req.path === '/api/login') {
      if (!login) return { status: 401, json: { code: 'invalid_credentials', message: 'Ugyldig brukernavn eller passord' } };
      // As the server: during maintenance only an admin signs in; anyone else hears the maintenance answer.
      if (state.enabled && !login.isAdmin) return REFUSED;
      session.user = login;
      return { json: login };
    }
    if (req.path === '/api/logout') {
      session.user = null;
      return { json: { message: 'Logget ut' } };
    }
    if (state.enabled && !session.user?.isAdmin) return REFUSED;
    if (req.path === '/api/user') return session.user ? { json: session.user } : { status: 401, json: { code: 'unauthorized', message: 'Du må logge inn' } };
    return undefined;
  });
  return api;
}

describe('MaintenanceGate', () => {
  it('shows the app while maintenance is off', async () => {
    await serve({ enabled: false, message: null }, { user: owner });
    renderWithApp(<MaintenanceGate>the calendar</MaintenanceGate>);
    expect(await screen.findByText('the calendar')).toBeInTheDocument();
    expect(screen.queryByText('Systemoppgradering pågår')).not.toBeInTheDocument();
  });

  it('shows an owner only the maintenance screen with the server message, product name and version', async () => {
    await serve({ enabled: true, message: 'Vi oppgraderer' }, { user: owner });
    renderWithApp(<MaintenanceGate>the calendar</MaintenanceGate>);
    expect(await screen.findByRole('heading', { name: 'Systemoppgradering pågår' })).toBeInTheDocument();
    expect(screen.getByText('Vi oppgraderer')).toBeInTheDocument();
    expect(screen.getByText('Eierportal')).toBeInTheDocument();
    expect(screen.getByText('v2.0')).toBeInTheDocument();
    expect(screen.queryByText('the calendar')).not.toBeInTheDocument();
  });

  it('shows the default message when staff gave none, in English too', async () => {
    await i18n.changeLanguage('en');
    await serve({ enabled: true, message: null }, { user: null });
    renderWithApp(<MaintenanceGate>the calendar</MaintenanceGate>);
    expect(await screen.findByRole('heading', { name: 'System upgrade in progress' })).toBeInTheDocument();
    expect(screen.getByText('The site is being rebuilt and will be back soon.')).toBeInTheDocument();
  });

  it('learns of maintenance at once from a call refused with 503, without waiting for the poll', async () => {
    const state = { enabled: false, message: 'Vi oppgraderer' };
    const server = await serve(state, { user: owner });
    const { queryClient } = renderWithApp(<MaintenanceGate>the calendar</MaintenanceGate>);
    expect(await screen.findByText('the calendar')).toBeInTheDocument();
    state.enabled = true;
    await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    expect(await screen.findByRole('heading', { name: 'Systemoppgradering pågår' })).toBeInTheDocument();
    // The screen may show from the refused call's own message before the status re-read has reached the server.
    await waitFor(() => expect(server.requests.filter((r) => r.path === '/api/maintenance-status')).toHaveLength(2));
  });

  it('when maintenance ends, the app comes back and the reads refused meanwhile are fetched again', async () => {
    const state = { enabled: true, message: null };
    const server = await serve(state, { user: owner });
    const { queryClient } = renderWithApp(<MaintenanceGate>the calendar</MaintenanceGate>);
    expect(await screen.findByRole('heading', { name: 'Systemoppgradering pågår' })).toBeInTheDocument();
    const userReads = () => server.requests.filter((r) => r.path === '/api/user').length;
    const before = userReads();
    state.enabled = false;
    await queryClient.invalidateQueries({ queryKey: queryKeys.maintenanceStatus });
    expect(await screen.findByText('the calendar')).toBeInTheDocument();
    await waitFor(() => expect(userReads()).toBeGreaterThan(before));
  });

  it('lets an admin through', async () => {
    await serve({ enabled: true, message: 'Vi oppgraderer' }, { user: admin });
    renderWithApp(<MaintenanceGate>the calendar</MaintenanceGate>);
    expect(await screen.findByText('the calendar')).toBeInTheDocument();
  });

  it('says Tilgang nektet to a non-admin the server refuses, and stays on the maintenance screen', async () => {
    const server = await serve({ enabled: true, message: null }, { user: null }, owner);
    const user = userEvent.setup();
    renderWithApp(<MaintenanceGate>the calendar</MaintenanceGate>);
    await user.click(await screen.findByRole('button', { name: 'Logg inn som administrator' }));
    await user.type(screen.getByLabelText('Brukernavn (e-post)'), owner.username);
    await user.type(screen.getByLabelText('Passord'), 'passord123');
    await user.click(screen.getByRole('button', { name: 'Vis passord' }));
    expect(screen.getByLabelText('Passord')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByText('Tilgang nektet')).toBeInTheDocument();
    expect(screen.getByText('Bare administratorer kan logge inn under vedlikehold.')).toBeInTheDocument();
    expect(screen.queryByText('Innlogging feilet')).not.toBeInTheDocument();
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/login');
    expect(screen.queryByText('the calendar')).not.toBeInTheDocument();
  });

  it('says why a login failed', async () => {
    await serve({ enabled: true, message: null }, { user: null });
    const user = userEvent.setup();
    renderWithApp(<MaintenanceGate>the calendar</MaintenanceGate>);
    await user.click(await screen.findByRole('button', { name: 'Logg inn som administrator' }));
    await user.type(screen.getByLabelText('Brukernavn (e-post)'), 'ukjent@example.no');
    await user.type(screen.getByLabelText('Passord'), 'feil');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByText('Innlogging feilet')).toBeInTheDocument();
    expect(screen.getByText('Ugyldig brukernavn eller passord')).toBeInTheDocument();
    // Cancel closes the form again.
    await user.click(screen.getByRole('button', { name: 'Avbryt' }));
    expect(screen.getByRole('button', { name: 'Logg inn som administrator' })).toBeInTheDocument();
  });
});

describe('MaintenanceScreen', () => {
  it('an admin who logs in is welcomed and the page reloads after 200 ms', async () => {
    await serve({ enabled: true, message: null }, { user: null }, admin);
    const reload = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<MaintenanceScreen message={null} reload={reload} />);
    await user.click(screen.getByRole('button', { name: 'Logg inn som administrator' }));
    await user.type(screen.getByLabelText('Brukernavn (e-post)'), admin.username);
    await user.type(screen.getByLabelText('Passord'), 'passord123');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByText('Innlogging vellykket')).toBeInTheDocument();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
