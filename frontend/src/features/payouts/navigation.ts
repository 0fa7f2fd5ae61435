/**
 * The payouts entry in the sidebar: an owner's own payouts (/payouts), and for staff the payouts overview of every
 * user in the back office, since staff have no payouts of their own.
 */
import PaymentsIcon from '@mui/icons-material/Payments';
import type { User } from '../../api/types';
import type { NavItem } from '../../shared/navigation';

const isStaff = (user: User) => Boolean(user.isAdmin || user.isMiniAdmin);

/** Where staff find payouts: the back office's payouts resource. */
export const STAFF_PAYOUTS_PATH = '/admin/payouts';

export const payoutsNav: NavItem[] = [
  { labelKey: 'nav.payouts', path: '/payouts', icon: PaymentsIcon, order: 40, visible: (user) => !isStaff(user) },
  { labelKey: 'nav.payouts', path: STAFF_PAYOUTS_PATH, icon: PaymentsIcon, order: 40, visible: isStaff },
];
