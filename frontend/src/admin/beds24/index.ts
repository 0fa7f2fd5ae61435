/** The Beds24 channel resource of the back office ('beds24' tab, admins only; one folder per resource, docs/development.md#adding-a-frontend-feature). */
import HubIcon from '@mui/icons-material/Hub';
import { lazyNamed } from '../../shared/lazyNamed';

export default {
  list: lazyNamed(() => import('./Beds24List'), 'Beds24List'),
  edit: lazyNamed(() => import('./Beds24Form'), 'Beds24Edit'),
  create: lazyNamed(() => import('./Beds24Form'), 'Beds24Create'),
  icon: HubIcon,
};
