/**
 * Maintenance mode on the client (docs/product/system.md#maintenance-mode): the status read, polled every 30 s, and how a 503 `maintenance` answer
 * from any call is recognised. The server enforces the mode; the client only shows the screen.
 */
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiJson } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import type { MaintenanceStatus } from '../../api/types';

export const MAINTENANCE_POLL_MS = 30_000;
/** After an admin logs in on the maintenance screen, the page reloads this much later (docs/product/system.md#maintenance-mode). */
export const RELOAD_AFTER_MAINTENANCE_LOGIN_MS = 200;

/** The server's answer to a non-admin while maintenance is on: to any call, signing in included. */
export function isMaintenanceRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503 && error.code === 'maintenance';
}

export function useMaintenanceStatus() {
  return useQuery({
    queryKey: queryKeys.maintenanceStatus,
    queryFn: () => apiJson<MaintenanceStatus>('GET', queryKeys.maintenanceStatus[0]),
    staleTime: MAINTENANCE_POLL_MS,
    refetchInterval: MAINTENANCE_POLL_MS,
  });
}
