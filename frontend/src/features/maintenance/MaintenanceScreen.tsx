/**
 * The maintenance screen (docs/product/system.md#maintenance-mode): the product name, 'system upgrade in progress' with the server's message (or
 * the default), and a login form for administrators (username, password, show/hide, cancel), version 'v2.0'.
 * The server refuses a non-admin's sign-in during maintenance (503 `maintenance`, no session), and the screen says
 * 'Tilgang nektet'; an admin's caches are refreshed and the page reloads after 200 ms (docs/operations.md,
 * Maintenance mode).
 */
import BuildIcon from '@mui/icons-material/Build';
import { Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { lazyNamed } from '../../shared/lazyNamed';
import { logIn, needsCode } from '../../shared/sessionApi';
import { useToast } from '../../shared/toast';
import { loadCodeStep, LoginFields, useLoginForm } from '../auth';
import { isMaintenanceRefusal, RELOAD_AFTER_MAINTENANCE_LOGIN_MS } from './maintenance';

const CodeStep = lazyNamed(loadCodeStep, 'CodeStep');

/** What happens after an admin logged in; tests replace the reload. */
export interface MaintenanceScreenProps {
  message: string | null;
  reload?: () => void;
}

function AdminLoginForm({ onCancel, reload }: { onCancel: () => void; reload: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [codeStep, setCodeStep] = useState(false);
  const signedIn = async () => {
    toast({ title: t('maintenance.loginSuccess'), description: t('maintenance.loggedInAsAdmin'), severity: 'success' });
    await queryClient.invalidateQueries();
    window.setTimeout(reload, RELOAD_AFTER_MAINTENANCE_LOGIN_MS);
  };
  const form = useLoginForm(async ({ email, password }) => {
    try {
      const answer = await logIn({ username: email.trim(), password });
      if (needsCode(answer)) {
        setCodeStep(true);
        return;
      }
    } catch (error) {
      if (isMaintenanceRefusal(error)) toast({ title: t('maintenance.accessDenied'), description: t('maintenance.adminsOnly'), severity: 'error' });
      else toast({ title: t('maintenance.loginFailed'), description: errorText(error, t('maintenance.invalidCredentials')), severity: 'error' });
      return;
    }
    await signedIn();
  });

  if (codeStep) {
    return (
      <Suspense fallback={null}>
        <CodeStep onCancel={() => setCodeStep(false)} onSignedIn={() => void signedIn()} />
      </Suspense>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={form.onSubmit} aria-label={t('maintenance.adminLogin')}>
      <Stack spacing={2}>
        <LoginFields
          idPrefix="maintenance"
          form={form}
          labels={{ email: t('maintenance.username'), password: t('maintenance.password') }}
          visibilityLabels={{ show: t('maintenance.showPassword'), hide: t('maintenance.hidePassword') }}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{t('maintenance.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.isSubmitting}>
            {form.isSubmitting ? t('maintenance.signingIn') : t('maintenance.signIn')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

export function MaintenanceScreen({ message, reload = () => window.location.reload() }: MaintenanceScreenProps) {
  const { t } = useTranslation();
  const [loginOpen, setLoginOpen] = useState(false);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', bgcolor: 'grey.100', py: 4 }}>
      <Container maxWidth="sm">
        <Paper sx={{ p: { xs: 3, sm: 4 } }} elevation={2}>
          <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <BuildIcon color="primary" sx={{ fontSize: 56 }} />
            <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
              {t('app.name')}
            </Typography>
            <Typography variant="h5" component="h1">
              {t('maintenance.title')}
            </Typography>
            <Typography color="text.secondary">{message || t('maintenance.defaultMessage')}</Typography>
            <Box sx={{ width: '100%', textAlign: 'left' }}>
              {loginOpen ? (
                <AdminLoginForm onCancel={() => setLoginOpen(false)} reload={reload} />
              ) : (
                <Stack sx={{ alignItems: 'center' }}>
                  <Button variant="outlined" onClick={() => setLoginOpen(true)}>
                    {t('maintenance.adminLogin')}
                  </Button>
                </Stack>
              )}
            </Box>
            <Typography variant="caption" color="text.secondary">
              {t('maintenance.version')}
            </Typography>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
