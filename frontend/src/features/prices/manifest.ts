/** The prices page: 'Dine priser' for owners, 'Prisintervaller' (every owner's, to manage) for admins. */
import SellIcon from '@mui/icons-material/Sell';
import { route, type FeatureManifest } from '../../shared/featureManifest';

export const manifest: FeatureManifest = {
  routes: [route('/prices', () => import('./PricesPage'), 'PricesPage')],
  nav: [
    { labelKey: 'nav.prices', path: '/prices', icon: SellIcon, order: 30, visible: (user) => !user.isAdmin },
    { labelKey: 'nav.priceIntervals', path: '/prices', icon: SellIcon, order: 30, visible: (user) => Boolean(user.isAdmin) },
  ],
};
