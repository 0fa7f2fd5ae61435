/**
 * Staff's reads of users from the customer app (docs/product/auth-and-users.md): one page of a server search for the
 * user picker, and one user by id. The answers are the generated UserResponse; the picker shows a part of it.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '../api/client';
import type { User } from '../api/types';

/** What the picker shows of a user: GET /api/admin/users answers the whole UserResponse. */
export type PickedUser = Pick<User, 'id' | 'name' | 'username'> & Partial<Pick<User, 'isAdmin' | 'email' | 'phoneNumber'>>;

/** Narrows the search, as the list's filter: `{ isAdmin: false }` for owners only, `{ isStaff: true }` for staff. */
export type UserSearchFilter = { isAdmin?: boolean; isStaff?: boolean };

/** Matches asked for per search; enough to find someone by a few letters of the name. */
export const PAGE_SIZE = 20;

export const staffUsersKeys = {
  search: (q: string, filter: UserSearchFilter) => ['/api/admin/users', 'search', q, filter] as const,
  one: (id: number) => ['/api/admin/users', id] as const,
};

/** GET /api/admin/users?q=…: the first PAGE_SIZE matches by name. */
export function searchUsers(q: string, filter: UserSearchFilter): Promise<PickedUser[]> {
  const params = new URLSearchParams({ range: JSON.stringify([0, PAGE_SIZE - 1]), sort: JSON.stringify(['name', 'ASC']) });
  if (q.trim()) params.set('q', q.trim());
  if (Object.keys(filter).length) params.set('filter', JSON.stringify(filter));
  return apiJson<User[]>('GET', `/api/admin/users?${params}`);
}

/** The matches of a search while the picker is open; the previous answer stays while the next is on its way. */
export function useUserSearch(q: string, filter: UserSearchFilter, enabled: boolean) {
  return useQuery({
    queryKey: staffUsersKeys.search(q, filter),
    queryFn: () => searchUsers(q, filter),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** One user by id (the picker's chosen value, when the page of matches does not hold it). */
export function useStaffUser(id: number | null) {
  return useQuery({
    queryKey: staffUsersKeys.one(id ?? 0),
    queryFn: () => apiJson<User>('GET', `/api/admin/users/${id}`),
    enabled: id !== null,
    staleTime: 5 * 60_000,
  });
}
