import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearBrowserData } from '../../shared/storage';
import { CenteredScreen } from './CenteredScreen';

/** 'Noe gikk galt': shown for an uncaught render error once the app has started (docs/product/app.md#startup-and-errors). */
export function SomethingWentWrong({ error }: { error: Error }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const clearAndReload = async () => {
    setBusy(true);
    try {
      await clearBrowserData();
    } finally {
      window.location.reload();
    }
  };

  return (
    <CenteredScreen
      title={t('fallback.errorTitle')}
      actions={
        <>
          <Button variant="contained" onClick={clearAndReload} disabled={busy}>
            {t('fallback.clearCacheAndRefresh')}
          </Button>
          <Button variant="outlined" onClick={() => window.location.reload()}>
            {t('fallback.justRefresh')}
          </Button>
        </>
      }
    >
      <Typography>{t('fallback.errorText')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
        {error.message}
      </Typography>
    </CenteredScreen>
  );
}
