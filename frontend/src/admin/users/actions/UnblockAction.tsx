/** 'Opphev blokkering' (docs/product/auth-and-users.md#screens): unblocks the user after confirmation. */
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Confirm, useTranslate } from 'react-admin';
import { ActionButton, ActionDialogScope } from '../ActionButton';
import type { User } from '../types';
import { useUserAction } from './useUserAction';

export function UnblockAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const { isOpen, open, close, mutation } = useUserAction(user, {
    call: (dataProvider) => dataProvider.unblockUser(user.id),
    done: 'resources.users.notifications.unblocked',
    failed: 'resources.users.errors.unblock',
    failedTitle: 'resources.users.errors.unblockTitle',
  });
  return (
    <>
      <ActionButton compact={compact} color="success" label={translate('resources.users.actions.unblock')} icon={<LockOpenIcon />} onClick={open} />
      <ActionDialogScope>
        <Confirm
          isOpen={isOpen}
          loading={mutation.isPending}
          title="resources.users.dialogs.unblock.title"
          content="resources.users.dialogs.unblock.content"
          translateOptions={{ name: user.name }}
          confirm="resources.users.actions.unblock"
          onConfirm={() => mutation.mutate({})}
          onClose={close}
        />
      </ActionDialogScope>
    </>
  );
}
