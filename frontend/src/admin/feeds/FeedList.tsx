/**
 * All feeds (docs/product/feeds.md#screens): owner (name, e-mail, username), state, sync times (last success, last attempt,
 * next run, and how long a stale feed has gone without success), problems (last error, failures in a row, the last
 * partial-import warning) and event count, with the sync-health panel above. Admins get the sync, force-refresh,
 * sync-all and cleanup actions and can add or edit a feed; mini admins see the same list read-only, marked
 * 'Kun lesing'.
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
import { Beds24HealthPanel } from '../beds24/Beds24HealthPanel';
import { formatDateTime } from '../formatDate';
import { useIsMobile } from '../useIsMobile';
import { ReadOnlyChip, useIsFullAdmin } from '../access';
import { FeedStatusChips } from './badges';
import { NameCell, ProblemsCell, SyncTimesCell } from './cells';
import { CleanupDuplicatesButton, FeedRowActions, SyncAllButton } from './FeedActions';
import { FeedHealthPanel } from './FeedHealthPanel';
import { noSuccessText } from './syncState';
import type { AdminFeed } from './types';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="enabled" source="enabled" />,
  <NullableBooleanInput key="stale" source="stale" />,
  <NullableBooleanInput key="failing" source="failing" />,
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

function DesktopFeedTable({ isAdmin }: { isAdmin: boolean }) {
  return (
    <DataTable<AdminFeed> rowClick={isAdmin ? 'edit' : false} bulkActionButtons={false}>
      <DataTable.Col source="name" render={() => <NameCell />} />
      <DataTable.Col source="userName" render={() => <OwnerCell />} />
      <DataTable.Col source="enabled" label="resources.ical-feeds.fields.status" render={() => <FeedStatusChips />} />
      <DataTable.Col source="lastSynced" label="resources.ical-feeds.fields.sync" render={() => <SyncTimesCell />} />
      <DataTable.Col source="lastError" label="resources.ical-feeds.fields.problems" render={() => <ProblemsCell />} />
      <DataTable.NumberCol source="eventCount" />
      {isAdmin && <DataTable.Col label="resources.ical-feeds.actions.label" disableSort render={() => <FeedRowActions />} />}
    </DataTable>
  );
}

function MobileFeedList({ isAdmin }: { isAdmin: boolean }) {
  const translate = useTranslate();
  const syncText = (feed: AdminFeed) => {
    if (!feed.stale) return formatDateTime(feed.lastSynced) ?? translate('resources.ical-feeds.status.never');
    const age = noSuccessText(feed);
    return translate(age.key, age.args);
  };
  return (
    <SimpleList<AdminFeed>
      rowClick={isAdmin ? 'edit' : false}
      primaryText={(feed) => feed.name}
      secondaryText={(feed) => `${feed.userName} · ${syncText(feed)}`}
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
      {isAdmin && <Beds24HealthPanel />}
      <List filters={filters} actions={<ListActions />} sort={{ field: 'id', order: 'ASC' }} perPage={25} exporter={false}>
        {isMobile ? <MobileFeedList isAdmin={isAdmin} /> : <DesktopFeedTable isAdmin={isAdmin} />}
      </List>
    </>
  );
}
