import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { queryKeys } from '../../api/queryKeys';
import type { SystemSetting } from '../../api/types';
import type { AdminDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';

/**
 * The system settings as the server has them, read afresh when a card opens: renders `children` with them once read,
 * or the card's 'could not load' text (`loadFailedKey`, given the server's message) when the read fails.
 */
export function SavedSettings({ loadFailedKey, children }: { loadFailedKey: string; children: (settings: readonly SystemSetting[]) => ReactNode }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const settings = useQuery({ queryKey: queryKeys.systemSettings, queryFn: () => dataProvider.systemSettings(), refetchOnMount: 'always' });
  if (settings.isError) return <Alert severity="error">{translate(loadFailedKey, { message: errorMessage(settings.error) })}</Alert>;
  if (!settings.data) return null;
  return children(settings.data);
}
