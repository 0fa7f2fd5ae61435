/**
 * Whether maintenance mode is on, as the system module knows it. Code outside that module (the /ws upgrade in
 * common, the notifications gateway) asks through this token, so it never imports the system domain; the system
 * module provides it (its settings service, which caches the state).
 */
export interface MaintenanceState {
  maintenance(): Promise<{ enabled: boolean }>;
}

export const MAINTENANCE_STATE = Symbol('MaintenanceState');
