/** The payouts resource of the back office (SPEC §2 admin payouts tab; DESIGN.md: one folder per resource). */
import PaymentsIcon from '@mui/icons-material/Payments';
import { PayoutCreate, PayoutEdit } from './PayoutForm';
import { PayoutList } from './PayoutList';

export default {
  list: PayoutList,
  edit: PayoutEdit,
  create: PayoutCreate,
  icon: PaymentsIcon,
};
