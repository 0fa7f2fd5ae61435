/**
 * The back office's resources, gathered from every `admin/<folder>/index.ts` by file name: a resource registers
 * itself by having the file (its type is admin/resource.ts), so none can be forgotten in AdminApp.tsx.
 */
import type { Role } from './authProvider';
import type { AdminResource } from './resource';

/** A folder registers one resource, or several that belong together (appointments: bookings, hours, closed dates). */
export const ADMIN_RESOURCES: readonly AdminResource[] = Object.values(
  import.meta.glob<AdminResource | AdminResource[]>('./*/index.ts', { eager: true, import: 'default' }),
).flat();

const menuPlace = (resource: AdminResource, role: Role) => resource.menu[role] ?? Number.POSITIVE_INFINITY;

/** A role's resources in menu order (the first is where the back office opens); those without a place are left out. */
export function resourcesOf(role: Role): AdminResource[] {
  return ADMIN_RESOURCES.filter((resource) => resource.menu[role] !== undefined).sort((a, b) => menuPlace(a, role) - menuPlace(b, role));
}
