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
import type { OpenLink } from './NotificationPanel';

const loadPanel = () => import('./NotificationPanel');
const NotificationPanel = lazyNamed(loadPanel, 'NotificationPanel');

/** `openLink`: how a notification's address opens (the app's router when not given; the back office's rule otherwise). */
export function NotificationBell({ openLink }: { openLink?: OpenLink } = {}) {
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
          {/* No badge at zero, rather than an invisible one: MUI keeps the last count in a hidden badge, which then is
              text inside the button that its name ('0 unread') does not contain (axe: label-content-name-mismatch). */}
          {unread === 0 ? (
            <NotificationsIcon />
          ) : (
            <Badge badgeContent={badgeText(unread)} color="error" data-testid="notification-badge">
              <NotificationsIcon />
            </Badge>
          )}
        </IconButton>
      </Tooltip>
      {panel.mounted && (
        <Suspense fallback={null}>
          <NotificationPanel open={panel.open} anchor={anchor} onClose={panel.close} openLink={openLink} />
        </Suspense>
      )}
    </>
  );
}
