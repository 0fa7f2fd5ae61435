/** 'Blokker' (docs/product/auth-and-users.md#validation-and-limits): blocks the user with a reason that must not be blank. */
import BlockIcon from '@mui/icons-material/Block';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import type { AdminDataProvider } from '../../dataProvider';
import { useNotifyFailure } from '../../useNotifyFailure';
import { ActionButton, ActionDialogScope } from '../ActionButton';
import type { User } from '../types';
import { blockReasonRules } from '../validation';
import { useRefreshUser } from './useRefreshUser';

export function BlockAction({ user, compact }: { user: User; compact: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refreshUser = useRefreshUser();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState(false);
  const { register, handleSubmit, reset, formState } = useForm({ mode: 'onTouched', defaultValues: { reason: '' } });
  const close = () => {
    setOpen(false);
    reset();
  };
  const mutation = useMutation({
    mutationFn: (why: string) => dataProvider.blockUser(user.id, why),
    onSuccess: () => {
      notify('resources.users.notifications.blocked', { type: 'success' });
      close();
      return refreshUser(user.id);
    },
    onError: (error) => notifyFailure('resources.users.errors.block', error, 'resources.users.errors.blockTitle'),
  });
  const { ref, ...reason } = register('reason', blockReasonRules);
  const problem = formState.errors.reason?.message;
  return (
    <>
      <ActionButton compact={compact} color="warning" label={translate('resources.users.actions.block')} icon={<BlockIcon />} onClick={() => setOpen(true)} />
      <ActionDialogScope>
        <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
          <form onSubmit={handleSubmit((values) => mutation.mutate(values.reason.trim()))} noValidate>
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
      </ActionDialogScope>
    </>
  );
}
