/**
 * The back office's one client for a user's calendar (docs/product/calendar.md#screens): reading it (GET
 * /api/admin/user-calendar/:id through the data provider's userCalendar, fresh for 5 s and polled every 30 s,
 * docs/product/calendar.md#routes) and adding an event to it (POST /api/admin/user-events/:id), after which the
 * calendar and the user's activity are read afresh. The dialogs (UserCalendarDialog, CreateEventDialog) only show it.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';
import type { CalendarWindow, NewEventPayload } from './userEvents';
import { usersKeys } from './usersDataProvider';

export const USER_CALENDAR_FRESH_MS = 5_000;
export const USER_CALENDAR_POLL_MS = 30_000;

/** The user's events and imported bookings in `window`; moving the window keeps the old list until the new one comes. */
export function useUserCalendar(userId: number, window: CalendarWindow) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return useQuery({
    queryKey: usersKeys.userCalendarWindow(userId, window),
    queryFn: () => dataProvider.userCalendar(userId, window),
    staleTime: USER_CALENDAR_FRESH_MS,
    refetchInterval: USER_CALENDAR_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/** Adds an event to the user's calendar; `onCreated` runs before the re-reads. */
export function useCreateUserEvent(userId: number, { onCreated, onError }: { onCreated: () => void; onError: (error: unknown) => void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: NewEventPayload) => dataProvider.createUserEvent(userId, payload),
    onSuccess: () => {
      onCreated();
      // The event is in the user's calendar and, as an admin's change, in their activity.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKeys.userCalendar(userId) }),
        queryClient.invalidateQueries({ queryKey: usersKeys.userActivity(userId) }),
      ]);
    },
    onError,
  });
}
