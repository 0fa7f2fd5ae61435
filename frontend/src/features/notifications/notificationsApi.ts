/**
 * The bell's data: the newest notifications with the unread count, and the actions on them. Every change refetches
 * the list (it is small), and so does a pushed notification or a socket that reconnected.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import type { NotificationPage } from './types';

/** How many the popover shows. */
export const NOTIFICATION_PAGE_SIZE = 50;

/** The bell's list (newest first, its first page with total and unread). */
export const notificationsKeys = {
  list: ['/api/notifications'] as const,
};

export function useNotifications(enabled = true) {
  return useQuery({
    queryKey: notificationsKeys.list,
    queryFn: () => apiJson<NotificationPage>('GET', `${notificationsKeys.list[0]}?limit=${NOTIFICATION_PAGE_SIZE}`),
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
