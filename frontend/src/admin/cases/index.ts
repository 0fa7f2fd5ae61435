/** The cases resource of the back office: every case with filters and bulk assignment. */
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { lazyNamed } from '../../shared/lazyNamed';
import type { AdminResource } from '../resource';

export default {
  name: 'cases',
  list: lazyNamed(() => import('./CaseList'), 'CaseList'),
  icon: SupportAgentIcon,
  recordRepresentation: 'caseNumber',
  menu: { admin: 60, miniAdmin: 60 },
} satisfies AdminResource;
