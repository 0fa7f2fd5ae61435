/** The users resource of the back office (one folder per resource, docs/development.md#adding-a-frontend-feature). */
import PeopleIcon from '@mui/icons-material/People';
import { lazyNamed } from '../../shared/lazyNamed';
import type { AdminResource } from '../resource';

export default {
  name: 'users',
  list: lazyNamed(() => import('./UserList'), 'UserList'),
  edit: lazyNamed(() => import('./UserEdit'), 'UserEdit'),
  create: lazyNamed(() => import('./UserCreate'), 'UserCreate'),
  show: lazyNamed(() => import('./UserShow'), 'UserShow'),
  icon: PeopleIcon,
  recordRepresentation: 'name',
  menu: { admin: 10, miniAdmin: 30 },
} satisfies AdminResource;
