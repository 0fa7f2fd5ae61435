import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CenteredScreen } from './CenteredScreen';

/** Shown while the application code loads, with a way out if it hangs. */
export function StartupLoading() {
  const { t } = useTranslation();
  return (
    <CenteredScreen
      loading
      title={t('app.name')}
      actions={
        <Button variant="outlined" onClick={() => window.location.reload()}>
          {t('startup.reload')}
        </Button>
      }
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} />
        <Typography role="status">{t('startup.loading')}</Typography>
      </Stack>
    </CenteredScreen>
  );
}
