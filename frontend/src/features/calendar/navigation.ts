/** The calendar's sidebar entry: the home page. */
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { everyone, type NavItem } from '../../shared/navigation';

export const calendarNav: NavItem[] = [{ labelKey: 'nav.calendar', path: '/', icon: CalendarMonthIcon, order: 10, visible: everyone }];
