/** The payouts resource of the back office (docs/product/payouts-and-prices.md#screens; one folder per resource). */
import PaymentsIcon from '@mui/icons-material/Payments';
import { lazyNamed } from '../../shared/lazyNamed';
import type { AdminResource } from '../resource';

export default {
  name: 'payouts',
  list: lazyNamed(() => import('./PayoutList'), 'PayoutList'),
  edit: lazyNamed(() => import('./PayoutForm'), 'PayoutEdit'),
  create: lazyNamed(() => import('./PayoutForm'), 'PayoutCreate'),
  icon: PaymentsIcon,
  menu: { admin: 30, miniAdmin: 20 },
} satisfies AdminResource;
