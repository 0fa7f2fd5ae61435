/** The sidebar's unread count for cases: refreshed by the socket's case pushes, polled only while it is down. */
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { badgeText } from '../../notifications';
import { useCaseUnreadCount } from '../casesApi';

export function CasesNavBadge() {
  const { t } = useTranslation();
  const count = useCaseUnreadCount().data?.count ?? 0;
  if (!count) return null;
  return <Chip size="small" color="primary" label={badgeText(count)} aria-label={t('cases.unread', { count })} />;
}
