/** The Beds24 channel resource of the back office ('beds24' tab, admins only; one folder per resource, docs/development.md#adding-a-frontend-feature). */
import HubIcon from '@mui/icons-material/Hub';
import { lazyNamed } from '../../shared/lazyNamed';
import type { AdminResource } from '../resource';
import { BEDS24_RESOURCE } from './beds24DataProvider';

export default {
  name: BEDS24_RESOURCE,
  list: lazyNamed(() => import('./Beds24List'), 'Beds24List'),
  edit: lazyNamed(() => import('./Beds24Form'), 'Beds24Edit'),
  create: lazyNamed(() => import('./Beds24Form'), 'Beds24Create'),
  icon: HubIcon,
  menu: { admin: 70 },
} satisfies AdminResource;
