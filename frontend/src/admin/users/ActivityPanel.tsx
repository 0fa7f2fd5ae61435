/**
 * The user's activity timeline on their page in the back office (GET /api/admin/users/{id}/activity): sign-ins,
 * security and money changes and who made them. Admins only: it shows networks and failed sign-ins, which mini
 * admins do not read (docs/security.md#the-audit-log).
 */
import { Suspense } from 'react';
import { usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { loadActivityTimeline } from '../../features/settings';
import { lazyNamed } from '../../shared/lazyNamed';
import { useApiUrl } from '../apiUrl';
import type { Role } from '../authProvider';
import type { User } from './types';
import { usersKeys } from './usersDataProvider';

const ActivityTimeline = lazyNamed(loadActivityTimeline, 'ActivityTimeline');

export function ActivityPanel() {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  const { permissions } = usePermissions<Role>();
  const apiUrl = useApiUrl();
  if (!user || permissions !== 'admin') return null;
  const headingId = `user-${user.id}-activity`;
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ mt: 2, mb: 1 }}>
        {translate('resources.users.activity.title')}
      </Typography>
      <Suspense fallback={null}>
        <ActivityTimeline url={`${apiUrl}/admin/users/${user.id}/activity`} queryKey={usersKeys.userActivity(Number(user.id))} subjectId={Number(user.id)} own={false} labelledBy={headingId} />
      </Suspense>
    </section>
  );
}
