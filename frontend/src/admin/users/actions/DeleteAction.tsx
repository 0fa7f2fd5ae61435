/**
 * 'Slett' (docs/product/auth-and-users.md#screens): deletes the user after confirmation and returns to the list. A
 * staff member who holds work is refused until the admin hands it over or cancels it (HandOverDialog,
 * docs/roles.md#removing-a-person).
 */
import DeleteIcon from '@mui/icons-material/Delete';
import { lazy, Suspense } from 'react';
import { Confirm, useRedirect, useTranslate } from 'react-admin';
import { ActionButton, ActionDialogScope } from '../ActionButton';
import type { User } from '../types';
import { useUserAction } from './useUserAction';

/** Loaded when an answer asks for it: the users list is the back office's first screen (docs/roles.md#removing-a-person). */
const HandOverDialog = lazy(() => import('./HandOverDialog'));

export function DeleteAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const redirect = useRedirect();
  const { isOpen, open, close, held, mutation } = useUserAction(user, {
    call: (dataProvider, { choice }) => dataProvider.deleteUser(user.id, choice),
    done: 'resources.users.notifications.deleted',
    doneType: 'info',
    failed: 'resources.users.errors.delete',
    afterDone: () => redirect('list', 'users'),
  });
  return (
    <>
      <ActionButton compact={compact} color="error" label={translate('resources.users.actions.delete')} icon={<DeleteIcon />} onClick={open} />
      <ActionDialogScope>
        <Confirm
          isOpen={isOpen}
          loading={mutation.isPending}
          title="resources.users.dialogs.delete.title"
          content="resources.users.dialogs.delete.content"
          translateOptions={{ name: user.name }}
          confirm="resources.users.actions.delete"
          confirmColor="warning"
          onConfirm={() => mutation.mutate({})}
          onClose={close}
        />
        {held && (
          <Suspense fallback={null}>
            <HandOverDialog
              user={user}
              held={held}
              action="delete"
              pending={mutation.isPending}
              error={mutation.variables?.choice ? mutation.error : null}
              onClose={() => {
                close();
                mutation.reset();
              }}
              onConfirm={(choice) => mutation.mutate({ choice })}
            />
          </Suspense>
        )}
      </ActionDialogScope>
    </>
  );
}
