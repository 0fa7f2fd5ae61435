/**
 * The admin's feed actions (docs/product/feeds.md#screens): per feed 'sync' and 'force refresh'; for the whole
 * list 'sync all' with live progress and 'duplicate cleanup'. Full admins only: mini admins never see them
 * (docs/product/feeds.md#who-may-do-what), and the server refuses them too.
 */
import CleaningServicesIcon from '@mui/icons-material/CleaningServices';
import CloudSyncIcon from '@mui/icons-material/CloudSync';
import EditIcon from '@mui/icons-material/Edit';
import SyncIcon from '@mui/icons-material/Sync';
import { Box, Button, CircularProgress, IconButton, Stack, Tooltip } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type MouseEvent } from 'react';
import {
  Confirm,
  LinkBase,
  useCreatePath,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';
import { FEEDS_RESOURCE, feedHealthKeys } from './feedsDataProvider';
import { useNotifyFailure } from '../useNotifyFailure';
import type { AdminFeed, SyncAllAnswer } from './types';
import { resourceKey } from '../resource';
import { useIsFullAdmin } from '../access';

/** Sync-all progress is re-read this often, and given up on after this long (the jobs keep running). */
export const SYNC_ALL_POLL_MS = 2000;
export const SYNC_ALL_MAX_MS = 2 * 60_000;

/** Re-reads the feed list and the health panel after an action changed sync state or feeds. */
export function useRefreshFeeds() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: resourceKey(FEEDS_RESOURCE) }),
      queryClient.invalidateQueries({ queryKey: feedHealthKeys.health }),
    ]);
}

