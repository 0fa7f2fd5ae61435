/**
 * An admin's colour for an event, chosen in the event's dialog: sends it and refreshes the viewed calendar, or says
 * why it failed.
 */
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/client';
import { useToast } from '../../../shared/toast';
import { recolorEvent, useInvalidateEvents } from '../calendarApi';
import type { AnyEvent } from '../viewModel';

export function useAdminEventActions(viewedUserId: number | null) {
  const { t } = useTranslation();
  const toast = useToast();
  const invalidateEvents = useInvalidateEvents();

  const setColor = async (event: AnyEvent, color: string) => {
    try {
      await recolorEvent(event.id, color);
      await invalidateEvents(viewedUserId);
      toast.clearError();
    } catch (error) {
      toast({ title: t('calendar.admin.errorTitle'), description: t('calendar.admin.colorFailed', { message: errorText(error, t('common.error')) }), severity: 'error' });
    }
  };

  return { setColor };
}
