/**
 * The user's iCal feeds (docs/product/feeds.md#routes): the list, add, update (e.g. enabled), delete
 * and sync-now. After any change the feed list and the calendar's imported events are refreshed.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import { calendarKeys } from '../calendar';
import type { OwnBeds24 } from '../../api/types';
import type { Feed, NewFeed, SyncAnswer } from './types';
import { feedsKeys } from './feedsKeys';

export { feedsKeys };

/** The prefixes to refresh after a feed changed (or was synced): the list, and the calendar's imported events. */
export const FEED_DEPENDENT_KEYS = [feedsKeys.own, calendarKeys.bookings.all, calendarKeys.window.all];

export function invalidateFeedData(queryClient: QueryClient): Promise<void> {
  return Promise.all(FEED_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}

export function useFeeds(enabled = true) {
  return useQuery({
    queryKey: feedsKeys.own,
    queryFn: () => apiJson<Feed[]>('GET', feedsKeys.own[0]),
    // iCal data is fresh for 30 s.
    staleTime: 30_000,
    enabled,
  });
}

/** The owner's Beds24 connection's health (configured, last sync, failing); read-only, set up by staff. */
export function useOwnBeds24(enabled = true) {
  return useQuery({
    queryKey: feedsKeys.beds24,
    queryFn: () => apiJson<OwnBeds24>('GET', feedsKeys.beds24[0]),
    staleTime: 30_000,
    enabled,
  });
}

export function useCreateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewFeed) => apiJson<Feed>('POST', '/api/ical-feeds', { ...input, name: input.name.trim(), url: input.url.trim() }),
    onSuccess: () => invalidateFeedData(queryClient),
  });
}

export function useUpdateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: number } & Partial<NewFeed>) => apiJson<Feed>('PUT', `/api/ical-feeds/${id}`, changes),
    onSuccess: () => invalidateFeedData(queryClient),
  });
}

export function useDeleteFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<{ message: string }>('DELETE', `/api/ical-feeds/${id}`),
    onSuccess: () => invalidateFeedData(queryClient),
  });
}

/** Syncs one feed now; the server answers when done. Several feeds may sync at once, so the id is tracked per call. */
export function useSyncFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<SyncAnswer>('POST', `/api/ical-feeds/${id}/sync`),
    onSettled: () => invalidateFeedData(queryClient),
  });
}
