/**
 * The detail dialog's changes to an event: saving an edited title and description, and deleting it (an admin on
 * another user's calendar deletes as admin). Each refreshes the calendar, tells the outcome in a toast, and closes
 * the dialog when it worked (docs/product/calendar.md#screens).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../api/client';
import { useToast } from '../../../shared/toast';
import { deleteEvent, updateEvent, useInvalidateEvents } from '../calendarApi';
import { useCalendarProperty } from '../calendarProperty';
import type { AnyEvent } from '../viewModel';

interface EventDetailActionsOptions {
  event: AnyEvent;
  /** Whether the viewer owns the event, and acts as admin on another user's calendar (then that calendar is refreshed). */
  own: boolean;
  asAdmin: boolean;
  viewedUserId: number | null;
  onClose: () => void;
}

export function useEventDetailActions({ event, own, asAdmin, viewedUserId, onClose }: EventDetailActionsOptions) {
  const { t } = useTranslation();
  const toast = useToast();
  const invalidate = useInvalidateEvents();
  const property = useCalendarProperty();
  const [busy, setBusy] = useState(false);

  /** Saves the change; `onSaved` runs before the dialog closes. */
  const save = async (change: { title: string; description: string }, onSaved: () => void) => {
    setBusy(true);
    try {
      await updateEvent(event.id, change, property.id);
      await invalidate(null);
      toast({ title: t('calendar.detail.updated'), severity: 'success' });
      onSaved();
      onClose();
    } catch (error) {
      toast({ title: t('calendar.detail.updateFailed'), description: errorText(error, t('common.error')), severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  /** Deletes the event; `onSettled` runs once it is done, whether it worked or not (the confirmation closes). */
  const remove = async (onSettled: () => void) => {
    setBusy(true);
    try {
      await deleteEvent(event.id, asAdmin && !own, property.id);
      await invalidate(asAdmin ? viewedUserId : null);
      toast({ title: t('calendar.detail.deleted'), severity: 'success' });
      onClose();
    } catch (error) {
      const binding = error instanceof ApiError && error.status === 409;
      toast({
        title: t('calendar.detail.deleteFailed'),
        description: binding ? t('calendar.detail.bindingDeleteText') : errorText(error, t('common.error')),
        severity: 'error',
      });
    } finally {
      setBusy(false);
      onSettled();
    }
  };

  return { busy, save, remove };
}
