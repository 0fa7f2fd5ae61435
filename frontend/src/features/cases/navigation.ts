/**
 * Cases in the sidebar for everyone (docs/product/cases.md#screens): owners write to customer service, staff answer. The older support
 * page (its tickets are cases) and the appointment page sit beside it.
 */
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import HelpCenterIcon from '@mui/icons-material/HelpCenter';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { everyone, type NavItem } from '../../shared/navigation';
import { lazyNamed } from '../../shared/lazyNamed';

// Lazy, so the shell's first screen does not carry the case calls; the count shows a moment later.
const CasesNavBadge = lazyNamed(() => import('./components/CasesNavBadge'), 'CasesNavBadge');

export const casesNav: NavItem[] = [
  { labelKey: 'nav.cases', path: '/cases', icon: SupportAgentIcon, order: 55, visible: everyone, badge: CasesNavBadge },
  { labelKey: 'nav.support', path: '/support', icon: HelpCenterIcon, order: 56, visible: everyone },
  { labelKey: 'nav.appointments', path: '/appointments', icon: EventAvailableIcon, order: 57, visible: everyone },
];
