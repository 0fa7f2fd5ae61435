/** The owner's year view, 'Året' (docs/product/insights.md): /year, beside the payouts; staff have no year of their own. */
import BarChartIcon from '@mui/icons-material/BarChart';
import { route, type FeatureManifest } from '../../shared/featureManifest';
import { insightsKeys } from './insightsKeys';

export const manifest: FeatureManifest = {
  routes: [route('/year', () => import('./InsightsPage'), 'InsightsPage')],
  nav: [{ labelKey: 'nav.year', path: '/year', icon: BarChartIcon, order: 45, visible: (user) => !user.isAdmin && !user.isMiniAdmin }],
  // A payout registered, changed or paid changes the year's money (docs/product/notifications.md#live-screens).
  pushRefresh: [{ typePrefix: 'payout_', queryKeys: [insightsKeys.all] }],
};
