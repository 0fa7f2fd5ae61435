/**
 * The 'ical' tab (docs/product/feeds.md#screens: own iCal links): the staff member's own calendar link and own feeds,
 * read-only. Mini admins land here (docs/product/feeds.md#screens). One folder per resource (docs/development.md#adding-a-frontend-feature).
 */
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { lazyNamed } from '../../shared/lazyNamed';
import type { AdminResource } from '../resource';
import { OWN_ICAL_RESOURCE } from './icalDataProvider';

export default {
  name: OWN_ICAL_RESOURCE,
  list: lazyNamed(() => import('./OwnIcalList'), 'OwnIcalList'),
  icon: EventAvailableIcon,
  menu: { admin: 20, miniAdmin: 10 },
} satisfies AdminResource;
