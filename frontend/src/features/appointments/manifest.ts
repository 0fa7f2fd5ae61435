/** Booking a meeting with staff, beside cases and support in the sidebar. */
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { route, type FeatureManifest } from '../../shared/featureManifest';
import { everyone } from '../../shared/navigation';

export const manifest: FeatureManifest = {
  routes: [route('/appointments', () => import('./AppointmentsPage'), 'AppointmentsPage')],
  nav: [{ labelKey: 'nav.appointments', path: '/appointments', icon: EventAvailableIcon, order: 57, visible: everyone }],
};
