/** 'Endre passord' (docs/product/auth-and-users.md#screens): a dialog that sets a new password for the user (docs/product/auth-and-users.md#validation-and-limits). */
import KeyIcon from '@mui/icons-material/Key';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import { ActionButton, ActionDialogScope } from '../ActionButton';
import type { User } from '../types';
import { passwordRules } from '../validation';
import { useUserAction, type UserActionVariables } from './useUserAction';

export function ChangePasswordAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  // onTouched: the rule shows after leaving the field (or submitting), then follows every keystroke.
  const { register, handleSubmit, reset, formState } = useForm({ mode: 'onTouched', defaultValues: { password: '' } });
  const { isOpen, open, close, mutation } = useUserAction<UserActionVariables & { newPassword: string }>(user, {
    call: (dataProvider, { newPassword }) => dataProvider.changeUserPassword(user.id, newPassword),
    done: 'resources.users.notifications.passwordChanged',
    failed: 'resources.users.errors.changePassword',
    keepOpenOnFailure: true,
    onClose: reset,
  });
  const { ref, ...password } = register('password', passwordRules);
  const problem = formState.errors.password?.message;
  return (
    <>
      <ActionButton compact={compact} label={translate('resources.users.actions.changePassword')} icon={<KeyIcon />} onClick={open} />
      <ActionDialogScope>
        <Dialog open={isOpen} onClose={close} fullWidth maxWidth="xs">
          <form onSubmit={handleSubmit((values) => mutation.mutate({ newPassword: values.password }))} noValidate>
            <DialogTitle>{translate('resources.users.dialogs.changePassword.title', { name: user.name })}</DialogTitle>
            <DialogContent>
              <TextField
                autoFocus
                fullWidth
                margin="dense"
                type="password"
                autoComplete="new-password"
                label={translate('resources.users.dialogs.changePassword.newPassword')}
                {...password}
                inputRef={ref}
                error={!!problem}
                helperText={problem ? translate(problem) : ' '}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>{translate('resources.users.actions.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={mutation.isPending}>
                {translate('resources.users.dialogs.changePassword.submit')}
              </Button>
            </DialogActions>
          </form>
        </Dialog>
      </ActionDialogScope>
    </>
  );
}
