/** Maintenance's public face: the gate the app wraps around every route. */
export { MaintenanceGate } from './MaintenanceGate';
