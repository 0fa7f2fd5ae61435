/**
 * Sync health above the all-feeds list (GET /api/admin/feed-health): totals, and the feeds that fail or are stale
 * (no successful sync for the server's threshold), with owner, error, failures in a row, how long a stale feed has
 * gone without success, and the last attempt, so an admin sees problems at a glance.
 */
import { Alert, Box, Card, CardContent, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';
import { lastErrorText, lastWarningText } from '../../shared/syncMessages';
import { formatDateTime } from '../formatDate';
import { errorMessage } from '../httpClient';
import { ColorDot } from './badges';
import { noSuccessText } from './syncState';
import { feedHealthKeys } from './feedsDataProvider';

function Count({ label, value, color }: { label: string; value: number; color?: 'error' | 'warning' }) {
  return (
    <Box sx={{ minWidth: 96 }}>
      <Typography variant="h5" component="p" color={value > 0 && color ? `${color}.main` : 'text.primary'}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

export function FeedHealthPanel() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const health = useQuery({
    queryKey: feedHealthKeys.health,
    queryFn: () => dataProvider.feedHealth(),
    // Re-read whenever the list opens again (after a create, edit or delete elsewhere in the back office).
    refetchOnMount: 'always',
  });
  const t = (key: string, options?: object) => translate(`resources.ical-feeds.health.${key}`, options);

  if (health.isError) return <Alert severity="error">{t('loadFailed', { message: errorMessage(health.error) })}</Alert>;
  if (!health.data) return null;
  const { total, enabled, failing, stale, staleAfterHours, feeds } = health.data;
  const problems = feeds.filter((f) => f.stale || (f.enabled && f.lastError));
  const never = translate('resources.ical-feeds.status.never');
  const details = (feed: (typeof feeds)[number]) => {
    const age = noSuccessText(feed);
    return [
      lastErrorText(feed),
      feed.consecutiveFailures > 0 ? translate('resources.ical-feeds.sync.failuresInARow', { smart_count: feed.consecutiveFailures }) : null,
      // A stale feed says how long it has gone without success; the others when they last succeeded.
      feed.stale ? translate(age.key, age.args) : t('lastSuccess', { date: formatDateTime(feed.lastSynced) ?? never }),
      translate('resources.ical-feeds.sync.lastAttempt', { date: formatDateTime(feed.lastAttemptAt) ?? never }),
      feed.lastWarning ? translate('resources.ical-feeds.sync.warning', { warning: lastWarningText(feed) }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  };

  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-label={t('title')}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('title')}
        </Typography>
        <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Count label={t('total')} value={total} />
          <Count label={t('enabled')} value={enabled} />
          <Count label={t('failing')} value={failing} color="error" />
          <Count label={t('stale', { hours: staleAfterHours })} value={stale} color="warning" />
        </Stack>
        {problems.length === 0 ? (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('allGood')}
          </Alert>
        ) : (
          <>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              {t('problems')}
            </Typography>
            <List dense disablePadding aria-label={t('problems')}>
              {problems.map((feed) => (
                <ListItem key={feed.id} disableGutters sx={{ alignItems: 'flex-start', gap: 1 }}>
                  <Box sx={{ pt: 0.75 }}>
                    <ColorDot color={feed.color} />
                  </Box>
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                        <span>{`${feed.name} · ${feed.owner.name} (${feed.owner.username})`}</span>
                        {feed.enabled && feed.lastError && <Chip size="small" color="error" label={translate('resources.ical-feeds.status.failing')} />}
                        {feed.stale && <Chip size="small" color="warning" label={translate('resources.ical-feeds.status.stale')} />}
                      </Stack>
                    }
                    secondary={details(feed)}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </CardContent>
    </Card>
  );
}
