/** The cases resource of the back office: every case with filters and bulk assignment. */
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { lazyNamed } from '../../shared/lazyNamed';

export default {
  list: lazyNamed(() => import('./CaseList'), 'CaseList'),
  icon: SupportAgentIcon,
};
