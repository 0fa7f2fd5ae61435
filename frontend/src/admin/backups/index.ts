/**
 * The back office's 'backup' tab (admins only): export calendar, backups and restore. Loaded when the tab opens, as
 * every resource's pages are (lazyView).
 */
import BackupIcon from '@mui/icons-material/Backup';
import { lazyView } from '../lazyView';

export default {
  list: lazyView(() => import('./BackupPage'), 'BackupPage'),
  icon: BackupIcon,
};
