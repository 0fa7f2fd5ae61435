/**
 * The owner's Beds24 connection beside their feeds (docs/product/beds24.md#screens): configured, last sync, and
 * whether it is failing, with the reason in the reader's language. Read-only: staff set the connection up.
 */
import { Alert, Chip, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { OwnBeds24 } from '../../../api/types';
import { formatDateTime } from '../../../shared/dateFormats';
import { lastErrorText } from '../../../shared/syncMessages';

export function Beds24Row({ connection }: { connection: OwnBeds24 }) {
  const { t } = useTranslation();
  if (!connection.configured) return null;
  const state = connection.failing ? 'failing' : connection.syncEnabled ? 'ok' : 'off';
  return (
    <Paper variant="outlined" component="li" sx={{ p: 1.5, listStyle: 'none' }} aria-label="Beds24" data-source="beds24">
      <Stack spacing={1}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>Beds24</Typography>
          <Chip size="small" color={state === 'failing' ? 'error' : state === 'ok' ? 'success' : 'default'} label={t(`feeds.beds24.state.${state}`)} />
          <Typography variant="body2" color="text.secondary">
            {connection.lastSync ? t('feeds.lastSynced', { date: formatDateTime(connection.lastSync) }) : t('feeds.neverSynced')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('feeds.eventCount', { count: connection.eventCount })}
          </Typography>
        </Stack>
        {connection.failing && (
          <Alert severity="error" variant="outlined" sx={{ py: 0 }}>
            {connection.needsCredentials ? t('feeds.beds24.needsKey') : t('feeds.lastError', { error: lastErrorText({ lastError: connection.lastError ?? '', lastErrorCode: connection.lastErrorCode, lastWarning: null }) })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
