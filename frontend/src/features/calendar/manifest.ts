/** The calendar: the home page, also where every unknown signed-in path lands. */
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { APP_PATHS } from '../../shared/appLinks';
import { route, type FeatureManifest, type FeatureRoute } from '../../shared/featureManifest';
import { everyone } from '../../shared/navigation';
import { prefetchOwnWindow } from './calendarApi';
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

export const manifest: FeatureManifest = {
  routes: [
    route(APP_PATHS.calendar, loadCalendarHome, 'CalendarHome', { access: 'signedIn', home: true, readAhead: readHomeWindow }),
    route('*', loadCalendarHome, 'CalendarHome'),
  ],
  nav: [{ labelKey: 'nav.calendar', path: '/', icon: CalendarMonthIcon, order: 10, visible: everyone }],
};