function RowButton({ label, onClick, busy, icon }: { label: string; onClick: () => void; busy: boolean; icon: React.ReactNode }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" color="primary" aria-label={label} onClick={onClick} disabled={busy}>
          {busy ? <CircularProgress size={18} /> : icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

// Clicks in the actions cell must not reach the table row, whose click opens the record.
const stopPropagation = (event: MouseEvent) => event.stopPropagation();

/** Sync, force refresh and edit for one feed row. */
export function FeedRowActions() {
  const feed = useRecordContext<AdminFeed>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefreshFeeds();
  const createPath = useCreatePath();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const isAdmin = useIsFullAdmin();

  const sync = useMutation({
    mutationFn: (id: number) => dataProvider.syncFeed(id),
    onSuccess: (answer) => {
      // The server answers 200 for a failed feed too; its message says what went wrong.
      if (answer.status === 'failed') notifyFailure('resources.ical-feeds.errors.sync', answer.error ?? answer.message, 'resources.ical-feeds.errors.syncTitle');
      else notify('resources.ical-feeds.notifications.synced', { type: 'success', messageArgs: { message: answer.message, count: answer.syncedCount } });
    },
    onError: (error) => notifyFailure('resources.ical-feeds.errors.sync', error, 'resources.ical-feeds.errors.syncTitle'),
    onSettled: () => refresh(),
  });
  const force = useMutation({
    mutationFn: (id: number) => dataProvider.forceRefreshFeed(id),
    onSuccess: (answer) => {
      if (!answer.success) notifyFailure('resources.ical-feeds.errors.forceRefresh', answer.message, 'resources.ical-feeds.errors.forceRefreshTitle');
      else notify('resources.ical-feeds.notifications.forceRefreshed', { type: 'success', messageArgs: { message: answer.message, count: answer.syncedCount } });
    },
    onError: (error) => notifyFailure('resources.ical-feeds.errors.forceRefresh', error, 'resources.ical-feeds.errors.forceRefreshTitle'),
    onSettled: () => refresh(),
  });

  if (!feed || !isAdmin) return null;
  return (
    <Stack direction="row" onClick={stopPropagation} component="span">
      <RowButton label={translate('resources.ical-feeds.actions.sync')} icon={<SyncIcon />} busy={sync.isPending} onClick={() => sync.mutate(feed.id)} />
      <RowButton
        label={translate('resources.ical-feeds.actions.forceRefresh')}
        icon={<CloudSyncIcon />}
        busy={force.isPending}
        onClick={() => force.mutate(feed.id)}
      />
      <Tooltip title={translate('resources.ical-feeds.actions.edit')}>
        <IconButton
          size="small"
          color="primary"
          aria-label={translate('resources.ical-feeds.actions.edit')}
          component={LinkBase}
          to={createPath({ resource: FEEDS_RESOURCE, type: 'edit', id: feed.id })}
        >
          <EditIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** Feeds the sync-all run has reached: enabled ones whose last attempt is at or after the server's start time. */
export function syncAllProgress(feeds: AdminFeed[], startedAt: string): number {
  const start = Date.parse(startedAt);
  return feeds.filter((f) => f.enabled && f.lastAttemptAt !== null && Date.parse(f.lastAttemptAt) >= start).length;
}

interface SyncRun extends SyncAllAnswer {
  /** Client clock at the start, for the 2-minute limit. */
  clientStart: number;
}

/** 'Synkroniser alle', then the share of feeds done, re-read every 2 s until all are done or 2 minutes passed. */
export function SyncAllButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefreshFeeds();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [run, setRun] = useState<SyncRun | null>(null);
  const [timedOut, setTimedOut] = useState(false);

  const start = useMutation({
    mutationFn: () => dataProvider.syncAllFeeds(),
    onSuccess: (answer) => {
      setTimedOut(false);
      if (answer.total === 0) notify('resources.ical-feeds.syncAll.none', { type: 'info' });
      else setRun({ ...answer, clientStart: Date.now() });
    },
    onError: (error) => notifyFailure('resources.ical-feeds.errors.syncAll', error, 'resources.ical-feeds.errors.syncAllTitle'),
  });

  const running = run !== null && !timedOut;
  const progress = useQuery({
    queryKey: feedHealthKeys.syncAll(run?.startedAt),
    queryFn: async () => syncAllProgress(await dataProvider.allFeeds(), run!.startedAt),
    enabled: running,
    refetchInterval: (query) => (running && (query.state.data ?? 0) < run.total ? SYNC_ALL_POLL_MS : false),
  });
  const done = Math.min(progress.data ?? 0, run?.total ?? 0);
  const finished = run !== null && done >= run.total;

  useEffect(() => {
    if (!run || finished || timedOut) return;
    const timer = window.setTimeout(() => setTimedOut(true), Math.max(0, run.clientStart + SYNC_ALL_MAX_MS - Date.now()));
    return () => window.clearTimeout(timer);
  }, [run, finished, timedOut]);

  useEffect(() => {
    if (!run || !(finished || timedOut)) return;
    void refresh();
    if (finished) notify('resources.ical-feeds.syncAll.done', { type: 'success', messageArgs: { total: run.total } });
    else notify('resources.ical-feeds.syncAll.timeout', { type: 'warning', messageArgs: { done, total: run.total } });
    // Clearing the run makes this report happen once per run.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the run ended (from polling); one reset, no cascade
    setRun(null);
  }, [run, finished, timedOut, done, notify, refresh]);

  // While running, the button itself shows the progress, so the toolbar keeps its single row.
  return (
    <Button
      size="small"
      startIcon={running ? <CircularProgress size={16} variant="determinate" value={(100 * done) / run.total} /> : <SyncIcon />}
      onClick={() => start.mutate()}
      disabled={start.isPending || running}
    >
      {running ? (
        <Box component="span" role="status">
          {translate('resources.ical-feeds.syncAll.progress', { done, total: run.total })}
        </Box>
      ) : (
        translate('resources.ical-feeds.actions.syncAll')
      )}
    </Button>
  );
}

/** 'Rydd duplikater' behind a confirmation; the answer's counts are shown. */
export function CleanupDuplicatesButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefreshFeeds();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const cleanup = useMutation({
    mutationFn: () => dataProvider.cleanupDuplicateFeeds(),
    onSuccess: (answer) => {
      notify('resources.ical-feeds.cleanup.result', { type: 'success', messageArgs: { found: answer.found, removed: answer.removed } });
      return refresh();
    },
    onError: (error) => notifyFailure('resources.ical-feeds.errors.cleanup', error, 'resources.ical-feeds.errors.cleanupTitle'),
    onSettled: () => setOpen(false),
  });
  return (
    <>
      <Button size="small" startIcon={<CleaningServicesIcon />} onClick={() => setOpen(true)}>
        {translate('resources.ical-feeds.actions.cleanup')}
      </Button>
      <Confirm
        isOpen={open}
        loading={cleanup.isPending}
        title="resources.ical-feeds.cleanup.title"
        content="resources.ical-feeds.cleanup.content"
        confirm="resources.ical-feeds.actions.cleanup"
        onConfirm={() => cleanup.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
