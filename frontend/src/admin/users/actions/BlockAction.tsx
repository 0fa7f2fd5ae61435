/**
 * 'Blokker' (docs/product/auth-and-users.md#validation-and-limits): blocks the user with a reason that must not be
 * blank. A staff member who holds work is refused until the admin hands it over or cancels it (HandOverDialog,
 * docs/roles.md#removing-a-person).
 */
import BlockIcon from '@mui/icons-material/Block';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import { ActionButton, ActionDialogScope } from '../ActionButton';
import type { User } from '../types';
import { blockReasonRules } from '../validation';
import { useUserAction, type UserActionVariables } from './useUserAction';

/** Loaded when an answer asks for it: the users list is the back office's first screen (docs/roles.md#removing-a-person). */
const HandOverDialog = lazy(() => import('./HandOverDialog'));

export function BlockAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const { register, handleSubmit, reset, formState, getValues } = useForm({ mode: 'onTouched', defaultValues: { reason: '' } });
  const { isOpen, open, close, held, mutation } = useUserAction<UserActionVariables & { why: string }>(user, {
    call: (dataProvider, { why, choice }) => dataProvider.blockUser(user.id, why, choice),
    done: 'resources.users.notifications.blocked',
    failed: 'resources.users.errors.block',
    failedTitle: 'resources.users.errors.blockTitle',
    keepOpenOnFailure: true,
    onClose: reset,
  });
  const { ref, ...reason } = register('reason', blockReasonRules);
  const problem = formState.errors.reason?.message;
  return (
    <>
      <ActionButton compact={compact} color="warning" label={translate('resources.users.actions.block')} icon={<BlockIcon />} onClick={open} />
      <ActionDialogScope>
        <Dialog open={isOpen} onClose={close} fullWidth maxWidth="xs">
          <form onSubmit={handleSubmit((values) => mutation.mutate({ why: values.reason.trim() }))} noValidate>
            <DialogTitle>{translate('resources.users.dialogs.block.title', { name: user.name })}</DialogTitle>
            <DialogContent>
              <DialogContentText>{translate('resources.users.dialogs.block.intro')}</DialogContentText>
              <TextField
                autoFocus
                fullWidth
                multiline
                minRows={2}
                margin="normal"
                required
                label={translate('resources.users.dialogs.block.reason')}
                {...reason}
                inputRef={ref}
                error={!!problem}
                helperText={problem ? translate(problem) : ' '}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>{translate('resources.users.actions.cancel')}</Button>
              <Button type="submit" variant="contained" color="warning" disabled={mutation.isPending}>
                {translate('resources.users.dialogs.block.submit')}
              </Button>
            </DialogActions>
          </form>
        </Dialog>
        {held && (
          <Suspense fallback={null}>
            <HandOverDialog
              user={user}
              held={held}
              action="block"
              pending={mutation.isPending}
              error={mutation.variables?.choice ? mutation.error : null}
              onClose={() => {
                close();
                mutation.reset();
              }}
              onConfirm={(choice) => mutation.mutate({ why: getValues('reason').trim(), choice })}
            />
          </Suspense>
        )}
      </ActionDialogScope>
    </>
  );
}
