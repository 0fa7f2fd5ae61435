/**
 * An admin's shortcuts on an event in the month grid (admin): change its colour from
 * the palette menu, or delete it after confirmation. Both refresh the viewed calendar.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../api/client';
import { useToast } from '../../../shared/toast';
import { deleteEvent, recolorEvent, useInvalidateEvents } from '../calendarApi';
import type { AnyEvent } from '../viewModel';

export function useAdminEventActions(viewedUserId: number | null) {
  const { t } = useTranslation();
  const toast = useToast();
  const invalidateEvents = useInvalidateEvents();
  const [colorMenu, setColorMenu] = useState<{ anchor: HTMLElement; event: AnyEvent } | null>(null);
  const [toDelete, setToDelete] = useState<AnyEvent | null>(null);
  const [busy, setBusy] = useState(false);

  const setColor = async (event: AnyEvent, color: string) => {
    setColorMenu(null);
    try {
      await recolorEvent(event.id, color);
      await invalidateEvents(viewedUserId);
      toast.clearError();
    } catch (error) {
      toast({ title: t('calendar.admin.errorTitle'), description: t('calendar.admin.colorFailed', { message: errorText(error, t('common.error')) }), severity: 'error' });
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await deleteEvent(toDelete.id, true);
      await invalidateEvents(viewedUserId);
      toast({ title: t('calendar.detail.deleted'), severity: 'success' });
    } catch (error) {
      const booking = error instanceof ApiError && error.status === 409;
      toast({
        title: booking ? t('calendar.admin.cannotDeleteBooking') : t('calendar.admin.errorTitle'),
        description: t('calendar.admin.deleteFailed', { message: errorText(error, t('common.error')) }),
        severity: 'error',
      });
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  };

  return {
    colorMenu,
    openColorMenu: (anchor: HTMLElement, event: AnyEvent) => setColorMenu({ anchor, event }),
    closeColorMenu: () => setColorMenu(null),
    setColor,
    toDelete,
    askDelete: setToDelete,
    cancelDelete: () => setToDelete(null),
    confirmDelete,
    busy,
  };
}

export type AdminEventActions = ReturnType<typeof useAdminEventActions>;
