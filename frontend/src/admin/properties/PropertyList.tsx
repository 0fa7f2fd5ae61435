/**
 * Every property (docs/product/properties.md, "Back office"): searched by name or address, narrowed to one owner's,
 * with its owners and member count. A row opens the property's page; admins may add one, mini admins read only.
 */
import { CreateButton, DataTable, List, SearchInput, SimpleList, TopToolbar } from 'react-admin';
import { ReadOnlyChip, useIsFullAdmin } from '../access';
import { OwnerInput } from '../agreements/OwnerInput';
import { useIsMobile } from '../useIsMobile';
import type { AdminProperty } from './propertiesDataProvider';

/** react-admin reads `alwaysOn` from the element in `filters`, so the list passes it. */
function OwnerFilter(props: { source: string; alwaysOn: boolean }) {
  return <OwnerInput {...props} label="resources.properties.fields.owners" />;
}

const filters = [<SearchInput key="q" source="q" alwaysOn />, <OwnerFilter key="userId" source="userId" alwaysOn />];

function ListActions() {
  const isAdmin = useIsFullAdmin();
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      {isAdmin ? <CreateButton /> : <ReadOnlyChip />}
    </TopToolbar>
  );
}

const ownersText = (property: AdminProperty) => property.owners.join(', ');

export function PropertyList() {
  const isMobile = useIsMobile();
  return (
    <List filters={filters} actions={<ListActions />} sort={{ field: 'name', order: 'ASC' }} perPage={25} exporter={false}>
      {isMobile ? (
        <SimpleList<AdminProperty> linkType="show" primaryText={(p) => p.name} secondaryText={(p) => p.address ?? ''} tertiaryText={ownersText} />
      ) : (
        <DataTable<AdminProperty> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="address" />
          <DataTable.Col source="owners" disableSort render={ownersText} />
          <DataTable.NumberCol source="members" disableSort />
        </DataTable>
      )}
    </List>
  );
}
