/**
 * The sidebar's navigation items, in order. Each has a role predicate; later screens (prices, payouts,
 * agreements, cases…) are added here as one line each.
 */
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import SettingsIcon from '@mui/icons-material/Settings';
import type { SvgIconComponent } from '@mui/icons-material';
import { isStaff, type User } from '../api/types';

export interface NavItem {
  /** i18n key of the label. */
  labelKey: string;
  path: string;
  icon: SvgIconComponent;
  visible: (user: User) => boolean;
}

const everyone = () => true;

export const NAV_ITEMS: readonly NavItem[] = [
  { labelKey: 'nav.calendar', path: '/', icon: CalendarMonthIcon, visible: everyone },
  { labelKey: 'nav.settings', path: '/settings', icon: SettingsIcon, visible: everyone },
  { labelKey: 'nav.adminTools', path: '/admin', icon: AdminPanelSettingsIcon, visible: isStaff },
];

export const navItemsFor = (user: User): NavItem[] => NAV_ITEMS.filter((item) => item.visible(user));

/** Whether `pathname` belongs to the item: '/' only on itself, the others also on their sub-paths. */
export function isActive(item: NavItem, pathname: string): boolean {
  if (item.path === '/') return pathname === '/';
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}
