/**
 * Shows the maintenance screen instead of the app while maintenance mode is on, to anyone who is not an admin
 * (docs/product/system.md#maintenance-mode). It learns of the mode from the status poll, or at once from any call the server refused with 503
 * `maintenance` (queryClient.ts refreshes the status then). When the mode ends, every read is fetched again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { queryKeys } from '../../api/queryKeys';
import { PageSpinner } from '../../shared/components/PageSpinner';
import { useCurrentUser } from '../../shared/sessionApi';
import { useMaintenanceStatus } from './maintenance';
import { lazyNamed } from '../../shared/lazyNamed';

// Its own chunk: nobody downloads the screen while the service is up.
const MaintenanceScreen = lazyNamed(() => import('./MaintenanceScreen'), 'MaintenanceScreen');

export function MaintenanceGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data: status } = useMaintenanceStatus();
  const { data: user } = useCurrentUser();
  const enabled = !!status?.enabled;
  const wasEnabled = useRef(enabled);

  useEffect(() => {
    // Reads refused during maintenance (the current user among them) are fetched again once it is over.
    if (wasEnabled.current && !enabled) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.maintenanceStatus[0] });
    wasEnabled.current = enabled;
  }, [enabled, queryClient]);

  if (enabled && !user?.isAdmin) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <MaintenanceScreen message={status?.message ?? null} />
      </Suspense>
    );
  }
  return children;
}
