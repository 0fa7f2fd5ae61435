/**
 * Beside the double bookings: the bookings past their property's rental day limit (docs/product/stays.md#warnings), of
 * every property the law limits, for a year. Nothing was refused (the channels are the owners'); staff see where a
 * property went past what its housing type allows. Loaded with its texts (the catalogue's `stays` part) after the list.
 */
import { Button, Link as MuiLink, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { ResponseBody } from '../../api/types';
import { laterPartLoaded } from '../../i18n/laterPart';
import { useApiUrl } from '../apiUrl';
import { httpClient } from '../httpClient';

type PastLimitRow = ResponseBody<'AdminPastLimit_list'>[number];

const textsLoaded = await laterPartLoaded('later');

const day = (date: string) => date.split('-').reverse().join('.');

export function PastLimitBookings() {
  const translate = useTranslate();
  const apiUrl = useApiUrl();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const rows = useQuery({
    queryKey: ['/api/admin/nights/past-limit', year],
    queryFn: async () => (await httpClient(`${apiUrl}/admin/nights/past-limit?year=${year}`)).json as PastLimitRow[],
  });
  if (!textsLoaded) return null;
  const t = (key: string, values?: Record<string, unknown>) => translate(`stays.pastLimitList.${key}`, values);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="past-limit-title" sx={{ p: 2, mt: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="past-limit-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('title', { year })}
        </Typography>
        <Button size="small" onClick={() => setYear((y) => y - 1)}>{t('previousYear')}</Button>
        <Button size="small" onClick={() => setYear((y) => y + 1)}>{t('nextYear')}</Button>
      </Stack>
      {rows.data?.length === 0 && <Typography variant="body2">{t('empty', { year })}</Typography>}
      {rows.isError && <Typography variant="body2" color="error">{translate('ra.notification.http_error')}</Typography>}
      {!!rows.data?.length && (
        <Table size="small" aria-labelledby="past-limit-title">
          <TableHead>
            <TableRow>
              <TableCell>{t('property')}</TableCell>
              <TableCell>{t('booking')}</TableCell>
              <TableCell>{t('days')}</TableCell>
              <TableCell align="right">{t('nightsPast')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.data.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <MuiLink component={Link} to={`/admin/properties/${row.propertyId}/show`}>
                    {row.propertyName}
                  </MuiLink>
                </TableCell>
                <TableCell>{row.title}</TableCell>
                <TableCell>{`${day(row.from)} – ${day(row.to)}`}</TableCell>
                <TableCell align="right">{t('ofLimit', { nights: row.nightsPastLimit, limit: row.rentalDayLimit })}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
