import { Button, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredScreen } from './CenteredScreen';

/**
 * 'Ingen tilkobling': the app itself opened (from the service worker's cache, or before the network went) but the
 * server cannot be reached. It tries again by itself when the browser says it is back online.
 */
export function NoConnection({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <CenteredScreen
      title={t('fallback.offlineTitle')}
      actions={
        <Button variant="contained" onClick={onRetry}>
          {t('startup.tryAgain')}
        </Button>
      }
    >
      <Typography>{t('fallback.offlineText')}</Typography>
    </CenteredScreen>
  );
}
