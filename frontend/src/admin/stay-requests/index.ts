/**
 * Owners' stays held for approval (docs/product/stays.md#stays-as-requests): staff read the requests, admins approve or
 * decline them. The pages and their texts load with their route; only the menu entry is on the first screen.
 */
// An icon the menu's icon chunk has already (vite.config.ts 'icons'): a new one would add to the first screen.
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { lazyNamed } from '../../shared/lazyNamed';
import type { AdminResource } from '../resource';

export default {
  // names.ts's STAY_REQUESTS_RESOURCE, written out: imported here, the name would be a chunk of its own on the first screen.
  name: 'stay-requests',
  list: lazyNamed(() => import('./pages'), 'StayRequestList'),
  show: lazyNamed(() => import('./pages'), 'StayRequestShow'),
  icon: EventAvailableIcon,
  recordRepresentation: 'title',
  // Beside the properties, whose rules make a stay a request.
  menu: { admin: 16, miniAdmin: 36 },
} satisfies AdminResource;
