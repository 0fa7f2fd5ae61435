/**
 * The phone's menu (docs/product/app.md#navigation): the sidebar in a drawer from the left. Its own chunk, fetched by the login
 * page's prefetch or when the header's menu button is pressed (Layout.tsx), so a phone's first screen does not wait
 * for the modal, backdrop and slide transition a drawer is made of.
 */
import { Drawer } from '@mui/material';
import type { ReactNode } from 'react';

export function MobileDrawer({ open, onClose, width, children }: { open: boolean; onClose: () => void; width: number; children: ReactNode }) {
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width } } }}>
      {children}
    </Drawer>
  );
}
