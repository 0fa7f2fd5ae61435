/**
 * Settings → Password: the new one and its confirmation (docs/product/auth-and-users.md#validation-and-limits). The
 * current password is asked for by the re-authentication dialog when the server wants a fresh proof.
 */
import { Box, Button, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../../../shared/sessionApi';
import { ApiError, errorText, ReauthCancelled } from '../../../api/client';
import { useToast } from '../../../shared/toast';
import { muiField } from '../../../shared/forms';
import { passwordChangeResolver, type PasswordForm } from '../passwordValidation';

const EMPTY: PasswordForm = { newPassword: '', confirmPassword: '' };

export function PasswordTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const change = useChangePassword();
  const { register, handleSubmit, reset, setError, formState } = useForm<PasswordForm>({
    defaultValues: EMPTY,
    resolver: passwordChangeResolver,
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;

  // Client errors are i18n keys; field errors the server sent back (type 'server') are already worded.
  const field = (name: keyof PasswordForm, labelKey: string, autoComplete: string) => {
    const error = errors[name];
    return {
      id: `password-${name}`,
      label: t(labelKey),
      type: 'password',
      autoComplete,
      ...muiField(register(name)),
      error: !!error,
      helperText: error?.message && (error.type === 'server' ? error.message : t(error.message)),
      fullWidth: true,
    };
  };

  const onSubmit = handleSubmit(async (form) => {
    try {
      const answer = await change.mutateAsync({ newPassword: form.newPassword });
      reset(EMPTY);
      toast({ title: t('settings.password.changed'), description: answer?.message, severity: 'success' });
    } catch (error) {
      // Cancelled in the re-authentication dialog: nothing changed.
      if (error instanceof ReauthCancelled) return;
      if (error instanceof ApiError) {
        for (const { field: name, message } of error.errors) {
          if (name in EMPTY) setError(name as keyof PasswordForm, { type: 'server', message });
        }
      }
      toast({ title: t('settings.password.failed'), description: errorText(error, t('common.error')), severity: 'error' });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2} sx={{ maxWidth: 520 }}>
        <TextField {...field('newPassword', 'settings.password.new', 'new-password')} />
        <TextField {...field('confirmPassword', 'settings.password.confirm', 'new-password')} />
        <Box>
          <Button type="submit" variant="contained" disabled={change.isPending}>
            {t('settings.password.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
