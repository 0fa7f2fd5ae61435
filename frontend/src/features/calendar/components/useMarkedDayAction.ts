/** Saving or deleting a marked day: busy while it runs, the calendar's marked days refetched after, a toast on failure. */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/client';
import { useToast } from '../../../shared/toast';
import { invalidateMarkedDayQueries } from '../calendarApi';

export function useMarkedDayAction() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, failureKey: string): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      await invalidateMarkedDayQueries(queryClient);
      // No toast of its own on success: an earlier failure's toast must not stay up.
      toast.clearError();
      return true;
    } catch (error) {
      toast({ title: t(failureKey), description: errorText(error, t('common.error')), severity: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
