/** The calendar: the home page, also where every unknown signed-in path lands. */
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { APP_PATHS } from '../../shared/appLinks';
import { route, type FeatureManifest, type FeatureRoute } from '../../shared/featureManifest';
import { everyone } from '../../shared/navigation';
import { calendarKeys, prefetchOwnWindow } from './calendarApi';
import { openingRange } from './neighbourWindows';

const loadCalendarHome = () => import('./CalendarHome');

/**
 * The home page's first window, read as the signed-in app starts instead of once the calendar's code has run and
 * drawn: known in advance on the phone's month grid, opened on today's month without a link's date or owner.
 */
const readHomeWindow: FeatureRoute['readAhead'] = (queryClient, { userId, isMobile, search }) => {
  const range = search === '' ? openingRange(isMobile) : null;
  if (range) void prefetchOwnWindow(queryClient, range, userId);
};

/** Every read of what a calendar shows: the own window and lists, the year's nights, and the owner's calendar staff may have open. */
const CALENDAR_PREFIXES = [calendarKeys.window.all, calendarKeys.events.all, calendarKeys.bookings.all, calendarKeys.markedDays.all, calendarKeys.userCalendar.all, calendarKeys.nights.all];

/**
 * The pushes about what a calendar shows (docs/product/notifications.md#live-screens): an administrator's change to
 * the owner's events, new, changed or cancelled bookings and double bookings (booking_*), and a shared event.
 */
const CALENDAR_PUSHES = ['event_', 'booking_', 'collaboration_'];

export const manifest: FeatureManifest = {
  routes: [
    route(APP_PATHS.calendar, loadCalendarHome, 'CalendarHome', { access: 'signedIn', home: true, readAhead: readHomeWindow }),
    route('*', loadCalendarHome, 'CalendarHome'),
  ],
  nav: [{ labelKey: 'nav.calendar', path: '/', icon: CalendarMonthIcon, order: 10, visible: everyone }],
  pushRefresh: [
    ...CALENDAR_PUSHES.map((typePrefix) => ({ typePrefix, queryKeys: CALENDAR_PREFIXES })),
    // The owner's meetings drawn in the calendar: a meeting made, moved or cancelled, an appointment booked or cancelled.
    ...['agreement_', 'appointment_'].map((typePrefix) => ({ typePrefix, queryKeys: [calendarKeys.meetings] })),
  ],
};
