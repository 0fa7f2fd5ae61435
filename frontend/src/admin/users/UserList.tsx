/**
 * The users table (docs/product/auth-and-users.md#screens): id, e-mail, name, role, blocked, last login, the calendar actions and the row
 * actions; a SimpleList on mobile, where admins find the actions on the edit page. Mini admins get the same list
 * read-only, marked 'Kun lesing'.
 */
import { Stack } from '@mui/material';
import {
  CreateButton,
  DataTable,
  List,
  RecordContextProvider,
  SearchInput,
  SimpleList,
  TopToolbar,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Role } from '../authProvider';
import { formatDateTime } from '../formatDate';
import { useIsMobile } from '../useIsMobile';
import { ReadOnlyChip, useIsFullAdmin } from '../access';
import { BlockedBadge, RoleBadge } from './badges';
import { UserCalendarActions } from './CalendarActions';
import type { User } from './types';
import { UserActions } from './UserActions';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function ListActions() {
  const { permissions } = usePermissions<Role>();
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      {permissions === 'miniAdmin' && <ReadOnlyChip />}
      <CreateButton />
    </TopToolbar>
  );
}

function LastLogin() {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  return <>{formatDateTime(user?.lastLoginAt) ?? translate('resources.users.never')}</>;
}

function MobileUserList({ rowClick }: { rowClick: 'edit' | 'show' }) {
  return (
    <SimpleList<User>
      rowClick={rowClick}
      primaryText={(user) => user.name}
      secondaryText={(user) => user.username}
      tertiaryText={(user) => (
        <RecordContextProvider value={user}>
          <Stack direction="row" spacing={0.5} component="span">
            <RoleBadge />
            <BlockedBadge />
          </Stack>
        </RecordContextProvider>
      )}
    />
  );
}

function DesktopUserTable({ rowClick, isAdmin }: { rowClick: 'edit' | 'show'; isAdmin: boolean }) {
  return (
    <DataTable<User> rowClick={rowClick} bulkActionButtons={false}>
      <DataTable.Col source="id" />
      <DataTable.Col source="username" />
      <DataTable.Col source="name" />
      <DataTable.Col source="isAdmin" label="resources.users.fields.role" render={() => <RoleBadge />} />
      <DataTable.Col source="isBlocked" render={() => <BlockedBadge />} />
      <DataTable.Col source="lastLoginAt" render={() => <LastLogin />} />
      {isAdmin && (
        <DataTable.Col label="resources.users.actions.calendarLabel" disableSort render={() => <UserCalendarActions compact />} />
      )}
      {isAdmin && (
        <DataTable.Col label="resources.users.actions.label" disableSort render={() => <UserActions compact />} />
      )}
    </DataTable>
  );
}

export function UserList() {
  const isMobile = useIsMobile();
  const isAdmin = useIsFullAdmin();
  const rowClick = isAdmin ? 'edit' : 'show';
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'id', order: 'ASC' }}
      perPage={25}
      exporter={false}
    >
      {isMobile ? <MobileUserList rowClick={rowClick} /> : <DesktopUserTable rowClick={rowClick} isAdmin={isAdmin} />}
    </List>
  );
}
