/** 'Endre passord' (docs/product/auth-and-users.md#screens): a dialog that sets a new password for the user (docs/product/auth-and-users.md#validation-and-limits). */
import KeyIcon from '@mui/icons-material/Key';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import type { AdminDataProvider } from '../../dataProvider';
import { useNotifyFailure } from '../../useNotifyFailure';
import { ActionButton, ActionDialogScope } from '../ActionButton';
import type { User } from '../types';
import { passwordRules } from '../validation';
import { useRefreshUser } from './useRefreshUser';

export function ChangePasswordAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refreshUser = useRefreshUser();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  // onTouched: the rule shows after leaving the field (or submitting), then follows every keystroke.
  const { register, handleSubmit, reset, formState } = useForm({ mode: 'onTouched', defaultValues: { password: '' } });
  const close = () => {
    setOpen(false);
    reset();
  };
  const mutation = useMutation({
    mutationFn: (newPassword: string) => dataProvider.changeUserPassword(user.id, newPassword),
    onSuccess: () => {
      notify('resources.users.notifications.passwordChanged', { type: 'success' });
      close();
      return refreshUser(user.id);
    },
    onError: (error) => notifyFailure('resources.users.errors.changePassword', error),
  });
  const { ref, ...password } = register('password', passwordRules);
  const problem = formState.errors.password?.message;
  return (
    <>
      <ActionButton compact={compact} label={translate('resources.users.actions.changePassword')} icon={<KeyIcon />} onClick={() => setOpen(true)} />
      <ActionDialogScope>
        <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
          <form onSubmit={handleSubmit((values) => mutation.mutate(values.password))} noValidate>
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
