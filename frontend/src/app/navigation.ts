/**
 * The sidebar's navigation: each feature declares its entries in its manifest (app/manifests.ts gathers them) and
 * the shell only orders them by `order`.
 */
import type { User } from '../api/types';
import type { NavItem } from '../shared/navigation';
import { FEATURE_NAV } from './manifests';

export const NAV_ITEMS: readonly NavItem[] = [...FEATURE_NAV].sort((a, b) => a.order - b.order);

export const navItemsFor = (user: User): NavItem[] => NAV_ITEMS.filter((item) => item.visible(user));

/** Whether `pathname` belongs to the item: '/' only on itself, the others also on their sub-paths. */
export function isActive(item: NavItem, pathname: string): boolean {
  if (item.path === '/') return pathname === '/';
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}
