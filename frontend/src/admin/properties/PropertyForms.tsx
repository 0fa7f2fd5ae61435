/**
 * Adding a property for an owner (who gets the whole share) and changing its name and address, for admins; the edit
 * page also deletes it, after asking. The time zone is the property's own and not changed here.
 */
import { Create, Edit, maxLength, required, SimpleForm, TextInput } from 'react-admin';
import { OwnerInput } from '../agreements/OwnerInput';
import { SaveDeleteToolbar } from '../SaveDeleteToolbar';
import { useNotifyFailure } from '../useNotifyFailure';

// The server's limits (docs/product/properties.md, "Validation"), so the form says so before sending.
const validateName = [required(), maxLength(100)];
const validateAddress = maxLength(300);
const validateOwner = required();

function NameAndAddress() {
  return (
    <>
      <TextInput source="name" validate={validateName} />
      <TextInput source="address" validate={validateAddress} />
    </>
  );
}

export function PropertyCreate() {
  const notifyFailure = useNotifyFailure();
  return (
    <Create redirect="show" mutationOptions={{ onError: (error: unknown) => notifyFailure('resources.properties.errors.save', error) }}>
      <SimpleForm>
        <NameAndAddress />
        <OwnerInput source="ownerUserId" label="resources.properties.fields.owners" validate={validateOwner} />
      </SimpleForm>
    </Create>
  );
}

export function PropertyEdit() {
  const notifyFailure = useNotifyFailure();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="show"
      // PATCH takes these two; an emptied address is none.
      transform={({ name, address }: { name: string; address?: string | null }) => ({ name, address: address || null })}
      mutationOptions={{ onError: (error: unknown) => notifyFailure('resources.properties.errors.save', error) }}
    >
      <SimpleForm toolbar={<SaveDeleteToolbar resource="properties" />}>
        <NameAndAddress />
      </SimpleForm>
    </Edit>
  );
}
