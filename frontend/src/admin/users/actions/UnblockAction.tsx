/** 'Opphev blokkering' (docs/product/auth-and-users.md#screens): unblocks the user after confirmation. */
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider';
import { useNotifyFailure } from '../../useNotifyFailure';
import { ActionButton, ActionDialogScope } from '../ActionButton';
import type { User } from '../types';
import { useRefreshUser } from './useRefreshUser';

export function UnblockAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refreshUser = useRefreshUser();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => dataProvider.unblockUser(user.id),
    onSuccess: () => {
      notify('resources.users.notifications.unblocked', { type: 'success' });
      setOpen(false);
      return refreshUser(user.id);
    },
    onError: (error) => {
      setOpen(false);
      notifyFailure('resources.users.errors.unblock', error, 'resources.users.errors.unblockTitle');
    },
  });
  return (
    <>
      <ActionButton compact={compact} color="success" label={translate('resources.users.actions.unblock')} icon={<LockOpenIcon />} onClick={() => setOpen(true)} />
      <ActionDialogScope>
        <Confirm
          isOpen={open}
          loading={mutation.isPending}
          title="resources.users.dialogs.unblock.title"
          content="resources.users.dialogs.unblock.content"
          translateOptions={{ name: user.name }}
          confirm="resources.users.actions.unblock"
          onConfirm={() => mutation.mutate()}
          onClose={() => setOpen(false)}
        />
      </ActionDialogScope>
    </>
  );
}
