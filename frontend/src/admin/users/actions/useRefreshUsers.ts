import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/queryKeys';

/** Invalidates every cached users query (list and one), so badges and forms show the server's new state. */
export function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.resource('users') });
}
