/** The users an agreement can be with: regular users only (the picker leaves admins and mini admins out). */
import { useGetList } from 'react-admin';
import type { User } from '../../api/types';

type PickableUser = Pick<User, 'id' | 'name' | 'username' | 'isAdmin' | 'isMiniAdmin'>;

export function useOwnerChoices() {
  const { data, isPending } = useGetList<PickableUser>('users', { filter: { isAdmin: false }, pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  const choices = (data ?? []).filter((u) => !u.isAdmin && !u.isMiniAdmin).map((u) => ({ id: u.id, name: `${u.name} (${u.username})` }));
  return { choices, isPending };
}
