/** One user action: an icon button with a tooltip in table rows (`compact`), a labelled button elsewhere. */
import { Button, IconButton, Tooltip } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { LinkBase } from 'react-admin';

export interface ActionButtonProps {
  label: string;
  icon: ReactNode;
  compact: boolean;
  onClick?: () => void;
  to?: string;
  color?: 'primary' | 'error' | 'warning' | 'success';
  disabled?: boolean;
}

export function ActionButton({ label, icon, compact, onClick, to, color = 'primary', disabled }: ActionButtonProps) {
  // LinkBase is react-admin's router-agnostic link: it follows whichever router react-admin runs in.
  const link = to ? { component: LinkBase, to } : {};
  if (compact) {
    return (
      <Tooltip title={label}>
        <span>
          <IconButton size="small" aria-label={label} color={color} onClick={onClick} disabled={disabled} {...link}>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button size="small" color={color} startIcon={icon} onClick={onClick} disabled={disabled} {...link}>
      {label}
    </Button>
  );
}

// Dialogs are portals, but React still bubbles their clicks through the component tree: keep them from
// reaching the table row, whose click opens the record.
export const stopPropagation = (event: MouseEvent) => event.stopPropagation();
