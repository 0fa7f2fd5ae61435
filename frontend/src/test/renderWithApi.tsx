/**
 * Customer-app tests against a real local HTTP server (the back office's startLocalApi): the app calls relative
 * '/api/…' addresses, as in the browser, and this points them at the server by giving fetch the server's origin
 * as base. Also renders a component inside the app's own providers (query client, toasts, Norwegian texts).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { startLocalApi, type Handler, type LocalApi } from './localApi';
import { createQueryClient } from '../app/queryClient';
import { ToastProvider } from '../shared/toast';

export async function startApiForApp(handler: Handler): Promise<LocalApi> {
  const api = await startLocalApi(handler);
  const origin = new URL(api.apiUrl).origin;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    realFetch(typeof input === 'string' && input.startsWith('/') ? `${origin}${input}` : input, init),
  );
  return {
    ...api,
    close: async () => {
      vi.unstubAllGlobals();
      await api.close();
    },
  };
}

export function renderWithApp(element: ReactElement) {
  const queryClient = createQueryClient();
  return { queryClient, ...render(<QueryClientProvider client={queryClient}>{<ToastProvider>{element}</ToastProvider>}</QueryClientProvider>) };
}
