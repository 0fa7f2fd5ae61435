/**
 * The back office's 'backup' tab (admins only): export calendar, backups and restore. Loaded when the tab opens, as
 * every resource's pages are (lazyNamed).
 */
import BackupIcon from '@mui/icons-material/Backup';
import { lazyNamed } from '../../shared/lazyNamed';
import type { AdminResource } from '../resource';

export default {
  name: 'backups',
  list: lazyNamed(() => import('./BackupPage'), 'BackupPage'),
  icon: BackupIcon,
  menu: { admin: 90 },
} satisfies AdminResource;
