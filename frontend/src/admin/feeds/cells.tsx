/**
 * Table cells shared by the all-feeds list and the own-feeds ('ical') tab: the feed's name and URL, its sync times
 * (last success, last attempt, next run, and the age when stale), and its problems (last error, failures in a
 * row, the last partial-import warning). Fields as mapFeed in backend/src/feeds/feeds.dto.ts returns them.
 */
import { Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { lastErrorText, lastWarningText } from '../../shared/syncMessages';
import { formatDateTime } from '../formatDate';
import { ColorDot } from './badges';
import { noSuccessText } from './syncState';
import type { AdminFeed } from './types';

/** The columns both lists read; own feeds (GET /api/ical-feeds) have no owner and no stale flag. */
export type FeedSyncRecord = Pick<
  AdminFeed,
  'id' | 'name' | 'url' | 'color' | 'enabled' | 'lastSynced' | 'lastAttemptAt' | 'lastError' | 'lastWarning' | 'consecutiveFailures' | 'nextSyncAt' | 'createdAt'
> & { stale?: boolean };

const line = { display: 'block', whiteSpace: 'nowrap' } as const;

export function NameCell() {
  const feed = useRecordContext<FeedSyncRecord>();
  if (!feed) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <ColorDot color={feed.color} />
      <Stack sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {feed.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap title={feed.url} sx={{ maxWidth: 200 }}>
          {feed.url}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** Last success, last attempt and next run, one per line; a stale feed also says how long it has gone without success. */
export function SyncTimesCell() {
  const feed = useRecordContext<FeedSyncRecord>();
  const translate = useTranslate();
  if (!feed) return null;
  const t = (key: string, options?: object) => translate(`resources.ical-feeds.sync.${key}`, options);
  const never = translate('resources.ical-feeds.status.never');
  const age = noSuccessText(feed);
  return (
    <Stack>
      <Typography variant="body2" sx={line}>
        {t('lastSuccess', { date: formatDateTime(feed.lastSynced) ?? never })}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={line}>
        {t('lastAttempt', { date: formatDateTime(feed.lastAttemptAt) ?? never })}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={line}>
        {feed.enabled && feed.nextSyncAt ? t('nextRun', { date: formatDateTime(feed.nextSyncAt) }) : t('notScheduled')}
      </Typography>
      {feed.stale && (
        <Typography variant="caption" color="warning.main" sx={{ ...line, fontWeight: 600 }}>
          {translate(age.key, age.args)}
        </Typography>
      )}
    </Stack>
  );
}

/** The last error with the count of failures in a row, and the last partial-import warning. */
export function ProblemsCell() {
  const feed = useRecordContext<FeedSyncRecord>();
  const translate = useTranslate();
  if (!feed || (!feed.lastError && !feed.lastWarning && !feed.consecutiveFailures)) return null;
  const wrap = { display: 'block', maxWidth: 220, whiteSpace: 'normal', overflowWrap: 'anywhere' } as const;
  return (
    <Stack spacing={0.25}>
      {feed.lastError && (
        <Typography variant="caption" color="error" sx={wrap}>
          {lastErrorText(feed)}
        </Typography>
      )}
      {feed.consecutiveFailures > 0 && (
        <Typography variant="caption" color="error" sx={{ ...wrap, fontWeight: 600 }}>
          {translate('resources.ical-feeds.sync.failuresInARow', { smart_count: feed.consecutiveFailures })}
        </Typography>
      )}
      {feed.lastWarning && (
        <Typography variant="caption" color="warning.main" sx={wrap}>
          {translate('resources.ical-feeds.sync.warning', { warning: lastWarningText(feed) })}
        </Typography>
      )}
    </Stack>
  );
}
