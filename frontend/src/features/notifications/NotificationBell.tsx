/**
 * The bell (docs/product/notifications.md#screens): unread badge, and a popover with the newest notifications
 * (NotificationPanel, loaded when first wanted).
 */
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed, prefetch } from '../../shared/lazyNamed';
import { useLazyOpen } from '../../shared/useLazyOpen';
import { badgeText } from './badge';
import { useNotifications } from './notificationsApi';

const loadPanel = () => import('./NotificationPanel');
const NotificationPanel = lazyNamed(loadPanel, 'NotificationPanel');

export function NotificationBell() {
  const { t } = useTranslation();
  const panel = useLazyOpen();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;
  // Pointing at the bell or focusing it starts the download, so the popover is usually there by the press.
  const preload = () => prefetch(loadPanel);

  return (
    <>
      <Tooltip title={t('notifications.title')}>
        <IconButton
          aria-label={t('notifications.bellLabel', { count: unread })}
          onClick={(e) => {
            setAnchor(e.currentTarget);
            panel.show();
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
      {panel.mounted && (
        <Suspense fallback={null}>
          <NotificationPanel open={panel.open} anchor={anchor} onClose={panel.close} />
        </Suspense>
      )}
    </>
  );
}
