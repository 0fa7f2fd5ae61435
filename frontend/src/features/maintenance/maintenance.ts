/**
 * Maintenance mode on the client (SPEC §4): the status read, polled every 30 s, and how a 503 `maintenance` answer
 * from any call is recognised. The server enforces the mode; the client only shows the screen.
 */
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import type { MaintenanceStatus } from '../../api/types';

export const MAINTENANCE_POLL_MS = 30_000;
/** After an admin logs in on the maintenance screen, the page reloads this much later (SPEC §9). */
export const RELOAD_AFTER_MAINTENANCE_LOGIN_MS = 200;



export function useMaintenanceStatus() {
  return useQuery({
    queryKey: queryKeys.maintenanceStatus,
    queryFn: () => apiJson<MaintenanceStatus>('GET', queryKeys.maintenanceStatus[0]),
    staleTime: MAINTENANCE_POLL_MS,
    refetchInterval: MAINTENANCE_POLL_MS,
  });
}
