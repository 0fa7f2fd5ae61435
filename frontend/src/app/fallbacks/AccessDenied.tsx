import { Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CenteredScreen } from './CenteredScreen';

/** A logged-in user who is neither admin nor mini admin on an admin-only route (docs/product/app.md#pages-and-access). */
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <CenteredScreen
      title={t('access.deniedTitle')}
      actions={
        <Button variant="contained" component={RouterLink} to="/">
          {t('access.goHome')}
        </Button>
      }
    >
      <Typography>{t('access.deniedText')}</Typography>
    </CenteredScreen>
  );
}
