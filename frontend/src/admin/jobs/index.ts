/** The back office's 'jobs' tab: scheduled jobs and their last runs. */
import ScheduleIcon from '@mui/icons-material/Schedule';
import { lazyNamed } from '../../shared/lazyNamed';
import type { AdminResource } from '../resource';

export default {
  name: 'jobs',
  list: lazyNamed(() => import('./JobList'), 'JobList'),
  icon: ScheduleIcon,
  menu: { admin: 100, miniAdmin: 100 },
} satisfies AdminResource;
