/**
 * The admin's row actions on one user (docs/product/auth-and-users.md#screens): edit, change password, reset link, create event for the
 * user, block/unblock, delete; each action with its dialog and state is its own component in actions/. The
 * calendar actions (copy and renew iCal link, show calendar) are in CalendarActions.tsx.
 * Shown only to full admins; password, reset link, block, unblock and delete never on the admin's own row (docs/product/auth-and-users.md#who-may-do-what).
 * `compact` puts them in a menu for table rows; otherwise labelled buttons for the edit page.
 */
import EditIcon from '@mui/icons-material/Edit';
import { Box, Stack } from '@mui/material';
import { useCreatePath, useGetIdentity, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import type { Role } from '../authProvider';
import { ActionButton, RowActionMenu, stopPropagation } from './ActionButton';
import { BlockAction } from './actions/BlockAction';
import { ChangePasswordAction } from './actions/ChangePasswordAction';
import { CreateEventAction } from './actions/CreateEventAction';
import { DeleteAction } from './actions/DeleteAction';
import { ResetLinkAction } from './actions/ResetLinkAction';
import { ResetTwoFactorAction } from './actions/ResetTwoFactorAction';
import { UnblockAction } from './actions/UnblockAction';
import type { User } from './types';

export function UserActions({ compact = false, showEdit = compact }: { compact?: boolean; showEdit?: boolean }) {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { permissions } = usePermissions<Role>();
  const { identity } = useGetIdentity();
  if (!user || permissions !== 'admin') return null;
  const isSelf = identity !== undefined && String(identity.id) === String(user.id);
  const actions = (
    <>
      {showEdit && (
        <ActionButton
          compact={compact}
          label={translate('resources.users.actions.edit')}
          icon={<EditIcon />}
          to={createPath({ resource: 'users', type: 'edit', id: user.id })}
        />
      )}
      {/* The admin's own password changes in their settings, where the current one is asked for. */}
      {!isSelf && <ChangePasswordAction user={user} compact={compact} />}
      {!isSelf && <ResetLinkAction user={user} compact={compact} />}
      {/* Only where there is one to reset; an admin's own is turned off in their settings. */}
      {!isSelf && user.twoFactorEnabled && <ResetTwoFactorAction user={user} compact={compact} />}
      <CreateEventAction user={user} compact={compact} />
      {!isSelf && (user.isBlocked ? <UnblockAction user={user} compact={compact} /> : <BlockAction user={user} compact={compact} />)}
      {!isSelf && <DeleteAction user={user} compact={compact} />}
    </>
  );
  return (
    <Box onClick={stopPropagation} sx={{ display: compact ? 'inline-flex' : 'flex', minWidth: 0 }}>
      {compact ? (
        <RowActionMenu label={translate('resources.users.actions.menu', { name: user.name })}>{actions}</RowActionMenu>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {actions}
        </Stack>
      )}
    </Box>
  );
}
