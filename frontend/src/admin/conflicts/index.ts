/** Double bookings in the back office (docs/architecture.md "Double bookings"): a read-only list for staff. */
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { lazyNamed } from '../../shared/lazyNamed';
import type { AdminResource } from '../resource';
import { CONFLICTS_RESOURCE } from './names';

export default {
  name: CONFLICTS_RESOURCE,
  list: lazyNamed(() => import('./ConflictList'), 'ConflictList'),
  icon: EventBusyIcon,
  menu: { admin: 45, miniAdmin: 45 },
} satisfies AdminResource;
