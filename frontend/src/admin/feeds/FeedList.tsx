/**
 * All feeds (SPEC §2 all-ical tab): owner (name, e-mail, username), state, last sync, last error, event count and
 * the stale flag, with the sync-health panel above. Admins get the sync, force-refresh, sync-all and cleanup
 * actions and can add or edit a feed; mini admins see the same list read-only, marked 'Kun lesing'.
 */
import { Stack, Typography } from '@mui/material';
import {
  CreateButton,
  DataTable,
  List,
  NullableBooleanInput,
  RecordContextProvider,
  SearchInput,
  SimpleList,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { formatDateTime } from '../formatDate';
import { useIsMobile } from '../useIsMobile';
import { ReadOnlyChip } from '../users/badges';
import { ColorDot, FeedStatusChips } from './badges';
import { CleanupDuplicatesButton, FeedRowActions, SyncAllButton, useIsFullAdmin } from './FeedActions';
import { FeedHealthPanel } from './FeedHealthPanel';
import type { AdminFeed } from './types';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="enabled" source="enabled" />,
  <NullableBooleanInput key="stale" source="stale" />,
];

function ListActions() {
  const isAdmin = useIsFullAdmin();
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {!isAdmin && <ReadOnlyChip />}
      {isAdmin && <SyncAllButton />}
      {isAdmin && <CleanupDuplicatesButton />}
      <CreateButton />
    </TopToolbar>
  );
}

function DateCell({ source }: { source: 'lastSynced' | 'lastAttemptAt' }) {
  const feed = useRecordContext<AdminFeed>();
  const translate = useTranslate();
  return <>{formatDateTime(feed?.[source]) ?? translate('resources.ical-feeds.status.never')}</>;
}

function NameCell() {
  const feed = useRecordContext<AdminFeed>();
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

function OwnerCell() {
  const feed = useRecordContext<AdminFeed>();
  if (!feed) return null;
  return (
    <Stack>
      <Typography variant="body2">{feed.userName}</Typography>
      <Typography variant="caption" color="text.secondary">
        {[feed.userEmail, feed.username].filter((v, i, all) => v && all.indexOf(v) === i).join(' · ')}
      </Typography>
    </Stack>
  );
}

function ErrorCell() {
  const feed = useRecordContext<AdminFeed>();
  if (!feed?.lastError) return null;
  return (
    <Typography variant="caption" color="error" sx={{ display: 'block', maxWidth: 180, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      {feed.lastError}
    </Typography>
  );
}

function DesktopFeedTable({ isAdmin }: { isAdmin: boolean }) {
  return (
    <DataTable<AdminFeed> rowClick={isAdmin ? 'edit' : false} bulkActionButtons={false}>
      <DataTable.Col source="name" render={() => <NameCell />} />
      <DataTable.Col source="userName" render={() => <OwnerCell />} />
      <DataTable.Col source="enabled" label="resources.ical-feeds.fields.status" render={() => <FeedStatusChips />} />
      <DataTable.Col source="lastSynced" render={() => <DateCell source="lastSynced" />} />
      <DataTable.Col source="lastError" render={() => <ErrorCell />} />
      <DataTable.NumberCol source="eventCount" />
      {isAdmin && <DataTable.Col label="resources.ical-feeds.actions.label" disableSort render={() => <FeedRowActions />} />}
    </DataTable>
  );
}

function MobileFeedList({ isAdmin }: { isAdmin: boolean }) {
  return (
    <SimpleList<AdminFeed>
      rowClick={isAdmin ? 'edit' : false}
      primaryText={(feed) => feed.name}
      secondaryText={(feed) => `${feed.userName} · ${formatDateTime(feed.lastSynced) ?? '–'}`}
      tertiaryText={(feed) => (
        <RecordContextProvider value={feed}>
          <FeedStatusChips />
        </RecordContextProvider>
      )}
    />
  );
}

export function FeedList() {
  const isMobile = useIsMobile();
  const isAdmin = useIsFullAdmin();
  return (
    <>
      <FeedHealthPanel />
      <List filters={filters} actions={<ListActions />} sort={{ field: 'id', order: 'ASC' }} perPage={25} exporter={false}>
        {isMobile ? <MobileFeedList isAdmin={isAdmin} /> : <DesktopFeedTable isAdmin={isAdmin} />}
      </List>
    </>
  );
}
