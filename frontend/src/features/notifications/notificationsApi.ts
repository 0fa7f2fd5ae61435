/**
 * The bell's data: the newest notifications with the unread count, page by page, and the actions on them. Every
 * change refetches the pages read so far, and so does a pushed notification or a socket that reconnected.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import type { NotificationPage } from './types';

/** How many the popover reads at a time; "show more" reads the next page (docs/product/notifications.md#screens). */
export const NOTIFICATION_PAGE_SIZE = 50;

/** The bell's list (newest first, every page read so far under one key). */
export const notificationsKeys = {
  list: ['/api/notifications'] as const,
};

/**
 * The pages read so far as one list: newest first, each notification once (one that arrived between two pages'
 * reads moves the older ones down a place, so the next page may repeat the last one), with the first page's counts.
 */
export function mergePages(pages: readonly NotificationPage[]): NotificationPage {
  const seen = new Set<number>();
  const notifications = pages.flatMap((page) => page.notifications).filter((n) => !seen.has(n.id) && Boolean(seen.add(n.id)));
  return { notifications, total: pages[0]?.total ?? 0, unread: pages[0]?.unread ?? 0 };
}

/** The next page's offset: how many were read so far, while the server holds more. */
export function nextOffset(pages: readonly NotificationPage[]): number | undefined {
  const last = pages.at(-1);
  const read = pages.reduce((n, page) => n + page.notifications.length, 0);
  return last && last.notifications.length > 0 && read < last.total ? read : undefined;
}

/** What the bell and the popover show: the pages read merged, and whether the server holds older ones. */
export type NotificationList = NotificationPage & { more: boolean };

/**
 * The newest `pages` pages of the list, read one after another from offset 0 (a plain query rather than an infinite
 * one, which would add its machinery to the first screen's download): the bell reads one, the popover as many as
 * 'show older' asked for. Every read under the list's prefix, so one refresh refreshes them all.
 */
export function useNotifications(pages = 1, enabled = true) {
  return useQuery({
    queryKey: [...notificationsKeys.list, pages],
    queryFn: async (): Promise<NotificationList> => {
      const read: NotificationPage[] = [];
      for (let offset: number | undefined = 0; offset !== undefined && read.length < pages; offset = nextOffset(read)) {
        read.push(await apiJson<NotificationPage>('GET', `${notificationsKeys.list[0]}?offset=${offset}&limit=${NOTIFICATION_PAGE_SIZE}`));
      }
      return { ...mergePages(read), more: nextOffset(read) !== undefined };
    },
    // The pages read so far stay on screen while one more is read.
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useNotificationAction<T>(action: (arg: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.list }),
  });
}

export const useMarkRead = () => useNotificationAction((id: number) => apiJson('PATCH', `/api/notifications/${id}/read`));
export const useMarkAllRead = () => useNotificationAction(() => apiJson('POST', '/api/notifications/read-all'));
export const useRemoveNotification = () => useNotificationAction((id: number) => apiJson('DELETE', `/api/notifications/${id}`));

/** Announce before opening the socket; a failure does not stop the socket. */
export async function registerForNotifications(language: string): Promise<void> {
  try {
    await apiJson('POST', '/api/notifications/register', { language: language === 'en' ? 'en' : 'nb' });
  } catch {
    // the socket opens anyway
  }
}
