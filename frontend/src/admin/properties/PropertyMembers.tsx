/** A property's members on its page: who they are, as what, their share and whether they see the money. */
import { Alert, Link as MuiLink, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCreatePath, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { AdminDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';
import type { AdminProperty } from './propertiesDataProvider';

export function PropertyMembers() {
  const property = useRecordContext<AdminProperty>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const members = useQuery({
    // Under the resource's key, so that refreshing the property refreshes its members.
    queryKey: ['properties', 'members', property?.id],
    queryFn: () => dataProvider.propertyMembers(property!.id),
    enabled: !!property,
  });
  const t = (key: string, options?: object) => translate(`resources.properties.members.${key}`, options);
  if (!property) return null;
  const headingId = `property-${property.id}-members`;
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ mt: 2, mb: 1 }}>
        {translate('resources.properties.fields.members')}
      </Typography>
      {members.isError ? (
        <Alert severity="error">{t('loadFailed', { message: errorMessage(members.error) })}</Alert>
      ) : (
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.properties.fields.name')}</TableCell>
              <TableCell>{t('email')}</TableCell>
              <TableCell>{t('role')}</TableCell>
              <TableCell align="right">{t('share')}</TableCell>
              <TableCell>{t('seesMoney')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {members.data?.map((member) => (
              <TableRow key={member.userId}>
                <TableCell>
                  <MuiLink component={Link} to={createPath({ resource: 'users', id: member.userId, type: 'show' })}>
                    {member.name}
                  </MuiLink>
                </TableCell>
                <TableCell>{member.email}</TableCell>
                <TableCell>{t(`roles.${member.role}`)}</TableCell>
                {/* Viewers hold no share. */}
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {member.share === null ? '–' : `${member.share} %`}
                </TableCell>
                <TableCell>{translate(member.canSeeMoney ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
