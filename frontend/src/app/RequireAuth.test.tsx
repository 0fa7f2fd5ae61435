/**
 * The access guard when the server cannot be reached (offline, or the server down): 'Ingen tilkobling' with a
 * retry, not the login page; once the server answers again the page comes back. Real connections: first to a
 * closed loopback port, then to a local HTTP server playing the API.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { startLocalApi, type LocalApi } from '../test/localApi';
import i18n from '../i18n';
import { createQueryClient } from './queryClient';
import { RequireAuth } from './RequireAuth';

const owner = { id: 2, username: 'ola@example.no', name: 'Ola', email: 'ola@example.no', isAdmin: false, isMiniAdmin: false };
let live: LocalApi | undefined;
afterEach(async () => {
  vi.unstubAllGlobals();
  await live?.close();
  live = undefined;
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
  expect(await screen.findByRole('heading', { name: 'Ingen tilkobling' })).toBeInTheDocument();
  expect(screen.queryByText('the login page')).not.toBeInTheDocument();

  origin = new URL(live.apiUrl).origin;
  await userEvent.setup().click(screen.getByRole('button', { name: 'Prøv igjen' }));
  expect(await screen.findByText('the calendar')).toBeInTheDocument();
});
