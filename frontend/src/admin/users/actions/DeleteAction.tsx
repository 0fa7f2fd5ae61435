/** 'Slett' (docs/product/auth-and-users.md#screens): deletes the user after confirmation and returns to the list. */
import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Confirm, useDelete, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useNotifyFailure } from '../../useNotifyFailure';
import { ActionButton, ActionDialogScope } from '../ActionButton';
import type { User } from '../types';

export function DeleteAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete<User>();
  const confirm = () =>
    deleteOne(
      'users',
      { id: user.id, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('resources.users.notifications.deleted', { type: 'info' });
          redirect('list', 'users');
        },
        onError: (error) => {
          setOpen(false);
          notifyFailure('resources.users.errors.delete', error);
        },
      },
    );
  return (
    <>
      <ActionButton compact={compact} color="error" label={translate('resources.users.actions.delete')} icon={<DeleteIcon />} onClick={() => setOpen(true)} />
      <ActionDialogScope>
        <Confirm
          isOpen={open}
          loading={isPending}
          title="resources.users.dialogs.delete.title"
          content="resources.users.dialogs.delete.content"
          translateOptions={{ name: user.name }}
          confirm="resources.users.actions.delete"
          confirmColor="warning"
          onConfirm={confirm}
          onClose={() => setOpen(false)}
        />
      </ActionDialogScope>
    </>
  );
}
