/** What a feature hands the app shell to appear in the sidebar (see app/navigation.ts). */
import type { SvgIconComponent } from '@mui/icons-material';
import type { ComponentType } from 'react';
import type { User } from '../api/types';

export interface NavItem {
  /** i18n key of the label. */
  labelKey: string;
  path: string;
  icon: SvgIconComponent;
  /** Place in the sidebar, lowest first. */
  order: number;
  visible: (user: User) => boolean;
  /** A count beside the label (unread messages), kept fresh by the feature itself. */
  badge?: ComponentType;
}

export const everyone = () => true;
