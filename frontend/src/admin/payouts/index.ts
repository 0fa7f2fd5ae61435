/** The payouts resource of the back office (docs/product/payouts-and-prices.md#screens; one folder per resource). */
import PaymentsIcon from '@mui/icons-material/Payments';
import { lazyNamed } from '../../shared/lazyNamed';

export default {
  list: lazyNamed(() => import('./PayoutList'), 'PayoutList'),
  edit: lazyNamed(() => import('./PayoutForm'), 'PayoutEdit'),
  create: lazyNamed(() => import('./PayoutForm'), 'PayoutCreate'),
  icon: PaymentsIcon,
};
