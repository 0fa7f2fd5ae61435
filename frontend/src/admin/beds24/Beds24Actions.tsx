/**
 * 'Sync now' (only while sync is enabled) with the counts in a toast, and 'test connection' (the token's
 * scopes and property access). Admins only, like the whole resource.
 */
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import SyncIcon from '@mui/icons-material/Sync';
import { CircularProgress, IconButton, Stack, Tooltip } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MouseEvent, ReactNode } from 'react';
import { useDataProvider, useNotify, useRecordContext, useTranslate, type DataProvider } from 'react-admin';
import { useNotifyFailure } from '../useNotifyFailure';
import { BEDS24_RESOURCE, type Beds24DataProvider } from './beds24DataProvider';
import type { Beds24Config } from './types';
import { resourceKey } from '../resource';

function RowButton({ label, onClick, busy, disabled, icon }: { label: string; onClick: () => void; busy: boolean; disabled?: boolean; icon: ReactNode }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" color="primary" aria-label={label} onClick={onClick} disabled={busy || disabled}>
          {busy ? <CircularProgress size={18} /> : icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

// Clicks in the actions cell must not reach the table row, whose click opens the record.
const stopPropagation = (event: MouseEvent) => event.stopPropagation();

export function Beds24RowActions() {
  const config = useRecordContext<Beds24Config>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<DataProvider & Beds24DataProvider>();

  const sync = useMutation({
    mutationFn: (id: number) => dataProvider.syncBeds24(id),
    onSuccess: (answer) => {
      // A failed sync answers 200 with its error; the list shows it too once re-read.
      if (!answer.success) notifyFailure('resources.beds24.errors.sync', answer.error ?? '', 'resources.beds24.errors.syncTitle');
      else notify('resources.beds24.notifications.synced', { type: 'success', messageArgs: { created: answer.eventsCreated, updated: answer.eventsUpdated, deleted: answer.eventsDeleted } });
    },
    onError: (error) => notifyFailure('resources.beds24.errors.sync', error, 'resources.beds24.errors.syncTitle'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKey(BEDS24_RESOURCE) }),
  });
  const test = useMutation({
    mutationFn: (id: number) => dataProvider.testBeds24(id),
    onSuccess: (answer) => {
      const scopes = answer.scopes.length ? answer.scopes.join(', ') : translate('resources.beds24.test.noScopes');
      notify('resources.beds24.test.result', { type: answer.ok ? 'success' : 'warning', messageArgs: { message: answer.message, scopes } });
    },
    onError: (error) => notifyFailure('resources.beds24.errors.test', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKey(BEDS24_RESOURCE) }),
  });
  if (!config) return null;
  return (
    <Stack direction="row" onClick={stopPropagation}>
      <RowButton
        label={translate(config.syncEnabled ? 'resources.beds24.actions.sync' : 'resources.beds24.actions.syncDisabled')}
        onClick={() => sync.mutate(config.id)}
        busy={sync.isPending}
        disabled={!config.syncEnabled}
        icon={<SyncIcon fontSize="small" />}
      />
      <RowButton label={translate('resources.beds24.actions.test')} onClick={() => test.mutate(config.id)} busy={test.isPending} icon={<NetworkCheckIcon fontSize="small" />} />
    </Stack>
  );
}
