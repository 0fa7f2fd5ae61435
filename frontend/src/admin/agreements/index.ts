/** The agreements resource of the back office: /admin/agreements (SPEC §2), on /api/admin-agreements. */
import HandshakeIcon from '@mui/icons-material/Handshake';
import { AgreementCreate, AgreementEdit } from './AgreementForms';
import { AgreementList } from './AgreementList';
import { AgreementShow } from './AgreementShow';

export default {
  list: AgreementList,
  edit: AgreementEdit,
  create: AgreementCreate,
  show: AgreementShow,
  icon: HandshakeIcon,
};
