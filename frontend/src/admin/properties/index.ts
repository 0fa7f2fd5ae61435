/** Properties in the back office (docs/product/properties.md, "Back office"): every staff member reads them, admins change them. */
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import { lazyNamed } from '../../shared/lazyNamed';
import type { AdminResource } from '../resource';

export default {
  name: 'properties',
  list: lazyNamed(() => import('./PropertyList'), 'PropertyList'),
  show: lazyNamed(() => import('./PropertyShow'), 'PropertyShow'),
  edit: lazyNamed(() => import('./PropertyForms'), 'PropertyEdit'),
  create: lazyNamed(() => import('./PropertyForms'), 'PropertyCreate'),
  icon: HomeWorkIcon,
  recordRepresentation: 'name',
  menu: { admin: 15, miniAdmin: 35 },
} satisfies AdminResource;
