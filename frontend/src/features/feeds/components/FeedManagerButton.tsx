/**
 * Entry points to the feed manager (docs/product/feeds.md#screens): the mobile header's feed settings icon and the sidebar
 * item. The layout owns one dialog (useFeedManager) and hands `show` to both, so closing the mobile drawer does
 * not take the dialog with it. The dialog is its own chunk, fetched the first time someone opens it.
 */
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { IconButton, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FEEDS_PARAM, opensFeedManager } from '../../../shared/appLinks';
import { useLazyOpen } from '../../../shared/useLazyOpen';

const FeedManagerDialog = lazy(() => import('./FeedManagerDialog'));

/**
 * `fromLink`: the one dialog the layout owns also opens for an address that asks for it (`/?feeds=1`, a feed's or
 * the Beds24 connection's notification: docs/api.md "Notification links"); the parameter is then taken away, so a
 * reload or Back does not open it again.
 */
export function useFeedManager({ fromLink = false }: { fromLink?: boolean } = {}) {
  const { open, mounted, show, close } = useLazyOpen();
  const [search, setSearch] = useSearchParams();
  const asked = fromLink && opensFeedManager(search);
  useEffect(() => {
    if (!asked) return;
    show();
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(FEEDS_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [asked, show, setSearch]);
  const dialog = mounted ? (
    <Suspense fallback={null}>
      <FeedManagerDialog open={open} onClose={close} />
    </Suspense>
  ) : null;
  return { dialog, show };
}

/** The icon button for the mobile header. */
export function FeedManagerIconButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('feeds.open')}>
      <IconButton aria-label={t('feeds.open')} onClick={onClick}>
        <EventRepeatIcon />
      </IconButton>
    </Tooltip>
  );
}

/** The sidebar item. */
export function FeedManagerNavItem({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <ListItemButton onClick={onClick} sx={{ borderRadius: 1 }}>
      <ListItemIcon>
        <EventRepeatIcon />
      </ListItemIcon>
      <ListItemText primary={t('feeds.navLabel')} />
    </ListItemButton>
  );
}
