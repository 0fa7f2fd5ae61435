/** The back office's 'system' tab (admins only): maintenance mode. */
import SettingsIcon from '@mui/icons-material/Settings';
import { lazyView } from '../lazyView';

export default {
  list: lazyView(() => import('./SystemPage'), 'SystemPage'),
  icon: SettingsIcon,
};
