/** Settings → Password: current, new and confirmation (SPEC §5 "User password change"). */
import { Box, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../../../shared/session';
import { ApiError, errorText } from '../../../api/client';
import { useToast } from '../../../shared/toast';
import { validatePasswordChange, type PasswordErrors, type PasswordForm } from '../passwordValidation';

const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const change = useChangePassword();
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  // Field errors the server sent back (already worded), shown as they are.
  const [serverErrors, setServerErrors] = useState<PasswordErrors>({});

  const field = (name: keyof PasswordForm, labelKey: string, autoComplete: string) => ({
    id: `password-${name}`,
    label: t(labelKey),
    type: 'password',
    autoComplete,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [name]: e.target.value }),
    error: !!(errors[name] || serverErrors[name]),
    helperText: errors[name] ? t(errors[name]) : serverErrors[name],
    fullWidth: true,
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validatePasswordChange(form);
    setErrors(found);
    setServerErrors({});
    if (Object.keys(found).length) return;
    try {
      const answer = await change.mutateAsync({ currentPassword: form.currentPassword, newPassword: form.newPassword });
      setForm(EMPTY);
      toast({ title: t('settings.password.changed'), description: answer?.message, severity: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.errors.length) {
        setServerErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
      }
      toast({ title: t('settings.password.failed'), description: errorText(error, t('common.error')), severity: 'error' });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2} sx={{ maxWidth: 520 }}>
        <TextField {...field('currentPassword', 'settings.password.current', 'current-password')} />
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
