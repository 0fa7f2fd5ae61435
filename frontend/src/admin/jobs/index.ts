/** The back office's 'jobs' tab: scheduled jobs and their last runs. */
import ScheduleIcon from '@mui/icons-material/Schedule';
import { JobList } from './JobList';

export default {
  list: JobList,
  icon: ScheduleIcon,
};
