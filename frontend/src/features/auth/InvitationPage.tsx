/**
 * /invitation/:token (docs/product/properties.md#invitations): what the link invites to, and accepting it. Signed in,
 * one press joins; signed out, a person without an account makes one with a name and a password of their own (and is
 * signed in with it), one with an account signs in first and comes back here.
 */
import { Alert, Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { errorText } from '../../api/client';
import { addCataloguePart } from '../../i18n';
import { muiField } from '../../shared/forms';
import { useCurrentUser, useLogin } from '../../shared/sessionApi';
import { useAcceptInvitation, useInvitation, type InvitationPreview } from './invitationApi';

// The page's texts are the signed-in app's part of the catalogue: a visitor who follows a link needs them, the login page does not.
await addCataloguePart('app').catch((error: unknown) => console.error('The invitation texts failed to load', error));

const PASSWORD_MIN = 12;

export function InvitationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'grey.100' }}>
      <Paper component="main" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 480, width: '100%' }} elevation={2}>
        {invitation.isPending && <CircularProgress aria-label={t('invitation.loading')} />}
        {invitation.isError && (
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">{t('invitation.invalidTitle')}</Typography>
            <Alert severity="error">{errorText(invitation.error, t('invitation.invalidText'))}</Alert>
            <Button component={RouterLink} to="/" variant="contained">{t('invitation.toPortal')}</Button>
          </Stack>
        )}
        {invitation.data && <Invitation token={token} invitation={invitation.data} />}
      </Paper>
    </Box>
  );
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const location = useLocation();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">{t('invitation.title', { property: invitation.propertyName })}</Typography>
      <Typography>{t('invitation.intro', { inviter: invitation.invitedBy, role: t(`invitation.roles.${invitation.role}`) })}</Typography>
      {user ? (
        <AcceptSignedIn token={token} name={user.name} />
      ) : invitation.hasAccount ? (
        <>
          <Typography>{t('invitation.signInFirst', { email: invitation.email })}</Typography>
          <Button component={RouterLink} to="/auth" state={{ from: location }} variant="contained">{t('invitation.signIn')}</Button>
        </>
      ) : (
        <CreateAccount token={token} email={invitation.email} />
      )}
    </Stack>
  );
}

/** Joins on the way into the app, whose reads then include the property. */
function useJoined() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await queryClient.invalidateQueries();
    void navigate('/', { replace: true });
  };
}

function AcceptSignedIn({ token, name }: { token: string; name: string }) {
  const { t } = useTranslation();
  const accept = useAcceptInvitation(token);
  const joined = useJoined();
  return (
    <>
      <Typography color="text.secondary">{t('invitation.signedInAs', { name })}</Typography>
      {accept.isError && <Alert severity="error">{errorText(accept.error, t('invitation.acceptFailed'))}</Alert>}
      <Button variant="contained" disabled={accept.isPending} onClick={() => accept.mutateAsync({}).then(joined, () => undefined)}>
        {t('invitation.accept')}
      </Button>
    </>
  );
}

function CreateAccount({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const accept = useAcceptInvitation(token);
  const login = useLogin();
  const joined = useJoined();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, formState } = useForm({ defaultValues: { name: '', password: '' } });
  const onSubmit = handleSubmit(async ({ name, password }) => {
    setFailure(undefined);
    try {
      await accept.mutateAsync({ name: name.trim(), password });
      await login.mutateAsync({ username: email, password });
      await joined();
    } catch (error) {
      setFailure(errorText(error, t('invitation.acceptFailed')));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        <Typography>{t('invitation.createAccount', { email })}</Typography>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          label={t('invitation.name')}
          autoComplete="name"
          {...muiField(register('name', { validate: (v) => v.trim() !== '' || t('invitation.nameRequired') }))}
          error={Boolean(formState.errors.name)}
          helperText={formState.errors.name?.message}
          fullWidth
        />
        <TextField
          label={t('invitation.password')}
          type="password"
          autoComplete="new-password"
          {...muiField(register('password', { minLength: { value: PASSWORD_MIN, message: t('invitation.passwordTooShort') } }))}
          error={Boolean(formState.errors.password)}
          helperText={formState.errors.password?.message ?? t('invitation.passwordHint')}
          fullWidth
        />
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>{t('invitation.acceptAndCreate')}</Button>
      </Stack>
    </Box>
  );
}
