/**
 * The calendar feed manager (docs/product/feeds.md#screens): the user's iCal feeds with an
 * Aktiv/Inaktiv toggle, sync state and 'Synkroniser nå', delete behind a confirmation, and an add form. A new
 * enabled feed is synced right away so the user sees at once whether the address works.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import SyncIcon from '@mui/icons-material/Sync';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, codedText, errorText } from '../../../api/client';
import { useDevicePreference } from '../../../shared/devicePreference';
import { lastErrorText, lastWarningText, messageParams } from '../../../shared/syncMessages';
import { formatDateTime } from '../../../shared/dateFormats';
import { useToast } from '../../../shared/toast';
import { muiField } from '../../../shared/forms';
import { EMPTY_FEED, FEED_COLOR_CHOICES, feedResolver, shortUrl } from '../feedForm';
import { useCreateFeed, useDeleteFeed, useFeeds, useSyncFeed, useUpdateFeed } from '../feedsApi';
import type { Feed, NewFeed, SyncAnswer } from '../types';


/**
 * Shows a sync answer as a toast: the server's own message with the count, or 'Synkroniseringsfeil'. Right after
 * adding a feed the success toast is titled 'Kalender lagt til' instead, so one toast tells the whole story.
 */
function useShowSyncAnswer() {
  const { t } = useTranslation();
  const toast = useToast();
  return (feed: Pick<Feed, 'name'>, answer: SyncAnswer, justAdded: boolean) => {
    if (answer.status === 'failed') {
      toast({ title: t('feeds.sync.failedTitle'), description: `${feed.name}: ${codedText({ code: answer.errorCode, params: messageParams(answer.errorParams), message: answer.message }, answer.message)}`, severity: 'error' });
      return;
    }
    if (answer.status === 'skipped') {
      toast({ title: answer.message, description: feed.name, severity: 'info' });
      return;
    }
    const count = t('feeds.sync.count', { name: feed.name, count: answer.syncedCount });
    const summary = justAdded ? `${answer.message}. ${count}` : count;
    toast({
      title: justAdded ? t('feeds.added') : answer.message,
      // The server's warning (a partial import, bookings kept back) matters more than a plain success.
      description: answer.warning ? `${summary}. ${codedText({ code: answer.warningCode, params: messageParams(answer.warningParams), message: answer.warning }, answer.warning)}` : summary,
      severity: answer.warning ? 'warning' : 'success',
    });
  };
}

interface FeedRowProps {
  feed: Feed;
  syncing: boolean;
  onSync: (feed: Feed) => void;
  onToggle: (feed: Feed, enabled: boolean) => void;
  onDelete: (feed: Feed) => void;
  toggling: boolean;
}

function FeedRow({ feed, syncing, onSync, onToggle, onDelete, toggling }: FeedRowProps) {
  const { t } = useTranslation();
  const stateLabel = feed.enabled ? t('feeds.enabled') : t('feeds.disabled');
  return (
    <Paper variant="outlined" component="li" sx={{ p: 1.5, listStyle: 'none' }} aria-label={feed.name}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: feed.color, flexShrink: 0 }} />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {feed.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap title={feed.url}>
              {shortUrl(feed.url)}
            </Typography>
          </Box>
          <Tooltip title={t('feeds.delete')}>
            <IconButton aria-label={t('feeds.deleteNamed', { name: feed.name })} onClick={() => onDelete(feed)} color="error" size="small">
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <FormControlLabel
            control={
              <Switch
                checked={feed.enabled}
                disabled={toggling}
                onChange={(e) => onToggle(feed, e.target.checked)}
                slotProps={{ input: { 'aria-label': t('feeds.toggleNamed', { name: feed.name }) } }}
              />
            }
            label={stateLabel}
          />
          <Typography variant="body2" color="text.secondary">
            {feed.lastSynced ? t('feeds.lastSynced', { date: formatDateTime(feed.lastSynced) }) : t('feeds.neverSynced')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('feeds.eventCount', { count: feed.eventCount })}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            size="small"
            variant="outlined"
            startIcon={syncing ? <CircularProgress size={16} /> : <SyncIcon />}
            disabled={syncing}
            onClick={() => onSync(feed)}
            aria-label={t('feeds.syncNamed', { name: feed.name })}
          >
            {syncing ? t('feeds.syncing') : t('feeds.syncNow')}
          </Button>
        </Stack>
        {feed.lastError && (
          <Alert severity="error" variant="outlined" sx={{ py: 0 }}>
            {t('feeds.lastError', { error: lastErrorText(feed) })}
          </Alert>
        )}
        {!feed.lastError && feed.lastWarning && (
          <Alert severity="warning" variant="outlined" sx={{ py: 0 }}>
            {t('feeds.lastWarning', { warning: lastWarningText(feed) })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function AddFeedForm({ onAdded }: { onAdded: (feed: Feed) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateFeed();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<NewFeed>({
    defaultValues: EMPTY_FEED,
    resolver: feedResolver,
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  // Client errors are i18n keys; field errors the server sent back (type 'server') are already worded.
  const fieldError = (name: 'name' | 'url') => {
    const error = errors[name];
    return error?.message && (error.type === 'server' ? error.message : t(error.message));
  };

  const text = (name: 'name' | 'url') => ({
    id: `feed-${name}`,
    ...muiField(register(name)),
    error: !!errors[name],
    fullWidth: true,
    size: 'small' as const,
  });

  const onSubmit = handleSubmit(async (form) => {
    try {
      const feed = await create.mutateAsync(form);
      reset(EMPTY_FEED);
      onAdded(feed);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const { field, message } of error.errors) {
          if (field === 'name' || field === 'url') setError(field, { type: 'server', message });
        }
      }
      toast({ title: t('feeds.errors.create'), description: errorText(error, t('common.error')), severity: 'error' });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="feed-add-title">
      <Stack spacing={2}>
        <Typography id="feed-add-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('feeds.add.title')}
        </Typography>
        <TextField
          {...text('name')}
          label={t('feeds.add.name')}
          placeholder={t('feeds.add.namePlaceholder')}
          helperText={fieldError('name')}
        />
        <TextField
          {...text('url')}
          type="url"
          label={t('feeds.add.url')}
          placeholder="https://…/calendar.ics"
          helperText={fieldError('url') || t('feeds.add.urlHelp')}
        />
        <FormControl>
          <FormLabel id="feed-color-label">{t('feeds.add.color')}</FormLabel>
          <Controller
            control={control}
            name="color"
            render={({ field }) => (
              <RadioGroup row aria-labelledby="feed-color-label" value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                {FEED_COLOR_CHOICES.map((choice) => (
                  <FormControlLabel
                    key={choice.key}
                    value={choice.hex}
                    label={t(`feeds.colors.${choice.key}`)}
                    control={<Radio sx={{ color: choice.hex, '&.Mui-checked': { color: choice.hex } }} />}
                  />
                ))}
              </RadioGroup>
            )}
          />
        </FormControl>
        <FormControlLabel
          control={
            <Controller
              control={control}
              name="enabled"
              render={({ field }) => <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            />
          }
          label={t('feeds.add.enabled')}
        />
        <Box>
          <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={create.isPending}>
            {create.isPending ? t('feeds.add.submitting') : t('feeds.add.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

export function FeedManagerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { isMobile } = useDevicePreference();
  const feeds = useFeeds(open);
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
                  />
                ))}
              </Stack>
            )}
            <Divider />
            <AddFeedForm onAdded={onAdded} />
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
