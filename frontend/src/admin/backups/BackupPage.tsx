/**
 * The 'backup' tab (docs/product/system.md#backups): export calendar, create backup, the history (file name, created, size in B/KB/MB,
 * automatic flag, summary counts) and restore with confirmation. Backups and restores can take a while on a big
 * database: the tab shows that one is running and keeps its buttons off until it ends.
 */
import BackupIcon from '@mui/icons-material/Backup';
import DownloadIcon from '@mui/icons-material/Download';
import RestoreIcon from '@mui/icons-material/Restore';
import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, Title, useDataProvider, useLocale, useNotify, useTranslate } from 'react-admin';
import type { Backup } from '../../api/types';
import { useApiUrl } from '../apiUrl';
import type { AdminDataProvider } from '../dataProvider';
import { formatDateTime } from '../formatDate';
import { errorMessage } from '../httpClient';
import { useNotifyFailure } from '../useNotifyFailure';
import { backupsKeys } from './backupsDataProvider';

/** The history refetches every 60 s (the daily backup appears without a reload). */
const REFETCH_MS = 60_000;

/** A size in B, KB or MB (1024 steps), one decimal past bytes, in the interface's number format. */
export function formatSize(bytes: number, locale: string): string {
  const number = (n: number) => n.toLocaleString(locale === 'en' ? 'en-GB' : 'nb-NO', { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024)} KB`;
  return `${number(bytes / (1024 * 1024))} MB`;
}

export function BackupPage() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`resources.backups.${key}`, options);
  const locale = useLocale();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const apiUrl = useApiUrl();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const [confirming, setConfirming] = useState<Backup | null>(null);

  const backups = useQuery({ queryKey: backupsKeys.list, queryFn: () => dataProvider.backups(), refetchInterval: REFETCH_MS, refetchOnMount: 'always', retry: 1 });
  const create = useMutation({
    mutationFn: () => dataProvider.createBackup(),
    onSuccess: (backup) => {
      notify(t('created', { filename: backup.filename }), { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: backupsKeys.list });
    },
    onError: (error) => notifyFailure('resources.backups.createFailed', error),
  });
  const restore = useMutation({
    mutationFn: (filename: string) => dataProvider.restoreBackup(filename),
    onSuccess: (answer) => {
      notify(t('restored', { filename: answer.filename, rows: answer.rows }), { type: 'success' });
      // Every table was replaced: nothing cached is current any more.
      void queryClient.invalidateQueries();
    },
    onError: (error) => notifyFailure('resources.backups.restoreFailed', error),
  });
  const working = create.isPending || restore.isPending;

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={t('title')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" startIcon={<DownloadIcon />} href={`${apiUrl}/calendar/export-ical`} target="_blank" rel="noopener">
          {t('exportCalendar')}
        </Button>
        <Button variant="contained" startIcon={<BackupIcon />} onClick={() => create.mutate()} disabled={working}>
          {t('create')}
        </Button>
      </Stack>
      {working && (
        <Box role="status" aria-live="polite">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {create.isPending ? t('creating') : t('restoring', { filename: restore.variables })}
          </Typography>
          <LinearProgress />
        </Box>
      )}
      {backups.isError ? (
        <Alert severity="error">{t('loadFailed', { message: errorMessage(backups.error) })}</Alert>
      ) : (
        <TableContainer component={Paper}>
          <Table size="small" aria-label={t('history')}>
            <TableHead>
              <TableRow>
                {['filename', 'createdAt', 'size', 'isAutomatic', 'events', 'feeds', 'notes', 'markedDays'].map((f) => (
                  <TableCell key={f}>{t(`fields.${f}`)}</TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {backups.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={9}>
                    <Typography color="text.secondary">{t('empty')}</Typography>
                  </TableCell>
                </TableRow>
              )}
              {backups.data?.map((b) => (
                <TableRow key={b.id}>
                  <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{b.filename}</TableCell>
                  <TableCell>{formatDateTime(b.createdAt)}</TableCell>
                  <TableCell>{formatSize(b.size, locale)}</TableCell>
                  <TableCell>
                    <Chip size="small" color={b.isAutomatic ? 'default' : 'primary'} label={t(b.isAutomatic ? 'automatic' : 'manual')} />
                  </TableCell>
                  <TableCell>{b.summary.eventsCount}</TableCell>
                  <TableCell>{b.summary.icalFeedsCount}</TableCell>
                  <TableCell>{b.summary.icalEventNotesCount}</TableCell>
                  <TableCell>{b.summary.markedDaysCount}</TableCell>
                  <TableCell>
                    {b.restorable ? (
                      <Button size="small" color="warning" startIcon={<RestoreIcon />} onClick={() => setConfirming(b)} disabled={working}>
                        {t('restore')}
                      </Button>
                    ) : (
                      // Made by another version of the portal: the server would refuse it, so it is not offered.
                      <Typography variant="body2" color="text.secondary" title={b.schemaVersion}>
                        {t('otherVersion')}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Confirm
        isOpen={confirming !== null}
        title={t('confirmTitle')}
        content={t('confirmText', { filename: confirming?.filename, createdAt: formatDateTime(confirming?.createdAt) })}
        confirm={t('restore')}
        confirmColor="warning"
        onConfirm={() => {
          if (confirming) restore.mutate(confirming.filename);
          setConfirming(null);
        }}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
