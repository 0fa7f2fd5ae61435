/** The back office's 'jobs' tab: scheduled jobs and their last runs. */
import ScheduleIcon from '@mui/icons-material/Schedule';
import { lazyNamed } from '../../shared/lazyNamed';

export default {
  list: lazyNamed(() => import('./JobList'), 'JobList'),
  icon: ScheduleIcon,
};
