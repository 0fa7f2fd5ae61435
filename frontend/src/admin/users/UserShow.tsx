/** One user, read-only: what mini admins open from the list (docs/product/auth-and-users.md#who-may-do-what), and admins too by URL. */
import {
  EditButton,
  FunctionField,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  usePermissions,
  useTranslate,
} from 'react-admin';
import type { Role } from '../authProvider';
import { formatDateTime } from '../formatDate';
import { AccountNumberHistory } from './AccountNumberHistory';
import { ActivityPanel } from './ActivityPanel';
import { ReadOnlyChip } from '../access';
import { BlockedBadge, RoleBadge } from './badges';
import type { User } from './types';
import { UserProperties } from './UserProperties';

function ShowActions() {
  const { permissions } = usePermissions<Role>();
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      {permissions === 'miniAdmin' && <ReadOnlyChip />}
      <EditButton />
    </TopToolbar>
  );
}

function DateTime({ source, emptyKey }: { source: keyof User; emptyKey?: string }) {
  const translate = useTranslate();
  return (
    <FunctionField<User>
      source={source}
      render={(user) => formatDateTime(user[source] as string | null) ?? (emptyKey ? translate(emptyKey) : '')}
    />
  );
}

export function UserShow() {
  return (
    <Show<User> actions={<ShowActions />}>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="username" />
        <TextField source="email" />
        <TextField source="name" />
        <Labeled label="resources.users.fields.role">
          <RoleBadge />
        </Labeled>
        <Labeled label="resources.users.fields.isBlocked">
          <BlockedBadge />
        </Labeled>
        <TextField source="blockReason" emptyText="-" />
        <DateTime source="lastLoginAt" emptyKey="resources.users.never" />
        <TextField source="phoneNumber" emptyText="-" />
        <TextField source="accountNumber" emptyText="-" />
        <TextField source="adminInfo" emptyText="-" sx={{ whiteSpace: 'pre-wrap' }} />
        <DateTime source="createdAt" />
        <UserProperties />
        <AccountNumberHistory />
        <ActivityPanel />
      </SimpleShowLayout>
    </Show>
  );
}
