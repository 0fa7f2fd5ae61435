import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryKeys';
import type { PushRefresh } from '../../shared/featureManifest';
import { setSocketConnected } from './connection';
import { notificationsKeys, registerForNotifications } from './notificationsApi';
import { NotificationSocket, socketUrl } from './socket';
import { playNotificationSound } from './sounds';

/** The query key prefixes a push of `type` makes stale: those of every refresh whose prefix its type starts with. */
export function keysRefreshedBy(type: string, refreshes: readonly PushRefresh[]): QueryKey[] {
  return refreshes.filter((refresh) => type.startsWith(refresh.typePrefix)).flatMap((refresh) => refresh.queryKeys);
}

/**
 * Keeps the logged-in user's /ws open while mounted; each push or reconnect, and the server's first acceptance of the
 * socket, refetches the bell's list; a push plays
 * its sound. A push also refetches what the features declared for its type (`refreshes`, from the features' manifests: a
 * case_* push the case lists, the open case and the unread counts; a booking_* push the calendar on screen); a reconnect refetches all of them. A socket the
 * server closed for maintenance mode makes the app read the mode at once (the maintenance screen follows).
 */
export function useNotificationSocket(userId: number | undefined, refreshes: readonly PushRefresh[] = []) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    if (!userId) return;
    const refetchAll = (keys: readonly QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationsKeys.list });
    const onNotification = (n: { type: string }) => {
      refetch();
      refetchAll(keysRefreshedBy(n.type, refreshes));
      void playNotificationSound(n.type);
    };
    const onReconnect = () => {
      refetch();
      refetchAll(refreshes.flatMap((refresh) => refresh.queryKeys));
    };
    const onMaintenance = () => void queryClient.invalidateQueries({ queryKey: queryKeys.maintenanceStatus });
    // The bell's list was read before the server pushed to this page: a notification in between is fetched here.
    const onFirstAccepted = refetch;
    const socket = new NotificationSocket({ url: socketUrl(), userId, onNotification, onReconnect, onFirstAccepted, onMaintenance, onConnectionChange: setSocketConnected });
    let cancelled = false;
    void registerForNotifications(language).then(() => {
      if (!cancelled) socket.start();
    });
    return () => {
      cancelled = true;
      socket.stop();
      setSocketConnected(false);
    };
  }, [userId, language, queryClient, refreshes]);
}
