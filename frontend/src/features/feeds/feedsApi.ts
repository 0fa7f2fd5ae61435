/**
 * A property's iCal feeds (docs/product/feeds.md#routes): the list, add, update (e.g. enabled), delete
 * and sync-now. After any change the feed list and the calendar's imported events are refreshed. The property is the
 * one the calendar shows (the address's `?property=`; none: the person's first), and a viewer of it only reads.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import { calendarKeys, inProperty } from '../calendar';
import { useChosenProperty } from '../properties';
import type { OwnBeds24 } from '../../api/types';
import type { Feed, NewFeed, SyncAnswer } from './types';
import { feedsKeys, ofProperty } from './feedsKeys';

/** The property whose feeds are shown: the calendar's (null for the first) and whether the person only views it. */
export function useFeedProperty(): { id: number | null; readOnly: boolean } {
  const { id, shown } = useChosenProperty();
  return { id, readOnly: shown?.role === 'viewer' };
}

export { feedsKeys };

/** The prefixes to refresh after a feed changed (or was synced): the list, and the calendar's imported events. */
export const FEED_DEPENDENT_KEYS = [feedsKeys.own, calendarKeys.bookings.all, calendarKeys.window.all];

export function invalidateFeedData(queryClient: QueryClient): Promise<void> {
  return Promise.all(FEED_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}

export function useFeeds(enabled = true, propertyId: number | null = null) {
  return useQuery({
    queryKey: ofProperty(feedsKeys.own, propertyId),
    queryFn: () => apiJson<Feed[]>('GET', inProperty(feedsKeys.own[0], propertyId)),
    // iCal data is fresh for 30 s.
    staleTime: 30_000,
    enabled,
  });
}

/** The owner's Beds24 connection's health (configured, last sync, failing); read-only, set up by staff. */
export function useOwnBeds24(enabled = true, propertyId: number | null = null) {
  return useQuery({
    queryKey: ofProperty(feedsKeys.beds24, propertyId),
    queryFn: () => apiJson<OwnBeds24>('GET', inProperty(feedsKeys.beds24[0], propertyId)),
    staleTime: 30_000,
    enabled,
  });
}

export function useCreateFeed(propertyId: number | null = null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewFeed) =>
      apiJson<Feed>('POST', '/api/ical-feeds', { ...input, name: input.name.trim(), url: input.url.trim(), ...(propertyId === null ? {} : { propertyId }) }),
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
