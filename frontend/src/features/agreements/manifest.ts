/** Agreements: the owner's list and one agreement; in the sidebar for regular users only (docs/roles.md). */
import HandshakeIcon from '@mui/icons-material/Handshake';
import { APP_PATHS } from '../../shared/appLinks';
import { route, type FeatureManifest } from '../../shared/featureManifest';
import { agreementsKeys } from './agreementsKeys';

export const manifest: FeatureManifest = {
  routes: [
    route('/user/agreements', () => import('./AgreementsPage'), 'AgreementsPage'),
    route(APP_PATHS.agreement, () => import('./AgreementDetailPage'), 'AgreementDetailPage'),
  ],
  nav: [{ labelKey: 'nav.agreements', path: '/user/agreements', icon: HandshakeIcon, order: 50, visible: (user) => !user.isAdmin && !user.isMiniAdmin }],
  // A meeting made, changed, cancelled or noted: the list, the open agreement and its notes, and the meetings the
  // calendar draws, all under one prefix (docs/product/notifications.md#live-screens).
  pushRefresh: [{ typePrefix: 'agreement_', queryKeys: [agreementsKeys.all] }],
};
