/** Settings → Profile: name, e-mail, fixed username, phone, account number; and deleting the account. */
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Divider, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteAccount, useUpdateProfile, type ProfileInput } from '../../../shared/sessionApi';
import { ApiError, errorText, ReauthCancelled } from '../../../api/client';
import type { User } from '../../../api/types';
import { useToast } from '../../../shared/toast';
import { muiField } from '../../../shared/forms';
import { ACCOUNT_NUMBER_MAX_LENGTH, PHONE_MAX_LENGTH, profileResolver } from '../profileValidation';

export function ProfileTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const remove = useDeleteAccount();
  const { register, handleSubmit, setError, formState } = useForm<ProfileInput>({
    defaultValues: {
      name: user.name,
      email: user.email ?? '',
      phoneNumber: user.phoneNumber ?? '',
      accountNumber: user.accountNumber ?? '',
    },
    resolver: profileResolver,
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  const [confirmDelete, setConfirmDelete] = useState(false);

  // Client errors are i18n keys; field errors the server sent back (type 'server') are already worded.
  const field = (name: keyof ProfileInput) => {
    const error = errors[name];
    return {
      id: `profile-${name}`,
      ...muiField(register(name)),
      error: !!error,
      helperText: error?.message && (error.type === 'server' ? error.message : t(error.message)),
      fullWidth: true,
    };
  };

  const onSave = handleSubmit(async (form) => {
    try {
      await update.mutateAsync({ ...form, name: form.name.trim(), email: form.email.trim() });
      toast({ title: t('settings.profile.saved'), severity: 'success' });
    } catch (error) {
      // Cancelled in the re-authentication dialog: nothing was saved, and the form keeps what was typed.
      if (error instanceof ReauthCancelled) return;
      if (error instanceof ApiError) {
        for (const { field: name, message } of error.errors) setError(name as keyof ProfileInput, { type: 'server', message });
      }
      toast({ title: t('settings.profile.saveFailed'), description: errorText(error, t('common.error')), severity: 'error' });
    }
  });

  const onDelete = async () => {
    try {
      await remove.mutateAsync();
      toast({ title: t('settings.delete.done'), severity: 'success' });
      navigate('/auth', { replace: true });
    } catch (error) {
      setConfirmDelete(false);
      // Cancelled in the re-authentication dialog: the account stays.
      if (error instanceof ReauthCancelled) return;
      toast({ title: t('settings.delete.failed'), description: errorText(error, t('common.error')), severity: 'error' });
    }
  };

  return (
    <Stack spacing={4}>
      <Box component="form" noValidate onSubmit={onSave}>
        <Stack spacing={2} sx={{ maxWidth: 520 }}>
          <TextField label={t('settings.profile.name')} autoComplete="name" {...field('name')} />
          <TextField label={t('settings.profile.email')} type="email" autoComplete="email" {...field('email')} />
          <TextField
            id="profile-username"
            label={t('settings.profile.username')}
            value={user.username}
            helperText={t('settings.profile.usernameFixed')}
            slotProps={{ htmlInput: { readOnly: true } }}
            fullWidth
          />
          <TextField
            label={t('settings.profile.phone')}
            type="tel"
            autoComplete="tel"
            {...field('phoneNumber')}
            slotProps={{ htmlInput: { maxLength: PHONE_MAX_LENGTH } }}
          />
          <TextField
            label={t('settings.profile.accountNumber')}
            {...field('accountNumber')}
            slotProps={{ htmlInput: { maxLength: ACCOUNT_NUMBER_MAX_LENGTH } }}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={update.isPending}>
              {t('settings.profile.save')}
            </Button>
          </Box>
        </Stack>
      </Box>

      <Divider />

      <Stack spacing={1.5} sx={{ maxWidth: 520 }}>
        <Typography variant="h6" component="h2" color="error">
          {t('settings.delete.title')}
        </Typography>
        {user.isAdmin ? (
          // The server refuses an admin's own deletion (docs/roles.md): another admin removes the account.
          <Typography color="text.secondary">{t('settings.delete.adminCannot')}</Typography>
        ) : (
          <>
            <Alert severity="warning">{t('settings.delete.warning')}</Alert>
            <Box>
              <Button variant="outlined" color="error" onClick={() => setConfirmDelete(true)}>
                {t('settings.delete.button')}
              </Button>
            </Box>
          </>
        )}
      </Stack>

      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)} aria-labelledby="delete-account-title">
        <DialogTitle id="delete-account-title">{t('settings.delete.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('settings.delete.warning')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>{t('common.cancel')}</Button>
          <Button color="error" variant="contained" onClick={onDelete} disabled={remove.isPending}>
            {t('settings.delete.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
