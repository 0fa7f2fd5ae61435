/** The prices page's sidebar entry ('Your prices' for owners, 'Price ranges' for admins). */
import SellIcon from '@mui/icons-material/Sell';
import { everyone, type NavItem } from '../../shared/navigation';

export const pricesNav: NavItem[] = [{ labelKey: 'nav.prices', path: '/prices', icon: SellIcon, order: 30, visible: everyone }];
