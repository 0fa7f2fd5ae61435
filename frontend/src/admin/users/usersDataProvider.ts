/**
 * The users' calls that are not CRUD (the 'users' records themselves are plain simple-rest on /api/admin/users):
 * password, reset link, block and unblock, the user's calendar link and its renewal, the account-number history,
 * the user's calendar and creating an event for them.
 */
import type { Identifier } from 'react-admin';
import type { DataProviderPart, ProviderTools } from '../dataProviderPart';
import type { AccountNumberChange } from './types';
import type { CalendarWindow, NewEventPayload, UserCalendar, UserCalendarEvent } from './userEvents';

/** The user pages' extra reads: the user's calendar (and one range of it), account-number history, activity. */
export const usersKeys = {
  userCalendar: (userId: number) => ['user-calendar', userId] as const,
  userCalendarRange: (userId: number, startDate: string, endDate: string) => ['user-calendar', userId, startDate, endDate] as const,
  accountNumberHistory: (userId: number) => ['account-number-history', userId] as const,
  userActivity: (userId: number) => ['user-activity', userId] as const,
};

export interface ResetLink {
  resetLink: string;
  expiresAt: string;
}

export interface UsersDataProvider {
  changeUserPassword(id: Identifier, newPassword: string): Promise<{ message: string }>;
  createResetLink(id: Identifier): Promise<ResetLink>;
  blockUser(id: Identifier, reason: string): Promise<unknown>;
  unblockUser(id: Identifier): Promise<unknown>;
  /** The user's personal iCal subscription link. */
  userCalendarLink(id: Identifier): Promise<{ url: string }>;
  /** A new personal iCal link for the user; the old one stops working at once. */
  renewUserCalendarLink(id: Identifier): Promise<{ url: string }>;
  /** Who changed a user's payout account number and when, newest first, the numbers masked (staff). */
  accountNumberHistory(id: Identifier): Promise<AccountNumberChange[]>;
  /** The user's events and imported bookings in a window; the first read per user asks for fresh feeds. */
  userCalendar(id: Identifier, window: CalendarWindow): Promise<UserCalendar>;
  createUserEvent(id: Identifier, payload: NewEventPayload): Promise<UserCalendarEvent>;
}

export function usersData({ adminUrl, call, post }: ProviderTools): DataProviderPart<UsersDataProvider> {
  const user = (id: Identifier) => `users/${encodeURIComponent(id)}`;
  // The first user-calendar read per user adds force_refresh=true; later ones (the 30 s poll) do not.
  const refreshedCalendars = new Set<string>();
  return {
    methods: {
      changeUserPassword: (id, newPassword) => post(`${user(id)}/change-password`, { newPassword }),
      createResetLink: (id) => post(`${user(id)}/reset-password`),
      blockUser: (id, reason) => post(`${user(id)}/block`, { reason }),
      unblockUser: (id) => post(`${user(id)}/unblock`),
      userCalendarLink: (id) => call('GET', `${adminUrl}/${user(id)}/calendar-link`),
      renewUserCalendarLink: (id) => post(`${user(id)}/calendar-link/renew`),
      accountNumberHistory: (id) => call('GET', `${adminUrl}/${user(id)}/account-number-history`),
      userCalendar: (id, window) => {
        const query = new URLSearchParams({ startDate: window.startDate, endDate: window.endDate });
        if (!refreshedCalendars.has(String(id))) {
          refreshedCalendars.add(String(id));
          query.set('force_refresh', 'true');
        }
        return call('GET', `${adminUrl}/user-calendar/${encodeURIComponent(id)}?${query}`);
      },
      createUserEvent: (id, payload) => post(`user-events/${encodeURIComponent(id)}`, payload),
    },
  };
}
