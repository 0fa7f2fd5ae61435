/**
 * The owner an agreement is with: a search of the server's users as the name is typed (the staff user search,
 * docs/architecture.md "User search"), regular users only (an agreement is with an owner, never with staff), so a
 * service with thousands of owners finds each of them.
 */
import { AutocompleteInput, ReferenceInput, useGetOne, type Validator } from 'react-admin';
import type { User } from '../../api/types';

type PickableUser = Pick<User, 'id' | 'name' | 'username'>;

const OWNERS_ONLY = { isStaff: false };
const ownerText = (u: PickableUser) => `${u.name} (${u.username})`;

export function OwnerInput({ source, label, validate, alwaysOn }: { source: string; label?: string; validate?: Validator; alwaysOn?: boolean }) {
  return (
    <ReferenceInput source={source} reference="users" filter={OWNERS_ONLY} sort={{ field: 'name', order: 'ASC' }} alwaysOn={alwaysOn}>
      <AutocompleteInput label={label} optionText={ownerText} filterToQuery={(q: string) => ({ q })} validate={validate} />
    </ReferenceInput>
  );
}

/** The name of the owner with `id` (for the count text of a filtered list), once read. */
export function useOwnerName(id: unknown): string | undefined {
  const known = id !== undefined && id !== null && id !== '';
  const { data } = useGetOne<PickableUser>('users', { id: known ? Number(id) : 0 }, { enabled: known });
  return known ? data?.name : undefined;
}
