/**
 * The access guard when the server cannot be reached (offline, or the server down): 'Ingen tilkobling' with a
 * retry, not the login page; once the server answers again the page comes back. With the last signed-in user kept
 * in this browser, the page draws at once, and back online a 401 leads to the login page and forgets what was kept.
 * Real connections: first to a closed loopback port, then to a local HTTP server playing the API.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { startLocalApi, type LocalApi } from '../test/localApi';
import i18n from '../i18n';
import { createQueryClient } from './queryClient';
import { RequireAuth } from './RequireAuth';
import { KEPT_USER_KEY, KEPT_WINDOWS_KEY, keepSignedInUser, keepWindow, keptSignedInUser } from '../shared/keptWindows';
import type { User } from '../api/types';

const owner = { id: 2, username: 'ola@example.no', name: 'Ola', email: 'ola@example.no', isAdmin: false, isMiniAdmin: false };
let live: LocalApi | undefined;
/** The cookie the server keeps beside a live session (docs/security.md#shared-devices). */
const setHint = (on: boolean) => (document.cookie = on ? 'session_hint=1; path=/' : 'session_hint=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT');
afterEach(async () => {
  setHint(false);
  window.localStorage.clear();
  vi.unstubAllGlobals();
  await live?.close();
  live = undefined;
});

/** Sends the app's '/api/…' calls to `origin()`, which a test changes to take the server away or bring it back. */
async function routeApiTo(origin: () => string) {
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => realFetch(typeof input === 'string' ? `${origin()}${input}` : input, init));
}

/** The origin of a loopback port nothing listens on. */
async function closedOrigin(): Promise<string> {
  const gone = await startLocalApi(() => undefined);
  await gone.close();
  return new URL(gone.apiUrl).origin;
}

const renderGuarded = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<RequireAuth>the calendar</RequireAuth>} />
          <Route path="/auth" element={<>the login page</>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

it('draws the page for the kept user when the server cannot be reached, and back online a 401 leads to the login page and forgets what was kept', async () => {
  await i18n.changeLanguage('nb');
  setHint(true);
  keepSignedInUser({ ...owner, twoFactorEnabled: false, phoneNumber: '+47 99999999', accountNumber: '1234.56.78903' } as User);
  keepWindow(owner.id, { startDate: 'a', endDate: 'b' }, { events: [] });
  // Only the shell's fields are kept: no phone number, no account number.
  expect(window.localStorage.getItem(KEPT_USER_KEY)).not.toMatch(/99999999|1234/);
  let origin = await closedOrigin();
  await routeApiTo(() => origin);
  renderGuarded();
  expect(await screen.findByText('the calendar')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Ingen tilkobling' })).not.toBeInTheDocument();

  live = await startLocalApi((req) => (req.path === '/api/user' ? { status: 401, json: { message: 'Du må logge inn' } } : undefined));
  origin = new URL(live.apiUrl).origin;
  window.dispatchEvent(new Event('online'));
  expect(await screen.findByText('the login page')).toBeInTheDocument();
  expect(keptSignedInUser()).toBeNull();
  expect(window.localStorage.getItem(KEPT_WINDOWS_KEY)).toBeNull();
});

it("stands in with the kept user only under the server's session hint and for at most 7 days, else forgets it", async () => {
  await i18n.changeLanguage('nb');
  const origin = await closedOrigin();
  await routeApiTo(() => origin);
  // No hint: the session ended (logout elsewhere, a blocked account), so nothing of the last user is drawn.
  keepSignedInUser({ ...owner, twoFactorEnabled: false } as User);
  keepWindow(owner.id, { startDate: 'a', endDate: 'b' }, { events: [] });
  renderGuarded();
  expect(await screen.findByRole('heading', { name: 'Ingen tilkobling' })).toBeInTheDocument();
  expect(screen.queryByText('the calendar')).not.toBeInTheDocument();
  expect(keptSignedInUser()).toBeNull();
  expect(window.localStorage.getItem(KEPT_WINDOWS_KEY)).toBeNull();
  cleanup();

  // The hint, but kept eight days ago.
  setHint(true);
  keepSignedInUser({ ...owner, twoFactorEnabled: false } as User);
  const kept = JSON.parse(window.localStorage.getItem(KEPT_USER_KEY)!);
  window.localStorage.setItem(KEPT_USER_KEY, JSON.stringify({ ...kept, keptAt: Date.now() - 8 * 86_400_000 }));
  renderGuarded();
  expect(await screen.findByRole('heading', { name: 'Ingen tilkobling' })).toBeInTheDocument();
  expect(screen.queryByText('the calendar')).not.toBeInTheDocument();
  expect(window.localStorage.getItem(KEPT_USER_KEY)).toBeNull();
});

it('sends a signed-out visitor to the login page even with a kept user: a 401 is an answer', async () => {
  keepSignedInUser({ ...owner, twoFactorEnabled: false } as User);
  live = await startLocalApi((req) => (req.path === '/api/user' ? { status: 401, json: { message: 'Du må logge inn' } } : undefined));
  const origin = new URL(live.apiUrl).origin;
  await routeApiTo(() => origin);
  renderGuarded();
  expect(await screen.findByText('the login page')).toBeInTheDocument();
  expect(keptSignedInUser()).toBeNull();
});

it("says 'Ingen tilkobling' while the server cannot be reached, and shows the page once it answers again", async () => {
  await i18n.changeLanguage('nb');
  live = await startLocalApi((req) => (req.path === '/api/user' ? { json: owner } : undefined));
  const gone = await startLocalApi(() => undefined);
  const goneOrigin = new URL(gone.apiUrl).origin;
  await gone.close();
  let origin = goneOrigin;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => realFetch(typeof input === 'string' ? `${origin}${input}` : input, init));

  renderGuarded();
  expect(await screen.findByRole('heading', { name: 'Ingen tilkobling' })).toBeInTheDocument();
  expect(screen.queryByText('the login page')).not.toBeInTheDocument();

  origin = new URL(live.apiUrl).origin;
  await userEvent.setup().click(screen.getByRole('button', { name: 'Prøv igjen' }));
  expect(await screen.findByText('the calendar')).toBeInTheDocument();
});
