/** The calendar: the home page, also where every unknown signed-in path lands. */
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { APP_PATHS } from '../../shared/appLinks';
import { route, type FeatureManifest } from '../../shared/featureManifest';
import { everyone } from '../../shared/navigation';

const loadCalendarHome = () => import('./CalendarHome');

export const manifest: FeatureManifest = {
  routes: [
    route(APP_PATHS.calendar, loadCalendarHome, 'CalendarHome', { access: 'signedIn', home: true }),
    route('*', loadCalendarHome, 'CalendarHome'),
  ],
  nav: [{ labelKey: 'nav.calendar', path: '/', icon: CalendarMonthIcon, order: 10, visible: everyone }],
};
