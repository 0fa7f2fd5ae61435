/** Status chips of a feed row (Aktiv/Inaktiv; plus the sync-health flags of the all-ical tab). */
import { Box, Chip, Stack, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { lastErrorText } from '../../shared/syncMessages';
import type { AdminFeed } from './types';

export function ColorDot({ color }: { color: string }) {
  return <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', bgcolor: color, flexShrink: 0 }} />;
}

/** Aktiv/Inaktiv, 'Utdatert' when the feed has had no success for the stale threshold, and 'Feiler'. */
export function FeedStatusChips() {
  const feed = useRecordContext<AdminFeed>();
  const translate = useTranslate();
  if (!feed) return null;
  return (
    <Stack direction="row" spacing={0.5} component="span" sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={feed.enabled ? 'success' : 'default'}
        variant={feed.enabled ? 'filled' : 'outlined'}
        label={translate(feed.enabled ? 'resources.ical-feeds.status.enabled' : 'resources.ical-feeds.status.disabled')}
      />
      {feed.stale && <Chip size="small" color="warning" label={translate('resources.ical-feeds.status.stale')} />}
      {feed.enabled && feed.lastError && (
        <Tooltip title={lastErrorText(feed)}>
          <Chip size="small" color="error" label={translate('resources.ical-feeds.status.failing')} />
        </Tooltip>
      )}
    </Stack>
  );
}
