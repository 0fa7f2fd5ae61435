/** The admin's colour palette menu and delete confirmation for an event (state in useAdminEventActions). */
import { Box, Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ADMIN_PALETTE } from '../constants';
import type { AdminEventActions } from '../hooks/useAdminEventActions';
import { ConfirmDialog } from './ConfirmDialog';

export function AdminEventMenus({ actions }: { actions: AdminEventActions }) {
  const { t } = useTranslation();
  const { colorMenu } = actions;
  return (
    <>
      <Menu anchorEl={colorMenu?.anchor} open={!!colorMenu} onClose={actions.closeColorMenu}>
        {ADMIN_PALETTE.map(({ key, value }) => (
          <MenuItem key={value} onClick={() => colorMenu && actions.setColor(colorMenu.event, value)} aria-label={t(`calendar.palette.${key}`)}>
            <Box sx={{ width: 20, height: 20, borderRadius: '50%', bgcolor: value }} />
          </MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        open={!!actions.toDelete}
        title={t('calendar.detail.confirmDeleteTitle')}
        text={t('calendar.detail.confirmDeleteText')}
        confirmLabel={t('calendar.admin.deleteEvent')}
        busy={actions.busy}
        onConfirm={actions.confirmDelete}
        onCancel={actions.cancelDelete}
      />
    </>
  );
}
