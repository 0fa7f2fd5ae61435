/**
 * The sidebar's navigation: each feature declares its own items (features/<name>/navigation.ts) and the shell
 * only gathers them, in their `order`. A new feature adds its file and one entry in FEATURE_NAV.
 */
import type { User } from '../api/types';
import { adminNav } from '../admin/navigation';
import { agreementsNav } from '../features/agreements/navigation';
import { calendarNav } from '../features/calendar/navigation';
import { casesNav } from '../features/cases/navigation';
import { payoutsNav } from '../features/payouts/navigation';
import { pricesNav } from '../features/prices/navigation';
import { settingsNav } from '../features/settings/navigation';
import type { NavItem } from '../shared/navigation';

const FEATURE_NAV: readonly NavItem[][] = [calendarNav, settingsNav, adminNav, payoutsNav, pricesNav, agreementsNav, casesNav];

export const NAV_ITEMS: readonly NavItem[] = FEATURE_NAV.flat().sort((a, b) => a.order - b.order);

export const navItemsFor = (user: User): NavItem[] => NAV_ITEMS.filter((item) => item.visible(user));

/** Whether `pathname` belongs to the item: '/' only on itself, the others also on their sub-paths. */
export function isActive(item: NavItem, pathname: string): boolean {
  if (item.path === '/') return pathname === '/';
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}
