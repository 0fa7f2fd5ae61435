/**
 * The appointments of the back office (docs/appointments.md): the bookings owners made (on /api/appointments),
 * the weekly hours staff publish with the slot length, and the closed dates. Admins write; mini admins read.
 */
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { lazyNamed } from '../../shared/lazyNamed';

export { APPOINTMENTS_RESOURCE, CLOSED_DATES_RESOURCE, HOURS_RESOURCE } from './names';

export const appointments = {
  list: lazyNamed(() => import('./AppointmentList'), 'AppointmentList'),
  show: lazyNamed(() => import('./AppointmentShow'), 'AppointmentShow'),
  icon: EventAvailableIcon,
};

export const appointmentHours = {
  list: lazyNamed(() => import('./HoursList'), 'HoursList'),
  edit: lazyNamed(() => import('./HoursForm'), 'HoursEdit'),
  create: lazyNamed(() => import('./HoursForm'), 'HoursCreate'),
  icon: ScheduleIcon,
};

export const closedDates = {
  list: lazyNamed(() => import('./ClosedDates'), 'ClosedDateList'),
  create: lazyNamed(() => import('./ClosedDates'), 'ClosedDateCreate'),
  icon: EventBusyIcon,
};
