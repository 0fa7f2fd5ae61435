/** One feed in the feed manager: name, address, sync state, the Aktiv/Inaktiv toggle, 'Synkroniser nå' and delete. */
import DeleteIcon from '@mui/icons-material/Delete';
import SyncIcon from '@mui/icons-material/Sync';
import { Alert, Box, Button, CircularProgress, FormControlLabel, IconButton, Paper, Stack, Switch, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { lastErrorText, lastWarningText } from '../../../shared/syncMessages';
import { formatDateTime } from '../../../shared/dateFormats';
import { shortUrl } from '../feedForm';
import type { Feed } from '../types';

export interface FeedRowProps {
  feed: Feed;
  syncing: boolean;
  onSync: (feed: Feed) => void;
  onToggle: (feed: Feed, enabled: boolean) => void;
  onDelete: (feed: Feed) => void;
  /** A viewer of the property: the feed's state without the buttons that change it. */
  readOnly?: boolean;
  toggling: boolean;
}

export function FeedRow({ feed, syncing, onSync, onToggle, onDelete, toggling, readOnly = false }: FeedRowProps) {
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
          {!readOnly && (
            <Tooltip title={t('feeds.delete')}>
              <IconButton aria-label={t('feeds.deleteNamed', { name: feed.name })} onClick={() => onDelete(feed)} color="error" size="small">
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <FormControlLabel
            control={
              <Switch
                checked={feed.enabled}
                disabled={toggling || readOnly}
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
          {!readOnly && (
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
          )}
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
