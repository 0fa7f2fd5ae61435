import { Alert, AlertTitle } from '@mui/material';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../api/types';

export const DATE_TIME_FORMAT = 'dd.MM.yyyy HH:mm';

/** The blue banner with the administrator's message to this user (SPEC §2 Calendar home, banners). */
export function AdminInfoBanner({ user }: { user: User }) {
  const { t } = useTranslation();
  if (!user.adminInfo?.trim()) return null;
  const updated = user.adminInfoUpdatedAt ? new Date(user.adminInfoUpdatedAt) : null;
  return (
    <Alert severity="info" variant="filled" sx={{ whiteSpace: 'pre-wrap' }}>
      <AlertTitle>{t('calendar.adminInfoTitle')}</AlertTitle>
      {user.adminInfo}
      {updated && !Number.isNaN(updated.getTime()) && (
        <div>
          <small>{t('calendar.adminInfoUpdated', { date: format(updated, DATE_TIME_FORMAT) })}</small>
        </div>
      )}
    </Alert>
  );
}
