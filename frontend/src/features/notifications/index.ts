/**
 * Notifications' public face: the bell and the live connection for the signed-in shell, the polling fallback other
 * features' lists use while the connection is down, the badge text and the sound preference.
 */
export { badgeText } from './badge';
export { useFallbackPolling } from './connection';
export { NotificationBell } from './NotificationBell';
export { isSoundMuted, setSoundMuted } from './sounds';
export { useNotificationSocket } from './useNotificationSocket';
