import { SetMetadata } from '@nestjs/common';

export const OPEN_DURING_MAINTENANCE_KEY = 'openDuringMaintenance';

/**
 * Marks a route that keeps answering everyone while maintenance mode is on (docs/product/system.md#maintenance-mode): logging in and out, the
 * health check, the maintenance status itself, and the subscription feed (calendar apps are not people). Every
 * other route answers 503 to anyone who is not an admin (system/maintenance.guard.ts).
 */
export const OpenDuringMaintenance = () => SetMetadata(OPEN_DURING_MAINTENANCE_KEY, true);
