/**
 * The back office's 'backup' tab (admins only): export calendar, backups and restore. The page is its own chunk,
 * loaded when the tab opens, so the back office's first screen does not grow with it.
 */
import BackupIcon from '@mui/icons-material/Backup';
import { LinearProgress } from '@mui/material';
import { lazy, Suspense } from 'react';

const BackupPage = lazy(() => import('./BackupPage').then((m) => ({ default: m.BackupPage })));

function BackupTab() {
  return (
    <Suspense fallback={<LinearProgress sx={{ mt: 2 }} />}>
      <BackupPage />
    </Suspense>
  );
}

export default {
  list: BackupTab,
  icon: BackupIcon,
};
