/**
 * The bell in the back office's app bar (docs/product/notifications.md#screens): the same list, unread count, sounds
 * and live socket as in the app. A link into the back office opens in place on react-admin's routes; any other (the
 * calendar, payouts, an owner's settings) leaves the back office with a full page load, as 'Back to the app' does.
 * Its own chunk (AdminLayout loads it lazily), so the users list an admin opens on does not wait for it.
 */
import { useCallback } from 'react';
import { useGetIdentity, useNavigate } from 'react-admin';
import { NotificationBell, useNotificationSocket } from '../features/notifications';
import { isBackOfficePath } from '../shared/appLinks';
import { useLeave } from './leave';

export function AdminNotifications() {
  const { identity } = useGetIdentity();
  const userId = identity ? Number(identity.id) : undefined;
  useNotificationSocket(Number.isInteger(userId) ? userId : undefined);
  const navigate = useNavigate();
  const leave = useLeave();
  // In place for the back office's own addresses, a page load for the app's.
  const openLink = useCallback((path: string) => (isBackOfficePath(path) ? void navigate(path) : leave(path)), [navigate, leave]);
  return <NotificationBell openLink={openLink} />;
}
