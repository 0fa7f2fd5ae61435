/** The cases resource of the back office: every case with filters and bulk assignment (issue 16). */
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { lazyView } from '../lazyView';

export default {
  list: lazyView(() => import('./CaseList'), 'CaseList'),
  icon: SupportAgentIcon,
};
