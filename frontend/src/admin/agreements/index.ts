/** The agreements resource of the back office: /admin/agreements (docs/product/agreements.md#screens), on /api/admin-agreements. */
import HandshakeIcon from '@mui/icons-material/Handshake';
import { lazyNamed } from '../../shared/lazyNamed';
import type { AdminResource } from '../resource';
import { AGREEMENTS_RESOURCE } from './agreementsDataProvider';

export default {
  name: AGREEMENTS_RESOURCE,
  list: lazyNamed(() => import('./AgreementList'), 'AgreementList'),
  // /{id}: the detail for all staff, /{id}/edit: the form (AgreementRecord.tsx).
  edit: lazyNamed(() => import('./AgreementRecord'), 'AgreementRecord'),
  create: lazyNamed(() => import('./AgreementForms'), 'AgreementCreate'),
  show: lazyNamed(() => import('./AgreementShow'), 'AgreementShow'),
  icon: HandshakeIcon,
  recordRepresentation: 'title',
  menu: { admin: 50, miniAdmin: 50 },
} satisfies AdminResource;
