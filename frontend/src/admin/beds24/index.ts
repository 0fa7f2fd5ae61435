/** The Beds24 channel resource of the back office ('beds24' tab, admins only; DESIGN.md: one folder per resource). */
import HubIcon from '@mui/icons-material/Hub';
import { lazyView } from '../lazyView';

export default {
  list: lazyView(() => import('./Beds24List'), 'Beds24List'),
  edit: lazyView(() => import('./Beds24Form'), 'Beds24Edit'),
  create: lazyView(() => import('./Beds24Form'), 'Beds24Create'),
  icon: HubIcon,
};
