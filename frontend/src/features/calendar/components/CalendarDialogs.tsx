/**
 * The dialogs the calendar home opens (useEventDialogs says which): adding an event, marking a day, a marked day's
 * details and an event's details. Each loads when first opened: none is part of the calendar's first paint.
 */
import { Suspense } from 'react';
import type { User } from '../../../api/types';
import { loadDatePickers } from '../../../shared/components/loadDatePickers';
import { lazyNamed, prefetch } from '../../../shared/lazyNamed';
import { useCalendarProperty } from '../calendarProperty';
import { ownEventActions } from '../displayRules';
import type { useAdminEventActions } from '../hooks/useAdminEventActions';
import type { useEventDialogs } from '../hooks/useEventDialogs';

// The forms load when first opened, with the date pickers alongside.
const AddEventDialog = lazyNamed(() => {
  prefetch(loadDatePickers);
  return import('./AddEventDialog');
}, 'AddEventDialog');
const MarkDayDialog = lazyNamed(() => {
  prefetch(loadDatePickers);
  return import('./MarkedDayDialogs');
}, 'MarkDayDialog');
const MarkedDayDetailDialog = lazyNamed(() => import('./MarkedDayDialogs'), 'MarkedDayDetailDialog');
// An event's details (with its notes field) load with the first event opened.
const EventDetailDialog = lazyNamed(() => import('./EventDetailDialog'), 'EventDetailDialog');

interface CalendarDialogsProps {
  dialogs: ReturnType<typeof useEventDialogs>;
  adminActions: ReturnType<typeof useAdminEventActions>;
  user: User;
  viewedUserId: number | null;
}

export function CalendarDialogs({ dialogs, adminActions, user, viewedUserId }: CalendarDialogsProps) {
  const { readOnly } = useCalendarProperty();
  return (
    <>
      <Suspense fallback={null}>
        {dialogs.addDate !== null && (
          <AddEventDialog open date={dialogs.addDate} currentUser={user} viewedUserId={viewedUserId} onClose={dialogs.closeAdd} />
        )}
        {dialogs.markTarget && <MarkDayDialog target={dialogs.markTarget} onClose={dialogs.closeMark} />}
        {dialogs.markedDetail && (
          <MarkedDayDetailDialog
            markedDay={dialogs.markedDetail}
            readOnly={viewedUserId !== null || readOnly}
            onEdit={dialogs.editMarkedDay}
            onClose={dialogs.closeMarkedDetail}
          />
        )}
      </Suspense>
      {dialogs.detailEvent && (
        <Suspense fallback={null}>
          <EventDetailDialog
            event={dialogs.detailEvent}
            currentUser={user}
            viewedUserId={viewedUserId}
            // An admin recolours an own event from its dialog (the bar holds no buttons: it is one itself).
            onRecolor={
              user.isAdmin && ownEventActions(dialogs.detailEvent).color
                ? (color: string) => {
                    const event = dialogs.detailEvent;
                    dialogs.closeDetail();
                    if (event) void adminActions.setColor(event, color);
                  }
                : undefined
            }
            onClose={dialogs.closeDetail}
          />
        </Suspense>
      )}
    </>
  );
}
