/**
 * The user's payout account-number history on their page in the back office (GET
 * /api/admin/users/{id}/account-number-history): who changed it and when, the old and the new number masked but
 * for their last four digits. A changed number may be an attempt to redirect payouts (docs/operations.md).
 */
import { Alert, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';
import { formatDateTime } from '../formatDate';
import { errorMessage } from '../httpClient';
import type { User } from './types';
import { usersKeys } from './usersDataProvider';

export function AccountNumberHistory() {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const history = useQuery({
    queryKey: usersKeys.accountNumberHistory(Number(user?.id)),
    queryFn: () => dataProvider.accountNumberHistory(user!.id),
    enabled: !!user,
    refetchOnMount: 'always',
  });
  const t = (key: string, options?: object) => translate(`resources.users.accountNumberHistory.${key}`, options);
  if (!user) return null;
  return (
    <section aria-label={t('title')}>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2, mb: 1 }}>
        {t('title')}
      </Typography>
      {history.isError ? (
        <Alert severity="error">{t('loadFailed', { message: errorMessage(history.error) })}</Alert>
      ) : history.data && history.data.length === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <Table size="small" aria-label={t('title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('when')}</TableCell>
              <TableCell>{t('who')}</TableCell>
              <TableCell>{t('old')}</TableCell>
              <TableCell>{t('new')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {history.data?.map((change) => (
              <TableRow key={change.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(change.changedAt)}</TableCell>
                <TableCell>{change.changedByName ?? t('unknown')}</TableCell>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{change.oldAccountNumber ?? '–'}</TableCell>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{change.newAccountNumber ?? '–'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
