/**
 * Settings with the user kept for a reload offline (docs/architecture.md#offline-reload): the profile form waits for
 * the server, since the kept user has no phone or account number and a form filled from it would save them blank.
 * The server is a closed loopback port.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, onTestFinished, vi } from 'vitest';
import type { User } from '../../api/types';
import i18n from '../../i18n';
import { keepSignedInUser } from '../../shared/keptWindows';
import { startLocalApi } from '../../test/localApi';
import { SettingsPage } from './SettingsPage';

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

it('shows no profile form for the kept user while the server cannot be reached', async () => {
  await i18n.changeLanguage('nb');
  // The server's session hint: the kept user stands in only while a session is alive (docs/security.md#shared-devices).
  document.cookie = 'session_hint=1; path=/';
  onTestFinished(() => void (document.cookie = 'session_hint=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT'));
  keepSignedInUser({ id: 7, username: 'ole@example.com', name: 'Ole Owner', email: 'ole@example.com', isAdmin: false, isMiniAdmin: false, twoFactorEnabled: false } as User);
  const gone = await startLocalApi(() => undefined);
  await gone.close();
  const origin = new URL(gone.apiUrl).origin;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => realFetch(typeof input === 'string' ? `${origin}${input}` : input, init));

  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/settings']}>
        <SettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  expect(await screen.findByText(/får ikke kontakt med serveren/)).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: /Kontonummer/ })).not.toBeInTheDocument();
});
