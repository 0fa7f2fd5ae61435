/** The prices page's sidebar entry: 'Dine priser' for owners, 'Prisintervaller' (every owner's, to manage) for admins. */
import SellIcon from '@mui/icons-material/Sell';
import type { NavItem } from '../../shared/navigation';

export const pricesNav: NavItem[] = [
  { labelKey: 'nav.prices', path: '/prices', icon: SellIcon, order: 30, visible: (user) => !user.isAdmin },
  { labelKey: 'nav.priceIntervals', path: '/prices', icon: SellIcon, order: 30, visible: (user) => Boolean(user.isAdmin) },
];
