/**
 * Who may change what in the back office (docs/roles.md): full admins act, mini admins see the same pages
 * read-only, marked so; the server refuses their changes too.
 */
import { Chip } from '@mui/material';
import { usePermissions, useTranslate } from 'react-admin';
import type { Role } from './authProvider';

/** Whether the signed-in person is a full admin (false while permissions load, so no action flashes up). */
export function useIsFullAdmin(): boolean {
  const { permissions } = usePermissions<Role>();
  return permissions === 'admin';
}

/** Mini admins see the admin pages read-only, marked 'Kun lesing'. */
export function ReadOnlyChip() {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color="warning" label={translate('admin.readOnly')} />;
}
