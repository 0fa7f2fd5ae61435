import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryKeys';
import type { PushRefresh } from '../../shared/featureManifest';
import { setSocketConnected } from './connection';
import { notificationsKeys, registerForNotifications } from './notificationsApi';
import { NotificationSocket, socketUrl } from './socket';
import { playNotificationSound } from './sounds';

/**
 * Keeps the logged-in user's /ws open while mounted; each push or reconnect refetches the bell's list; a push plays
 * its sound. A push also refetches what its type's feature declared (`refreshes`, from the features' manifests: a
 * case_* push the case lists, the open case and the unread counts); a reconnect refetches all of them. A socket the
 * server closed for maintenance mode makes the app read the mode at once (the maintenance screen follows).
 */
export function useNotificationSocket(userId: number | undefined, refreshes: readonly PushRefresh[] = []) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    if (!userId) return;
    const refetchAll = (of: readonly PushRefresh[]) => {
      for (const queryKey of of.flatMap((refresh) => refresh.queryKeys)) void queryClient.invalidateQueries({ queryKey });
    };
    const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationsKeys.list });
    const onNotification = (n: { type: string }) => {
      refetch();
      refetchAll(refreshes.filter((refresh) => n.type.startsWith(refresh.typePrefix)));
      void playNotificationSound(n.type);
    };
    const onReconnect = () => {
      refetch();
      refetchAll(refreshes);
    };
    const onMaintenance = () => void queryClient.invalidateQueries({ queryKey: queryKeys.maintenanceStatus });
    const socket = new NotificationSocket({ url: socketUrl(), userId, onNotification, onReconnect, onMaintenance, onConnectionChange: setSocketConnected });
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
