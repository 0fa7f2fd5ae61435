/** The owner's agreements in the sidebar: regular users only (mini admins and admins do not see it). */
import HandshakeIcon from '@mui/icons-material/Handshake';
import type { NavItem } from '../../shared/navigation';

export const agreementsNav: NavItem[] = [{ labelKey: 'nav.agreements', path: '/user/agreements', icon: HandshakeIcon, order: 50, visible: (user) => !user.isAdmin && !user.isMiniAdmin }];
