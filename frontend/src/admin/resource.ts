/**
 * How a back-office resource registers itself: its folder's index.ts default-exports an AdminResource, and the back
 * office gathers every `admin/<folder>/index.ts` (resourceRegistry.ts). `menu` places it in each role's menu; a role
 * without a place does not get the resource at all (docs/roles.md).
 */
import type { ResourceProps } from 'react-admin';
import type { Role } from './authProvider';

export interface AdminResource extends ResourceProps {
  /** Position in the menu per role, lowest first; the lowest is where the back office opens. */
  menu: Partial<Record<Role, number>>;
}

/** react-admin's cache key prefix of a resource's records: refreshing it reloads its lists and records. */
export const resourceKey = (resource: string) => [resource] as const;
