/** The payouts resource of the back office (SPEC §2 admin payouts tab; DESIGN.md: one folder per resource). */
import PaymentsIcon from '@mui/icons-material/Payments';
import { lazyView } from '../lazyView';

export default {
  list: lazyView(() => import('./PayoutList'), 'PayoutList'),
  edit: lazyView(() => import('./PayoutForm'), 'PayoutEdit'),
  create: lazyView(() => import('./PayoutForm'), 'PayoutCreate'),
  icon: PaymentsIcon,
};
