/** The settings page's sidebar entry. */
import SettingsIcon from '@mui/icons-material/Settings';
import { everyone, type NavItem } from '../../shared/navigation';

export const settingsNav: NavItem[] = [{ labelKey: 'nav.settings', path: '/settings', icon: SettingsIcon, order: 90, visible: everyone }];
