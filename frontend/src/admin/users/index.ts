/** The users resource of the back office (one folder per resource, docs/development.md#adding-a-frontend-feature). */
import PeopleIcon from '@mui/icons-material/People';
import { lazyNamed } from '../../shared/lazyNamed';

export default {
  list: lazyNamed(() => import('./UserList'), 'UserList'),
  edit: lazyNamed(() => import('./UserEdit'), 'UserEdit'),
  create: lazyNamed(() => import('./UserCreate'), 'UserCreate'),
  show: lazyNamed(() => import('./UserShow'), 'UserShow'),
  icon: PeopleIcon,
};
