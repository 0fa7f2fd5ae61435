/** The users resource of the back office (DESIGN.md: one folder per resource). */
import PeopleIcon from '@mui/icons-material/People';
import { lazyView } from '../lazyView';

export default {
  list: lazyView(() => import('./UserList'), 'UserList'),
  edit: lazyView(() => import('./UserEdit'), 'UserEdit'),
  create: lazyView(() => import('./UserCreate'), 'UserCreate'),
  show: lazyView(() => import('./UserShow'), 'UserShow'),
  icon: PeopleIcon,
};
