/**
 * The bell (SPEC §2 "Notification bell popover"): unread badge, and a popover with the newest notifications
 * (NotificationPanel, loaded when first wanted).
 */
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../shared/lazyNamed';
import { badgeText } from './badge';
import { useNotifications } from './notificationsApi';

const loadPanel = () => import('./NotificationPanel');
const NotificationPanel = lazyNamed(loadPanel, 'NotificationPanel');

export function NotificationBell() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so the popover can play its closing transition.
  const [wanted, setWanted] = useState(false);
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;
  // Pointing at the bell or focusing it starts the download, so the popover is usually there by the press.
  const preload = () => void loadPanel().catch(() => undefined);

  return (
    <>
      <Tooltip title={t('notifications.title')}>
        <IconButton
          aria-label={t('notifications.bellLabel', { count: unread })}
          onClick={(e) => {
            setWanted(true);
            setAnchor(e.currentTarget);
          }}
          onPointerEnter={preload}
          onFocus={preload}
          data-testid="notification-bell"
        >
          <Badge badgeContent={badgeText(unread)} color="error" invisible={unread === 0} data-testid="notification-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      {wanted && (
        <Suspense fallback={null}>
          <NotificationPanel anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
