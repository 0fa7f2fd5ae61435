import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { apiJson } from '../api/client';

/** The default read: GET the first element of the query key as JSON (SPEC §7). */
export function defaultQueryFn({ queryKey }: QueryFunctionContext): Promise<unknown> {
  return apiJson('GET', String(queryKey[0]));
}

/** SPEC §7 default data settings: fresh 5 min, kept 10 min, no retries, no focus refetch, tried even offline. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: false,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        networkMode: 'always',
      },
      mutations: {
        retry: false,
        networkMode: 'always',
      },
    },
  });
}
