/**
 * A property's page for all staff: name, address, time zone, its members, and its owner stays and rental (the year's
 * nights, the stay rules, its stay requests). Admins get its edit form, where it is also deleted, and change the rules; mini admins read only.
 */
import { EditButton, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { ReadOnlyChip, useIsFullAdmin } from '../access';
import { PropertyStayRequests } from '../stay-requests/PropertyStayRequests';
import { PropertyMembers } from './PropertyMembers';
import { PropertyStays } from './PropertyStays';

function ShowActions() {
  const isAdmin = useIsFullAdmin();
  return <TopToolbar sx={{ alignItems: 'center' }}>{isAdmin ? <EditButton /> : <ReadOnlyChip />}</TopToolbar>;
}

export function PropertyShow() {
  return (
    <Show actions={<ShowActions />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="address" emptyText="–" />
        <TextField source="timezone" />
        <PropertyMembers />
        <PropertyStays />
        <PropertyStayRequests />
      </SimpleShowLayout>
    </Show>
  );
}
