/**
 * Double bookings (docs/architecture.md "Double bookings"): every owner's current and future conflicts, the days they
 * share, and links to both sides: the owner's calendar at the first shared day, and each side's source (the feed, the
 * Beds24 configuration; an own event lives in the calendar).
 */
import { Link as MuiLink, Stack, Typography } from '@mui/material';
import { Suspense } from 'react';
import { DataTable, List, SimpleList, useRecordContext, usePermissions, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { appPath } from '../../shared/appLinks';
import type { Role } from '../authProvider';
import { useIsMobile } from '../useIsMobile';
import { lazyNamed } from '../../shared/lazyNamed';

const PastLimitBookings = lazyNamed(() => import('./PastLimitBookings'), 'PastLimitBookings');

interface ConflictSide {
  id: number | string;
  kind: 'own' | 'ical' | 'beds24';
  sourceId: number | null;
  title: string;
}

export interface Conflict {
  id: number;
  userId: number;
  ownerName: string;
  a: ConflictSide;
  b: ConflictSide;
  from: string;
  to: string;
  detectedAt: string;
}

/** The last shared day (`to` is exclusive). */
const lastDay = (to: string) => new Date(Date.parse(`${to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Where a side's source is set up in the back office, if anywhere this role may go: both are edit pages, which only
 * admins may open (a mini admin reads the feeds list; docs/roles.md), so a mini admin gets the source's name alone.
 */
function sourcePath(side: ConflictSide, userId: number, role: Role | undefined): string | null {
  if (role !== 'admin') return null;
  if (side.kind === 'ical' && side.sourceId !== null) return `/admin/ical-feeds/${side.sourceId}`;
  // The Beds24 tab is for admins; its configurations are kept per owner.
  if (side.kind === 'beds24') return `/admin/beds24/${userId}`;
  return null;
}

function SideCell({ side }: { side: 'a' | 'b' }) {
  const conflict = useRecordContext<Conflict>();
  const translate = useTranslate();
  const { permissions } = usePermissions<Role>();
  if (!conflict) return null;
  const entry = conflict[side];
  const path = sourcePath(entry, conflict.userId, permissions);
  const source = translate(`resources.conflicts.kind.${entry.kind}`);
  return (
    <Stack>
      <Typography variant="body2">{entry.title}</Typography>
      {path ? (
        <MuiLink component={Link} to={path} variant="caption">
          {source}
        </MuiLink>
      ) : (
        <Typography variant="caption" color="text.secondary">
          {source}
        </Typography>
      )}
    </Stack>
  );
}

function DaysCell() {
  const conflict = useRecordContext<Conflict>();
  if (!conflict) return null;
  const last = lastDay(conflict.to);
  return <>{last === conflict.from ? conflict.from : `${conflict.from} – ${last}`}</>;
}

/** The owner's calendar at the first shared day: a full admin opens it as the owner's (`?user=`). */
function CalendarCell() {
  const conflict = useRecordContext<Conflict>();
  const translate = useTranslate();
  const { permissions } = usePermissions<Role>();
  if (!conflict) return null;
  // A mini admin cannot open another user's calendar: the owner's page in the back office instead.
  const href = permissions === 'admin' ? appPath({ screen: 'calendar', date: conflict.from, userId: conflict.userId }) : `/admin/users/${conflict.userId}/show`;
  return (
    <MuiLink href={href} onClick={(e) => e.stopPropagation()}>
      {translate(permissions === 'admin' ? 'resources.conflicts.openCalendar' : 'resources.conflicts.openOwner', { name: conflict.ownerName })}
    </MuiLink>
  );
}

export function ConflictList() {
  const isMobile = useIsMobile();
  const translate = useTranslate();
  return (
    <>
      <List sort={{ field: 'from', order: 'ASC' }} perPage={25} exporter={false} empty={<Typography sx={{ p: 2 }}>{translate('resources.conflicts.empty')}</Typography>}>
        {isMobile ? (
          <SimpleList<Conflict>
            primaryText={(c) => `${c.ownerName}: ${c.a.title} / ${c.b.title}`}
            secondaryText={(c) => `${c.from} – ${lastDay(c.to)}`}
            linkType={false}
          />
        ) : (
          <DataTable rowClick={false} bulkActionButtons={false}>
            <DataTable.Col source="ownerName" label="resources.conflicts.fields.owner" />
            <DataTable.Col source="from" label="resources.conflicts.fields.days">
              <DaysCell />
            </DataTable.Col>
            <DataTable.Col source="a" label="resources.conflicts.fields.a" disableSort>
              <SideCell side="a" />
            </DataTable.Col>
            <DataTable.Col source="b" label="resources.conflicts.fields.b" disableSort>
              <SideCell side="b" />
            </DataTable.Col>
            <DataTable.Col label="resources.conflicts.fields.calendar" disableSort>
              <CalendarCell />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
      {/* The bookings past a rental day limit, listed with the double bookings (docs/product/stays.md#warnings). */}
      <Suspense fallback={null}>
        <PastLimitBookings />
      </Suspense>
    </>
  );
}
