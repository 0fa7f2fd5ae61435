/**
 * One user action: a labelled button on the edit page, an item of the row's action menu in the users table
 * (inside a RowActionMenu), or an icon button with a tooltip where a row shows a few actions side by side
 * (`compact`).
 */
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Button, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { createContext, useContext, useId, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
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

/** Set inside a RowActionMenu: actions render as its items and close it when chosen. */
const RowMenu = createContext<{ close: () => void } | null>(null);

export function ActionButton({ label, icon, compact, onClick, to, color = 'primary', disabled }: ActionButtonProps) {
  const menu = useContext(RowMenu);
  // LinkBase is react-admin's router-agnostic link: it follows whichever router react-admin runs in.
  const link = to ? { component: LinkBase, to } : {};
  if (menu) {
    return (
      <MenuItem
        {...link}
        disabled={disabled}
        onClick={() => {
          menu.close();
          onClick?.();
        }}
        sx={color === 'error' ? { color: 'error.main' } : undefined}
      >
        <ListItemIcon sx={{ color: color === 'error' ? 'error.main' : undefined }}>{icon}</ListItemIcon>
        <ListItemText>{label}</ListItemText>
      </MenuItem>
    );
  }
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

/**
 * A row's actions behind one button (a menu instead of a row of small icons). The menu stays mounted
 * while closed, so an action's dialog, which lives beside its menu item, stays open after the menu closes.
 */
export function RowActionMenu({ label, children }: { label: string; children: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={menuId}
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} keepMounted>
        <RowMenu.Provider value={{ close: () => setAnchor(null) }}>{children}</RowMenu.Provider>
      </Menu>
    </>
  );
}

// Dialogs are portals, but React still bubbles their clicks through the component tree: keep them from
// reaching the table row, whose click opens the record.
export const stopPropagation = (event: MouseEvent) => event.stopPropagation();

/**
 * Wraps an action's dialog. Inside a RowActionMenu the dialog is, for React, a child of the menu, whose list takes
 * typed letters for jumping between items: keys typed in the dialog must stop here.
 */
export function ActionDialogScope({ children }: { children: ReactNode }) {
  return <span onKeyDown={(event: KeyboardEvent<HTMLSpanElement>) => event.stopPropagation()}>{children}</span>;
}
