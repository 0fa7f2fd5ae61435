import { Button, Snackbar } from '@mui/material';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { newVersionWaiting, onNewVersionWaiting, switchToNewVersion } from './serviceWorker';

/**
 * 'Ny versjon – last inn på nytt': shown, on every screen, once a new version's service worker waits. It stays until
 * pressed (a person may be mid-form); pressing it activates the new version and reloads the page onto it.
 */
export function NewVersionPrompt() {
  const { t } = useTranslation();
  const waiting = useSyncExternalStore(onNewVersionWaiting, newVersionWaiting);
  return (
    <Snackbar
      open={waiting}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      message={t('app.newVersionReady')}
      action={
        <Button color="inherit" size="small" onClick={() => void switchToNewVersion()}>
          {t('app.reloadForNewVersion')}
        </Button>
      }
    />
  );
}
