/**
 * Booking a meeting with staff, beside cases and support in the sidebar: owners only, since the API books for owners
 * alone (staff find the bookings in the back office; docs/appointments.md).
 */
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { route, type FeatureManifest } from '../../shared/featureManifest';
import { appointmentsKeys } from './appointmentsKeys';

export const manifest: FeatureManifest = {
  routes: [route('/appointments', () => import('./AppointmentsPage'), 'AppointmentsPage')],
  nav: [{ labelKey: 'nav.appointments', path: '/appointments', icon: EventAvailableIcon, order: 57, visible: (user) => !user.isAdmin && !user.isMiniAdmin }],
  // An appointment booked or cancelled: the owner's list (and the calendar's meetings) and the free slots
  // (docs/product/notifications.md#live-screens).
  pushRefresh: [{ typePrefix: 'appointment_', queryKeys: [appointmentsKeys.all, appointmentsKeys.slotsAll] }],
};
