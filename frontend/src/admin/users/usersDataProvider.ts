/**
 * The users' calls that are not CRUD (the 'users' records themselves are plain simple-rest on /api/admin/users):
 * password, reset link, block and unblock, the user's calendar link and its renewal, the account-number history,
 * the user's calendar and creating an event for them.
 */
import type { Identifier } from 'react-admin';
import type { DataProviderPart, ProviderTools } from '../dataProviderPart';
import type { AccountNumberChange } from './types';
import type { CalendarWindow, NewEventPayload, UserCalendar, UserCalendarAnswer, UserCalendarEvent } from './userEvents';

/** The user pages' extra reads: the user's calendar (and one window of it), account-number history, activity. */
export const usersKeys = {
  userCalendar: (userId: number) => ['user-calendar', userId] as const,
  userCalendarWindow: (userId: number, window: CalendarWindow) => ['user-calendar', userId, window.startDate, window.endDate] as const,
  accountNumberHistory: (userId: number) => ['account-number-history', userId] as const,
  userActivity: (userId: number) => ['user-activity', userId] as const,
};

export interface ResetLink {
  resetLink: string;
  expiresAt: string;
}

/** What a staff member holds, as a 409 `staff_has_work` counts it (docs/roles.md#removing-a-person). */
export interface HeldWork {
  appointments: number;
  meetings: number;
  cases: number;
}

/** The admin's choice for that work: a successor who takes it over, or cancelling it with the owners told. */
export type WorkChoice = { handOverTo: number } | { cancelWork: true };

export interface UsersDataProvider {
  changeUserPassword(id: Identifier, newPassword: string): Promise<{ message: string }>;
  createResetLink(id: Identifier): Promise<ResetLink>;
  /** Blocks; a staff member who holds work needs `choice` (else 409 `staff_has_work`). */
  blockUser(id: Identifier, reason: string, choice?: WorkChoice): Promise<unknown>;
  /** Deletes; a staff member who holds work needs `choice` (else 409 `staff_has_work`). */
  deleteUser(id: Identifier, choice?: WorkChoice): Promise<unknown>;
  unblockUser(id: Identifier): Promise<unknown>;
  /** Turns off the user's two-factor sign-in (admins, after re-authentication; docs/security.md). */
  resetTwoFactor(id: Identifier): Promise<{ message: string }>;
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

export default function usersData({ adminUrl, call, post }: ProviderTools): DataProviderPart<UsersDataProvider> {
  const user = (id: Identifier) => `users/${encodeURIComponent(id)}`;
  // The first user-calendar read per user adds force_refresh=true; later ones (the 30 s poll) do not.
  const refreshedCalendars = new Set<string>();
  return {
    methods: {
      changeUserPassword: (id, newPassword) => post(`${user(id)}/change-password`, { newPassword }),
      createResetLink: (id) => post(`${user(id)}/reset-password`),
      blockUser: (id, reason, choice) => post(`${user(id)}/block`, { reason, ...choice }),
      deleteUser: (id, choice) => {
        const query = choice ? `?${new URLSearchParams('handOverTo' in choice ? { handOverTo: String(choice.handOverTo) } : { cancelWork: 'true' })}` : '';
        return call('DELETE', `${adminUrl}/${user(id)}${query}`);
      },
      unblockUser: (id) => post(`${user(id)}/unblock`),
      resetTwoFactor: (id) => post(`${user(id)}/2fa/reset`),
      userCalendarLink: (id) => call('GET', `${adminUrl}/${user(id)}/calendar-link`),
      renewUserCalendarLink: (id) => post(`${user(id)}/calendar-link/renew`),
      accountNumberHistory: (id) => call('GET', `${adminUrl}/${user(id)}/account-number-history`),
      userCalendar: async (id, window) => {
        const query = new URLSearchParams({ startDate: window.startDate, endDate: window.endDate });
        if (!refreshedCalendars.has(String(id))) {
          refreshedCalendars.add(String(id));
          query.set('force_refresh', 'true');
        }
        // The answer's icalEvents are, in the back office, the user's imported bookings.
        const { icalEvents, ...calendar } = await call<UserCalendarAnswer>('GET', `${adminUrl}/user-calendar/${encodeURIComponent(id)}?${query}`);
        return { ...calendar, bookings: icalEvents };
      },
      createUserEvent: (id, payload) => post(`user-events/${encodeURIComponent(id)}`, payload),
    },
  };
}

// The composed provider's type gains this part's calls (dataProviderPart.ts, PartCalls).
declare module '../dataProviderPart' {
  interface PartCalls {
    users: UsersDataProvider;
  }
}
