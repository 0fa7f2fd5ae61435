import { useQueryClient } from '@tanstack/react-query';
import { resourceKey } from '../../resource';
import { usersKeys } from '../usersDataProvider';

/**
 * After a change to one user: every cached users query (list and one), so badges and forms show the server's new
 * state, and that user's activity timeline, to which the change added a row (docs/security.md#the-audit-log), so the
 * panel on the same page shows it without a reload.
 */
export function useRefreshUser() {
  const queryClient = useQueryClient();
  return (userId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: resourceKey('users') }),
      queryClient.invalidateQueries({ queryKey: usersKeys.userActivity(userId) }),
    ]);
}
