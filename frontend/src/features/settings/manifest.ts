/** The settings page (profile, password, calendar link, notifications). */
import SettingsIcon from '@mui/icons-material/Settings';
import { APP_PATHS } from '../../shared/appLinks';
import { route, type FeatureManifest } from '../../shared/featureManifest';
import { everyone } from '../../shared/navigation';

export const manifest: FeatureManifest = {
  routes: [route(APP_PATHS.settings, () => import('./SettingsPage'), 'SettingsPage')],
  nav: [{ labelKey: 'nav.settings', path: '/settings', icon: SettingsIcon, order: 90, visible: everyone }],
};
