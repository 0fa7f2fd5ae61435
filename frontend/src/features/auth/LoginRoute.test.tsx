/**
 * /auth's guard: a signed-in visitor goes on to where they were sent from, and a login pressed on the prerendered
 * page waits for its answer with nothing drawn; only a visitor who is to see the form gets the login page.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../api/types';
import { prerenderedPageAfterPress } from '../../test/prerenderedPage';

const owner = { id: 3, name: 'Per Eier', email: 'per@example.com', username: 'per@example.com', isAdmin: false, isMiniAdmin: false } as User;

async function renderAuth(currentUser: User | null | undefined, from?: string) {
  // Fresh modules each time (beforeEach): the prerendered page's press is read once per page load.
  const { LoginRoute } = await import('./LoginRoute');
  const { queryKeys } = await import('../../api/queryKeys');
  const { createQueryClient } = await import('../../app/queryClient');
  const { ToastProvider } = await import('../../shared/toast');
  await (await import('../../i18n')).default.changeLanguage('nb');
  const queryClient = createQueryClient();
  if (currentUser !== undefined) queryClient.setQueryData(queryKeys.currentUser, currentUser);
  queryClient.setQueryData(queryKeys.systemSettings, []);
  const [pathname, search = ''] = (from ?? '').split('?');
  return render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[{ pathname: '/auth', state: from ? { from: { pathname, search: search && `?${search}`, hash: '' } } : null }]}>
          <Suspense fallback={<p>loading</p>}>
            <Routes>
              <Route path="/auth" element={<LoginRoute />} />
              <Route path="/" element={<p>the calendar</p>} />
              <Route path="/payouts" element={<p>the payouts</p>} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the login route', () => {
  it('sends a signed-in visitor on to the page that sent them here, or home', async () => {
    await renderAuth(owner, '/payouts?year=2026');
    expect(await screen.findByText('the payouts')).toBeInTheDocument();
    cleanup();
    await renderAuth(owner);
    expect(await screen.findByText('the calendar')).toBeInTheDocument();
  });

  it('draws nothing while a login pressed on the prerendered page waits for its answer', async () => {
    prerenderedPageAfterPress(null);
    // The current-user check still waits for the server.
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const { container } = await renderAuth(undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
  });

  it('gives a signed-out visitor the login page', async () => {
    await renderAuth(null);
    expect(await screen.findByRole('heading', { name: 'Velkommen' })).toBeInTheDocument();
  });
});
