/** The agreements resource of the back office: /admin/agreements (SPEC §2), on /api/admin-agreements. */
import HandshakeIcon from '@mui/icons-material/Handshake';
import { lazyView } from '../lazyView';

export default {
  list: lazyView(() => import('./AgreementList'), 'AgreementList'),
  edit: lazyView(() => import('./AgreementForms'), 'AgreementEdit'),
  create: lazyView(() => import('./AgreementForms'), 'AgreementCreate'),
  show: lazyView(() => import('./AgreementShow'), 'AgreementShow'),
  icon: HandshakeIcon,
};
