/** The back office's 'jobs' tab: scheduled jobs and their last runs. */
import ScheduleIcon from '@mui/icons-material/Schedule';
import { lazyView } from '../lazyView';

export default {
  list: lazyView(() => import('./JobList'), 'JobList'),
  icon: ScheduleIcon,
};
