/** The cases resource of the back office: every case with filters and bulk assignment (issue 16). */
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { lazy } from 'react';

// Its own chunk: the back office's first screen (users) does not carry the cases list.
const CaseList = lazy(() => import('./CaseList').then((m) => ({ default: m.CaseList })));

export default {
  list: CaseList,
  icon: SupportAgentIcon,
};
