/**
 * The 'ical' tab (SPEC §2 admin page: own iCal links): the staff member's own calendar link and own feeds,
 * read-only. Mini admins land here (SPEC §2, §6). DESIGN.md: one folder per resource.
 */
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { lazyNamed } from '../../shared/lazyNamed';

export default {
  list: lazyNamed(() => import('./OwnIcalList'), 'OwnIcalList'),
  icon: EventAvailableIcon,
};
