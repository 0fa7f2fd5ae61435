/**
 * The bell's popover (docs/product/notifications.md#screens): the newest notifications, each opening its link, with
 * mark-as-read, remove and mark-all-read. Loaded the first time the bell is pressed (or pointed at), so the first
 * screen does not download the popover and the list it is made of.
 */
import CloseIcon from '@mui/icons-material/Close';
import DoneIcon from '@mui/icons-material/Done';
import { Box, Button, IconButton, List, ListItem, ListItemButton, ListItemText, Popover, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isAppPath } from '../../shared/appLinks';
import { useMarkAllRead, useMarkRead, useNotifications, useRemoveNotification } from './notificationsApi';
import type { AppNotification } from './types';

/**
 * The title and message in the interface language: the server renders each notification's texts in every language
 * from its kind (docs/api.md#notification-links), so a language chosen after it was stored shows too.
 */
const textOf = (n: AppNotification, language: string) => n.texts[language === 'en' ? 'en' : 'nb'];

/** How a notification's address is opened: the app's router by default; the back office passes its own (NotificationBell). */
export type OpenLink = (path: string) => void;

export function NotificationPanel({ open, anchor, onClose, openLink }: { open: boolean; anchor: HTMLElement | null; onClose: () => void; openLink?: OpenLink }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [pages, setPages] = useState(1);
  const { data, isPlaceholderData } = useNotifications(pages);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const remove = useRemoveNotification();
  const unread = data?.unread ?? 0;
  const notifications = data?.notifications ?? [];
  const dateTime = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'nb-NO', { dateStyle: 'short', timeStyle: 'short' });

  const openNotification = (n: AppNotification) => {
    if (!n.read) markRead.mutate(n.id);
    onClose();
    // The stored link, as the server wrote it; only an address inside the app is followed.
    if (isAppPath(n.link)) (openLink ?? navigate)(n.link);
  };

  return (
    <Popover
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)', maxHeight: 480 } } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1 }}>
        <Typography variant="subtitle1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('notifications.title')}
        </Typography>
        <Button size="small" onClick={() => markAll.mutate(undefined)} disabled={unread === 0 || markAll.isPending}>
          {t('notifications.markAllRead')}
        </Button>
      </Stack>
      {notifications.length === 0 ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <Typography color="text.secondary">{t('notifications.empty')}</Typography>
        </Box>
      ) : (
        <List dense disablePadding>
          {notifications.map((n) => {
            const { title, message } = textOf(n, i18n.language);
            return (
              <ListItem
                key={n.id}
                disablePadding
                secondaryAction={
                  <Stack direction="row">
                    {!n.read && (
                      <IconButton size="small" aria-label={t('notifications.markRead')} onClick={() => markRead.mutate(n.id)}>
                        <DoneIcon fontSize="small" />
                      </IconButton>
                    )}
                    <IconButton size="small" aria-label={t('notifications.remove')} onClick={() => remove.mutate(n.id)}>
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                }
                sx={{ bgcolor: n.read ? undefined : 'action.hover' }}
              >
                <ListItemButton onClick={() => openNotification(n)} sx={{ pr: 10 }}>
                  <ListItemText
                    primary={title}
                    secondary={
                      <>
                        {message}
                        <br />
                        {dateTime.format(new Date(n.createdAt))}
                      </>
                    }
                    slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 600 } } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
          {data?.more && (
            <ListItem sx={{ justifyContent: 'center' }}>
              <Button size="small" onClick={() => setPages(pages + 1)} disabled={isPlaceholderData}>
                {t('notifications.loadMore')}
              </Button>
            </ListItem>
          )}
        </List>
      )}
    </Popover>
  );
}
