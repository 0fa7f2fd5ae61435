/**
 * The login page's second step for an account with two-factor sign-in (docs/security.md): the code from the
 * authenticator app, or one of the recovery codes. Loaded only when the password step asks for it, so the login
 * page's first screen does not grow.
 */
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { TextInput } from '../../shared/components/TextInput';
import { useLoginCode } from '../../shared/sessionApi';
import { useToast } from '../../shared/toast';

/** `onSignedIn` runs after the code was taken: the login page owes the welcome then, the maintenance screen reloads. */
export function CodeStep({ onCancel, onSignedIn }: { onCancel: () => void; onSignedIn: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const submit = useLoginCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('login.code.required'));
      return;
    }
    try {
      await submit.mutateAsync(code.trim());
      onSignedIn();
    } catch (failure) {
      const text = errorText(failure, t('common.error'));
      setError(text);
      toast({ title: t('auth.loginFailed'), description: text, severity: 'error' });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('login.code.formLabel')}>
      <Stack spacing={2}>
        <Typography>{t('login.code.intro')}</Typography>
        <TextInput
          id="login-code"
          name="code"
          label={t('login.code.label')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          fullWidth
          error={!!error}
          helperText={error ?? t('login.code.help')}
        />
        <Button type="submit" variant="contained" size="large" disabled={submit.isPending}>
          {submit.isPending ? t('login.signingIn') : t('login.code.submit')}
        </Button>
        <Button variant="text" onClick={onCancel}>
          {t('login.code.back')}
        </Button>
      </Stack>
    </Box>
  );
}
