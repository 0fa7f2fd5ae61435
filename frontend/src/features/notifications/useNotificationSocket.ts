import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryKeys';
import { setSocketConnected } from './connection';
import { registerForNotifications } from './notificationsApi';
import { NotificationSocket, socketUrl } from './socket';
import { playNotificationSound } from './sounds';

/**
 * Keeps the logged-in user's /ws open while mounted; each push or reconnect refetches the bell's list; a push plays
 * its sound. A case push (case_*) also refetches the case lists, the open case and the unread counts. A socket the
 * server closed for maintenance mode makes the app read the mode at once (the maintenance screen follows).
 */
export function useNotificationSocket(userId: number | undefined) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    if (!userId) return;
    const refetchCases = () => {
      for (const queryKey of [queryKeys.cases.all, queryKeys.cases.admin]) void queryClient.invalidateQueries({ queryKey });
    };
    const refetch = () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    const onNotification = (n: { type: string }) => {
      refetch();
      if (n.type.startsWith('case_')) refetchCases();
      void playNotificationSound(n.type);
    };
    const onReconnect = () => {
      refetch();
      refetchCases();
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
  }, [userId, language, queryClient]);
}
