/** The older customer-service page beside cases in the sidebar (its tickets are cases). */
import HelpCenterIcon from '@mui/icons-material/HelpCenter';
import { route, type FeatureManifest } from '../../shared/featureManifest';
import { everyone } from '../../shared/navigation';

export const manifest: FeatureManifest = {
  routes: [route('/support', () => import('./SupportPage'), 'SupportPage')],
  nav: [{ labelKey: 'nav.support', path: '/support', icon: HelpCenterIcon, order: 56, visible: everyone }],
};
