/** Cases in the sidebar for everyone: owners write to customer service, staff answer (docs/product/cases.md). */
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { APP_PATHS } from '../../shared/appLinks';
import { route, type FeatureManifest } from '../../shared/featureManifest';
import { lazyNamed } from '../../shared/lazyNamed';
import { everyone } from '../../shared/navigation';
import { CASE_PREFIXES } from './casesKeys';

// Lazy, so the shell's first screen does not carry the case calls; the count shows a moment later.
const CasesNavBadge = lazyNamed(() => import('./components/CasesNavBadge'), 'CasesNavBadge');

export const manifest: FeatureManifest = {
  routes: [route(APP_PATHS.cases, () => import('./CasesPage'), 'CasesPage')],
  nav: [{ labelKey: 'nav.cases', path: '/cases', icon: SupportAgentIcon, order: 55, visible: everyone, badge: CasesNavBadge }],
  // A case_* push: the lists, the open case, its messages and the unread counts (docs/product/cases.md).
  pushRefresh: [{ typePrefix: 'case_', queryKeys: CASE_PREFIXES }],
};
