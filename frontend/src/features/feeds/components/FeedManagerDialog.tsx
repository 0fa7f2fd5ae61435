/**
 * The calendar feed manager (docs/product/feeds.md#screens): the shown property's iCal feeds with an
 * Aktiv/Inaktiv toggle, sync state and 'Synkroniser nå', delete behind a confirmation, and an add form. A new
 * enabled feed is synced right away so the user sees at once whether the address works. A viewer of the property sees
 * its feeds and their state, with nothing to change.
 */
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Divider, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/client';
import { useDevicePreference } from '../../../shared/devicePreference';
import { useToast } from '../../../shared/toast';
import { useDeleteFeed, useFeedProperty, useFeeds, useOwnBeds24, useSyncFeed, useUpdateFeed } from '../feedsApi';
import type { Feed } from '../types';
import { AddFeedForm } from './AddFeedForm';
import { Beds24Row } from './Beds24Row';
import { FeedRow } from './FeedRow';
import { useShowSyncAnswer } from './useShowSyncAnswer';

export function FeedManagerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { isMobile } = useDevicePreference();
  const property = useFeedProperty();
  const feeds = useFeeds(open, property.id);
  const beds24 = useOwnBeds24(open, property.id);
  const update = useUpdateFeed();
  const remove = useDeleteFeed();
  const sync = useSyncFeed();
  const showSyncAnswer = useShowSyncAnswer();
  const [syncing, setSyncing] = useState<ReadonlySet<number>>(new Set());
  const [toDelete, setToDelete] = useState<Feed | null>(null);

  const syncFeed = async (feed: Pick<Feed, 'id' | 'name'>, justAdded = false) => {
    setSyncing((ids) => new Set(ids).add(feed.id));
    try {
      showSyncAnswer(feed, await sync.mutateAsync(feed.id), justAdded);
    } catch (error) {
      toast({ title: t('feeds.sync.failedTitle'), description: errorText(error, t('common.error')), severity: 'error' });
    } finally {
      setSyncing((ids) => {
        const next = new Set(ids);
        next.delete(feed.id);
        return next;
      });
    }
  };

  // A new enabled feed is synced at once; a disabled one waits until the user turns it on.
  const onAdded = (feed: Feed) => {
    if (feed.enabled) void syncFeed(feed, true);
    else toast({ title: t('feeds.added'), description: feed.name, severity: 'success' });
  };

  const toggle = async (feed: Feed, enabled: boolean) => {
    try {
      await update.mutateAsync({ id: feed.id, enabled });
      toast({ title: t('feeds.updated'), description: `${feed.name}: ${enabled ? t('feeds.enabled') : t('feeds.disabled')}`, severity: 'success' });
    } catch (error) {
      toast({ title: t('feeds.errors.update'), description: errorText(error, t('common.error')), severity: 'error' });
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast({ title: t('feeds.deleted'), description: toDelete.name, severity: 'success' });
    } catch (error) {
      toast({ title: t('feeds.errors.delete'), description: errorText(error, t('common.error')), severity: 'error' });
    } finally {
      setToDelete(null);
    }
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={isMobile} aria-labelledby="feed-manager-title">
        <DialogTitle id="feed-manager-title">{t('feeds.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <DialogContentText>{t('feeds.intro')}</DialogContentText>
            {feeds.isPending && (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
                <CircularProgress size={28} aria-label={t('feeds.loading')} />
              </Box>
            )}
            {feeds.isError && <Alert severity="error">{t('feeds.loadFailed')}</Alert>}
            {/* The Beds24 connection, when the owner has one, beside the feeds: its health, not its settings. */}
            {beds24.data?.configured && (
              <Stack component="ul" sx={{ p: 0, m: 0 }} aria-label={t('feeds.beds24.label')}>
                <Beds24Row connection={beds24.data} />
              </Stack>
            )}
            {feeds.data?.length === 0 && <Typography color="text.secondary">{t('feeds.empty')}</Typography>}
            {!!feeds.data?.length && (
              <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={t('feeds.listLabel')}>
                {feeds.data.map((feed) => (
                  <FeedRow
                    key={feed.id}
                    feed={feed}
                    syncing={syncing.has(feed.id)}
                    toggling={update.isPending && update.variables?.id === feed.id}
                    onSync={(f) => void syncFeed(f)}
                    onToggle={toggle}
                    onDelete={setToDelete}
                    readOnly={property.readOnly}
                  />
                ))}
              </Stack>
            )}
            {!property.readOnly && (
              <>
                <Divider />
                <AddFeedForm onAdded={onAdded} propertyId={property.id} />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('feeds.close')}</Button>
        </DialogActions>
      </Dialog>

      <Dialog open={toDelete !== null} onClose={() => setToDelete(null)} aria-labelledby="feed-delete-title">
        <DialogTitle id="feed-delete-title">{t('feeds.deleteConfirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('feeds.deleteConfirm.text', { name: toDelete?.name ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToDelete(null)}>{t('common.cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirmDelete} disabled={remove.isPending}>
            {t('feeds.deleteConfirm.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export default FeedManagerDialog;
