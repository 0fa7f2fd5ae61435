/**
 * The property a back-office record is about (an agreement, a payout): a search of the properties as the name is
 * typed, narrowed to the chosen owner's when the form has one. Left empty, the server takes the owner's first
 * property (docs/product/properties.md, "Back office").
 */
import { AutocompleteInput, ReferenceInput } from 'react-admin';
import { useWatch } from 'react-hook-form';

export function PropertyInput({ source = 'propertyId', ownerSource = 'userId' }: { source?: string; ownerSource?: string }) {
  const ownerId: unknown = useWatch({ name: ownerSource });
  const filter = ownerId === undefined || ownerId === null || ownerId === '' ? {} : { userId: ownerId };
  return (
    <ReferenceInput source={source} reference="properties" filter={filter} sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput label="resources.properties.name_one" optionText="name" filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>
  );
}
