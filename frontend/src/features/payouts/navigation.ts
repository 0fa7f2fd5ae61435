/** The payouts page's sidebar entry. */
import PaymentsIcon from '@mui/icons-material/Payments';
import { everyone, type NavItem } from '../../shared/navigation';

export const payoutsNav: NavItem[] = [{ labelKey: 'nav.payouts', path: '/payouts', icon: PaymentsIcon, order: 40, visible: everyone }];
