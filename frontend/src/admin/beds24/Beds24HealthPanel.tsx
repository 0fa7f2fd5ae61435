/**
 * Beds24 in the sync-health view, beside the iCal feeds' panel (all-ical tab): how many configurations there are,
 * how many sync, fail or need a new key, and which ones have problems. Full admins only: the configurations are
 * admin data (docs/product/beds24.md#screens), so mini admins do not get it (the caller leaves it out for them).
 */
import { Alert, Card, CardContent, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { formatDateTime } from '../formatDate';
import { errorMessage } from '../httpClient';
import { BEDS24_RESOURCE } from './beds24DataProvider';
import type { Beds24Config } from './types';

export function Beds24HealthPanel() {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const configs = useQuery({
    queryKey: [BEDS24_RESOURCE, 'health'],
    queryFn: async () => (await dataProvider.getList<Beds24Config>(BEDS24_RESOURCE, { pagination: { page: 1, perPage: 1000 }, sort: { field: 'userName', order: 'ASC' }, filter: {} })).data,
    refetchOnMount: 'always',
  });
  const t = (key: string, options?: object) => translate(`beds24.health.${key}`, options);
  if (configs.isError) return <Alert severity="error">{t('loadFailed', { message: errorMessage(configs.error) })}</Alert>;
  if (!configs.data) return null;
  const all = configs.data;
  const enabled = all.filter((c) => c.syncEnabled);
  const problems = all.filter((c) => c.needsCredentials || (c.syncEnabled && c.lastError));
  const never = translate('resources.beds24.status.never');
  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-label={t('title')}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('title')}
        </Typography>
        <Typography variant="body2">{t('counts', { total: all.length, enabled: enabled.length, failing: problems.length })}</Typography>
        {problems.length === 0 ? (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('allGood')}
          </Alert>
        ) : (
          <List dense disablePadding aria-label={t('problems')}>
            {problems.map((c) => (
              <ListItem key={c.id} disableGutters>
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <span>{`${c.owner.name} · ${translate('resources.beds24.fields.propId')} ${c.propId}`}</span>
                      {c.needsCredentials && <Chip size="small" color="error" label={translate('resources.beds24.status.needsCredentials')} />}
                    </Stack>
                  }
                  secondary={`${c.lastError ?? ''} · ${t('lastSuccess', { date: formatDateTime(c.lastSync) ?? never })}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
