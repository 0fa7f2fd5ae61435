/**
 * The appointments of the back office (docs/appointments.md): the bookings owners made (on /api/appointments),
 * the weekly hours staff publish with the slot length, and the closed dates. Admins write; mini admins read. Three
 * resources, beside agreements in the menu.
 */
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { lazyNamed } from '../../shared/lazyNamed';
import type { AdminResource } from '../resource';
import { APPOINTMENTS_RESOURCE, CLOSED_DATES_RESOURCE, HOURS_RESOURCE } from './names';

export default [
  {
    name: APPOINTMENTS_RESOURCE,
    list: lazyNamed(() => import('./AppointmentList'), 'AppointmentList'),
    show: lazyNamed(() => import('./AppointmentShow'), 'AppointmentShow'),
    icon: EventAvailableIcon,
    recordRepresentation: 'subject',
    menu: { admin: 52, miniAdmin: 52 },
  },
  {
    name: HOURS_RESOURCE,
    list: lazyNamed(() => import('./HoursList'), 'HoursList'),
    edit: lazyNamed(() => import('./HoursForm'), 'HoursEdit'),
    create: lazyNamed(() => import('./HoursForm'), 'HoursCreate'),
    icon: ScheduleIcon,
    menu: { admin: 54, miniAdmin: 54 },
  },
  {
    name: CLOSED_DATES_RESOURCE,
    list: lazyNamed(() => import('./ClosedDates'), 'ClosedDateList'),
    create: lazyNamed(() => import('./ClosedDates'), 'ClosedDateCreate'),
    icon: EventBusyIcon,
    menu: { admin: 56, miniAdmin: 56 },
  },
] satisfies AdminResource[];
