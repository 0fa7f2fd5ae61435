/** The back office's 'system' tab (admins only): maintenance mode. */
import SettingsIcon from '@mui/icons-material/Settings';
import { lazyNamed } from '../../shared/lazyNamed';
import type { AdminResource } from '../resource';

export default {
  name: 'system',
  list: lazyNamed(() => import('./SystemPage'), 'SystemPage'),
  icon: SettingsIcon,
  menu: { admin: 80 },
} satisfies AdminResource;
