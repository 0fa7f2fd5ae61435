import { Alert, AlertTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../api/types';
import { formatDateTime } from '../../../shared/dateFormats';

/** The blue banner with the administrator's message to this user (banners). */
export function AdminInfoBanner({ user }: { user: User }) {
  const { t } = useTranslation();
  if (!user.adminInfo?.trim()) return null;
  const updated = formatDateTime(user.adminInfoUpdatedAt);
  return (
    <Alert severity="info" variant="filled" sx={{ whiteSpace: 'pre-wrap' }}>
      <AlertTitle>{t('calendar.adminInfoTitle')}</AlertTitle>
      {user.adminInfo}
      {updated && (
        <div>
          <small>{t('calendar.adminInfoUpdated', { date: updated })}</small>
        </div>
      )}
    </Alert>
  );
}
