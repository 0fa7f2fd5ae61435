import { Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { clearBrowserData } from '../../shared/storage';
import { CenteredScreen } from './CenteredScreen';

/** 'Kunne ikke starte applikasjonen': the app failed or took too long to start (docs/product/app.md#startup-and-errors). */
export function AppError({ reason, detail }: { reason: string; detail?: string }) {
  const { t } = useTranslation();

  const clearAndReload = async () => {
    try {
      await clearBrowserData();
    } finally {
      window.location.reload();
    }
  };

  return (
    <CenteredScreen
      title={t('startup.failedTitle')}
      actions={
        <>
          <Button variant="contained" onClick={clearAndReload}>
            {t('startup.clearCache')}
          </Button>
          <Button variant="outlined" onClick={() => window.location.reload()}>
            {t('startup.tryAgain')}
          </Button>
        </>
      }
    >
      <Typography>{reason}</Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {detail}
        </Typography>
      )}
    </CenteredScreen>
  );
}
