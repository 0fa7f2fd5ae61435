/**
 * The properties the user is a member of, on their page in the back office (GET /api/admin/properties?userId=),
 * each linking to the property's page.
 */
import { Alert, Link as MuiLink, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useCreatePath, useGetManyReference, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { errorMessage } from '../httpClient';
import type { AdminProperty } from '../properties/propertiesDataProvider';
import type { User } from './types';

// A person belongs to a handful of properties; one page holds them all.
const ALL = { page: 1, perPage: 100 };
const BY_NAME = { field: 'name', order: 'ASC' } as const;

export function UserProperties() {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { data, error, isPending } = useGetManyReference<AdminProperty>(
    'properties',
    { target: 'userId', id: user?.id ?? 0, pagination: ALL, sort: BY_NAME },
    { enabled: !!user },
  );
  const t = (key: string, options?: object) => translate(`resources.users.properties.${key}`, options);
  if (!user) return null;
  const headingId = `user-${user.id}-properties`;
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ mt: 2, mb: 1 }}>
        {translate('resources.properties.name_other')}
      </Typography>
      {error ? (
        <Alert severity="error">{t('loadFailed', { message: errorMessage(error) })}</Alert>
      ) : isPending ? null : data?.length ? (
        <List dense disablePadding aria-labelledby={headingId}>
          {data.map((property) => (
            <ListItem key={property.id} disableGutters>
              <ListItemText
                primary={
                  <MuiLink component={Link} to={createPath({ resource: 'properties', id: property.id, type: 'show' })}>
                    {property.name}
                  </MuiLink>
                }
                secondary={property.address}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography color="text.secondary">{t('empty')}</Typography>
      )}
    </section>
  );
}
