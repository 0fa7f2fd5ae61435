/** The back office's 'system' tab (admins only): maintenance mode. */
import SettingsIcon from '@mui/icons-material/Settings';
import { lazyNamed } from '../../shared/lazyNamed';

export default {
  list: lazyNamed(() => import('./SystemPage'), 'SystemPage'),
  icon: SettingsIcon,
};
