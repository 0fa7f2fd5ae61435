/**
 * The 'ical' tab: the staff member's own calendar link above their own feeds (GET /api/ical-feeds) with the same
 * sync state as the all-feeds list. Read-only for everyone here: feeds are managed from the calendar's feed
 * manager, and mini admins change nothing in the back office (docs/product/feeds.md#who-may-do-what), which the 'Kun lesing' chip says.
 */
import { Typography } from '@mui/material';
import { DataTable, List, RecordContextProvider, SimpleList, TopToolbar, useTranslate } from 'react-admin';
import { FeedStatusChips } from '../feeds/badges';
import { NameCell, ProblemsCell, SyncTimesCell, type FeedSyncRecord } from '../feeds/cells';
import { formatDateTime } from '../formatDate';
import { useIsMobile } from '../useIsMobile';
import { ReadOnlyChip, useIsFullAdmin } from '../access';
import { CalendarLinkCard } from './CalendarLinkCard';

type OwnFeed = FeedSyncRecord & { eventCount: number };

function ReadOnlyActions() {
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <ReadOnlyChip />
    </TopToolbar>
  );
}

function NoFeeds() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 2 }}>
      {translate('resources.ical.feeds.empty')}
    </Typography>
  );
}

function MobileOwnFeeds() {
  const translate = useTranslate();
  return (
    <SimpleList<OwnFeed>
      rowClick={false}
      empty={<NoFeeds />}
      primaryText={(feed) => feed.name}
      secondaryText={(feed) =>
        translate('resources.ical-feeds.sync.lastSuccess', {
          date: formatDateTime(feed.lastSynced) ?? translate('resources.ical-feeds.status.never'),
        })
      }
      tertiaryText={(feed) => (
        <RecordContextProvider value={feed}>
          <FeedStatusChips />
        </RecordContextProvider>
      )}
    />
  );
}

function DesktopOwnFeeds() {
  return (
    <DataTable<OwnFeed> rowClick={false} bulkActionButtons={false} empty={<NoFeeds />}>
      <DataTable.Col source="name" render={() => <NameCell />} />
      <DataTable.Col source="enabled" label="resources.ical.fields.status" render={() => <FeedStatusChips />} />
      <DataTable.Col source="lastSynced" label="resources.ical.fields.sync" render={() => <SyncTimesCell />} />
      <DataTable.Col source="lastError" label="resources.ical.fields.problems" render={() => <ProblemsCell />} />
      <DataTable.NumberCol source="eventCount" />
    </DataTable>
  );
}

export function OwnIcalList() {
  const isMobile = useIsMobile();
  const translate = useTranslate();
  const isAdmin = useIsFullAdmin();
  return (
    <>
      <CalendarLinkCard />
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        {translate('resources.ical.feeds.title')}
      </Typography>
      {/* empty={false}: no feeds still shows the toolbar ('Kun lesing') and the table's own empty text. */}
      <List actions={isAdmin ? false : <ReadOnlyActions />} sort={{ field: 'id', order: 'ASC' }} perPage={25} exporter={false} empty={false}>
        {isMobile ? <MobileOwnFeeds /> : <DesktopOwnFeeds />}
      </List>
    </>
  );
}
