/**
 * A property's page for all staff: name, address, time zone and its members. Admins get its edit form, where it is
 * also deleted; mini admins read only.
 */
import { EditButton, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { ReadOnlyChip, useIsFullAdmin } from '../access';
import { PropertyMembers } from './PropertyMembers';

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
      </SimpleShowLayout>
    </Show>
  );
}
