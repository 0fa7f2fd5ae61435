import { MutationCache, QueryCache, QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { ApiError, apiJson } from '../api/client';
import { queryKeys } from '../api/queryKeys';

/** The default read: GET the first element of the query key as JSON (docs/product/app.md#data-reads). */
export function defaultQueryFn({ queryKey }: QueryFunctionContext): Promise<unknown> {
  return apiJson('GET', String(queryKey[0]));
}

/** Default data settings (docs/product/app.md#data-reads): fresh 5 min, kept 10 min, no retries, no focus refetch, tried even offline. */
export function createQueryClient(): QueryClient {
  // A call refused with 503 'maintenance' means maintenance began: read the status now, not at the next poll, so
  // the maintenance screen replaces the page at once (features/maintenance).
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 503 && error.code === 'maintenance') void client.invalidateQueries({ queryKey: queryKeys.maintenanceStatus });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
  return client;
}
