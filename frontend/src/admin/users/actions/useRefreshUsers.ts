import { useQueryClient } from '@tanstack/react-query';
import { resourceKey } from '../../resource';

/** Invalidates every cached users query (list and one), so badges and forms show the server's new state. */
export function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: resourceKey('users') });
}
