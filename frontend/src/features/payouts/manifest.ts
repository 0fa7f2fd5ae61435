/**
 * Payouts: an owner's own page (/payouts); in the sidebar, staff are led to the back office's overview of every
 * user instead, since staff have no payouts of their own.
 */
import PaymentsIcon from '@mui/icons-material/Payments';
import type { User } from '../../api/types';
import { APP_PATHS } from '../../shared/appLinks';
import { route, type FeatureManifest } from '../../shared/featureManifest';
import { payoutsKeys } from './payoutsKeys';

const isStaff = (user: User) => Boolean(user.isAdmin || user.isMiniAdmin);

export const manifest: FeatureManifest = {
  routes: [route('/payouts', () => import('./PayoutsPage'), 'PayoutsPage')],
  nav: [
    { labelKey: 'nav.payouts', path: '/payouts', icon: PaymentsIcon, order: 40, visible: (user) => !isStaff(user) },
    { labelKey: 'nav.payouts', path: APP_PATHS.staffPayouts, icon: PaymentsIcon, order: 40, visible: isStaff },
  ],
  // A payout registered, changed or paid: the open year reads again (docs/product/notifications.md#live-screens).
  pushRefresh: [{ typePrefix: 'payout_', queryKeys: [payoutsKeys.all] }],
};
