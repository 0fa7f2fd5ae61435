/** /reset-password?token=… (docs/product/auth-and-users.md#screens): new password + confirmation, then a success state with a link to /auth. */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, AlertTitle, Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { standaloneLinkSx } from '../../shared/theme';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useResetPassword } from '../../shared/sessionApi';
import { ApiError } from '../../api/client';
import { muiField } from '../../shared/forms';
import { validateReset } from './resetValidation';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const reset = useResetPassword();
  // One message for the whole form (docs/product/auth-and-users.md#validation-and-limits), kept as the form's root error; it is cleared on every submit.
  const { register, handleSubmit, setError, formState } = useForm({ defaultValues: { password: '', confirm: '' } });
  const errorKey = formState.errors.root?.message;
  const [serverMessage, setServerMessage] = useState<string>();
  const [done, setDone] = useState(false);

  const onSubmit = handleSubmit(async ({ password, confirm }) => {
    setServerMessage(undefined);
    const found = validateReset(token, password, confirm);
    if (found) setError('root', { type: 'validate', message: found });
    if (found || !token) return;
    try {
      await reset.mutateAsync({ token, newPassword: password });
      setDone(true);
    } catch (error) {
      setError('root', { type: 'server', message: 'reset.failed' });
      // The server explains why (expired or used link); shown under the generic text.
      if (error instanceof ApiError) setServerMessage(error.serverMessage);
    }
  });

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'grey.100' }}>
      <Paper sx={{ p: { xs: 3, sm: 4 }, maxWidth: 440, width: '100%' }} elevation={2}>
        {done ? (
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
            <Typography variant="h5" component="h1">
              {t('reset.successTitle')}
            </Typography>
            <Typography>{t('reset.successText')}</Typography>
            <Button variant="contained" component={RouterLink} to="/auth">
              {t('reset.goToLogin')}
            </Button>
          </Stack>
        ) : (
          <Box component="form" noValidate onSubmit={onSubmit}>
            <Stack spacing={2}>
              <Typography variant="h5" component="h1">
                {t('reset.title')}
              </Typography>
              <Typography color="text.secondary">{t('reset.intro')}</Typography>
              {!token && <Alert severity="error">{t('reset.noToken')}</Alert>}
              {errorKey && token && (
                <Alert severity="error">
                  {serverMessage ? <AlertTitle>{t(errorKey)}</AlertTitle> : t(errorKey)}
                  {serverMessage}
                </Alert>
              )}
              <TextField
                id="reset-password"
                label={t('reset.newPassword')}
                type="password"
                autoComplete="new-password"
                {...muiField(register('password'))}
                fullWidth
              />
              <TextField
                id="reset-confirm"
                label={t('reset.confirmPassword')}
                type="password"
                autoComplete="new-password"
                {...muiField(register('confirm'))}
                fullWidth
              />
              <Button type="submit" variant="contained" disabled={!token || reset.isPending}>
                {t('reset.submit')}
              </Button>
              <Link component={RouterLink} to="/auth" sx={{ alignSelf: 'center', ...standaloneLinkSx }}>
                {t('reset.backToLogin')}
              </Link>
            </Stack>
          </Box>
        )}
      </Paper>
    </Box>
  );
}
