/**
 * For staff without two-factor sign-in (docs/security.md): a standing recommendation to turn it on; while the
 * service requires it, the server refuses their other routes, so the app takes them to the setup.
 */
import { Alert, Button } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useTwoFactorStatus } from '../twoFactorApi';

export const TWO_FACTOR_SETTINGS = '/settings?tab=twoFactor';

export function StaffTwoFactorNotice() {
  const { t } = useTranslation();
  const { data } = useTwoFactorStatus();
  const location = useLocation();
  const navigate = useNavigate();
  const onSetup = location.pathname === '/settings' && new URLSearchParams(location.search).get('tab') === 'twoFactor';
  useEffect(() => {
    if (data?.required && !data.enabled && !onSetup) navigate(TWO_FACTOR_SETTINGS, { replace: true });
  }, [data, onSetup, navigate]);
  if (!data || data.enabled || onSetup) return null;
  return (
    <Alert
      severity={data.required ? 'warning' : 'info'}
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" component={RouterLink} to={TWO_FACTOR_SETTINGS}>
          {t('twoFactor.notice.action')}
        </Button>
      }
    >
      {t(data.required ? 'twoFactor.requiredForStaff' : 'twoFactor.notice.recommended')}
    </Alert>
  );
}
