/** Double bookings in the back office (docs/architecture.md "Double bookings"): a read-only list for staff. */
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { lazyNamed } from '../../shared/lazyNamed';

export const CONFLICTS_RESOURCE = 'conflicts';

export default {
  list: lazyNamed(() => import('./ConflictList'), 'ConflictList'),
  icon: EventBusyIcon,
};
