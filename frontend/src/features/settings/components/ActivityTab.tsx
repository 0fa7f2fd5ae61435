/** Settings → Activity (docs/security.md#the-audit-log): the person's own timeline, newest first. */
import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../api/types';
import { sessionsKeys } from '../sessionsApi';
import { ActivityTimeline } from './ActivityTimeline';

export function ActivityTab({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography id="activity-title" variant="h6" component="h2">
        {t('activity.title')}
      </Typography>
      <Typography>{t('activity.intro')}</Typography>
      <ActivityTimeline url={sessionsKeys.activity[0]} queryKey={sessionsKeys.activity} subjectId={user.id} own labelledBy="activity-title" />
    </Stack>
  );
}
