/**
 * The 'ical' tab (docs/product/feeds.md#screens: own iCal links): the staff member's own calendar link and own feeds,
 * read-only. Mini admins land here (docs/product/feeds.md#screens). One folder per resource (docs/development.md#adding-a-frontend-feature).
 */
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { lazyNamed } from '../../shared/lazyNamed';

export default {
  list: lazyNamed(() => import('./OwnIcalList'), 'OwnIcalList'),
  icon: EventAvailableIcon,
};
