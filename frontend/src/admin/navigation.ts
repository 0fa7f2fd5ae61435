/** The back office's entry in the app's sidebar, for staff only. Imports nothing of the back office itself. */
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { isStaff } from '../api/types';
import type { NavItem } from '../shared/navigation';

export const adminNav: NavItem[] = [{ labelKey: 'nav.adminTools', path: '/admin', icon: AdminPanelSettingsIcon, order: 100, visible: isStaff }];
