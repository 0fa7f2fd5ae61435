/**
 * What a click on a day does, and a right-click, long press or 'm' on it: a day holding an external booking refuses
 * both (with a warning); otherwise a click adds an event, and the other shows the day's mark or gives it one.
 */
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/toast';
import type { CalendarData } from '../calendarApi';
import { BOOKING_WARNING_MS } from '../constants';
import { markActionFor } from '../dayCells';
import { dayHasImportedBooking } from '../displayRules';
import type { CalendarDays } from './useCalendarDays';
import type { useEventDialogs } from './useEventDialogs';

interface DayActionsInput {
  data: CalendarData;
  days: CalendarDays;
  dialogs: ReturnType<typeof useEventDialogs>;
  /** Whether a click on a day may add an event (the own calendar, or a full admin on another's). */
  canAdd: boolean;
  ownCalendar: boolean;
}

export function useDayActions({ data, days, dialogs, canAdd, ownCalendar }: DayActionsInput) {
  const { t } = useTranslation();
  const toast = useToast();

  /** A day holding an imported booking refuses clicks. */
  const refuseBookedDay = (dateKey: string): boolean => {
    if (!dayHasImportedBooking(dateKey, data.bookings)) return false;
    toast({ title: t('calendar.bookingFound'), description: t('calendar.bookingFoundText'), severity: 'error', durationMs: BOOKING_WARNING_MS });
    return true;
  };

  const onDayClick = (dateKey: string) => {
    if (refuseBookedDay(dateKey)) return;
    if (canAdd) dialogs.openAdd(dateKey);
  };

  /** Right-click, long press or 'm': a marked day shows its mark (to see, change or remove), another gets one. */
  const onDayContextMenu = (dateKey: string) => {
    const action = markActionFor(days.markedByDay.get(dateKey));
    if (action.kind === 'detail') {
      dialogs.openMarkedDetail(action.mark);
      return;
    }
    if (refuseBookedDay(dateKey)) return;
    if (ownCalendar) dialogs.openMark(dateKey);
  };

  return { onDayClick, onDayContextMenu };
}
