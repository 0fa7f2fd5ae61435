import type { NotificationParams, NotificationType } from './notification.types';

/**
 * Where a notification leads in the app: the one place that writes its `link` (docs/api.md "Notification links";
 * the frontend reads them in shared/appLinks.ts). Each type opens the screen it is about:
 * - the calendar at a day (`/?date=YYYY-MM-DD`: the month of that day, the day highlighted) for events and bookings,
 *   with `&user=<id>` for staff when it is an owner's calendar (a double booking told to the admins),
 *   or the calendar as it is for a feed's state (feeds are managed from the calendar page);
 * - an agreement (`/user/agreements/<id>`), or for staff the back office's (`/admin/agreements/<id>`);
 * - a case (`/cases?case=<id>`);
 * - the owner's appointments (`/appointments`), or for staff the back office's appointment (`/admin/appointments/<id>/show`);
 * - the owner's own settings (`/settings`), or for staff a user's page in the back office (`/admin/users/<id>/show`).
 */
export type NotificationTarget =
  | { screen: 'calendar'; date: string | null; userId?: number }
  | { screen: 'agreement'; id: number }
  | { screen: 'case'; id: number }
  | { screen: 'settings' }
  | { screen: 'staff-agreement'; id: number }
  | { screen: 'staff-user'; id: number }
  | { screen: 'appointments' }
  | { screen: 'staff-appointment'; id: number }
  | { screen: 'none' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function linkTo(target: NotificationTarget): string | null {
  switch (target.screen) {
    case 'calendar': {
      const date = target.date && DAY.test(target.date) ? `date=${target.date}` : null;
      // Staff open the owner's calendar (`user`): a full admin's calendar page can show another user's.
      const user = target.userId && Number.isInteger(target.userId) && target.userId > 0 ? `user=${target.userId}` : null;
      const query = [date, user].filter(Boolean).join('&');
      return query ? `/?${query}` : '/';
    }
    case 'agreement':
      return `/user/agreements/${target.id}`;
    case 'case':
      return `/cases?case=${target.id}`;
    case 'settings':
      return '/settings';
    case 'staff-agreement':
      return `/admin/agreements/${target.id}`;
    case 'staff-user':
      return `/admin/users/${target.id}/show`;
    case 'appointments':
      return '/appointments';
    case 'staff-appointment':
      return `/admin/appointments/${target.id}/show`;
    case 'none':
      return null;
  }
}

const day = (params: NotificationParams) => (typeof params.date === 'string' ? params.date : null);
const id = (value: string | number | undefined) => Number(value);

/**
 * Each type's target from its params (the params every producer of that type writes: `date`, the business-time-zone
 * day, for calendar types; `agreementId`, `caseId`, `userId`, `appointmentId`). A Record, so a new type cannot be added without its target.
 */
const TARGETS: Record<NotificationType, (params: NotificationParams) => NotificationTarget> = {
  event_created: (p) => ({ screen: 'calendar', date: day(p) }),
  event_updated: (p) => ({ screen: 'calendar', date: day(p) }),
  event_deleted: (p) => ({ screen: 'calendar', date: day(p) }),
  collaboration_invite: (p) => ({ screen: 'calendar', date: day(p) }),
  system: () => ({ screen: 'none' }),
  booking_new: (p) => ({ screen: 'calendar', date: day(p) }),
  booking_changed: (p) => ({ screen: 'calendar', date: day(p) }),
  booking_cancelled: (p) => ({ screen: 'calendar', date: day(p) }),
  // The owner's calendar at the first shared day; an admin's copy names the owner (`ownerId`).
  booking_conflict: (p) => ({ screen: 'calendar', date: day(p), ...(p.ownerId !== undefined ? { userId: id(p.ownerId) } : {}) }),
  feed_failing: () => ({ screen: 'calendar', date: null }),
  feed_recovered: () => ({ screen: 'calendar', date: null }),
  agreement_created: (p) => ({ screen: 'agreement', id: id(p.agreementId) }),
  agreement_changed: (p) => ({ screen: 'agreement', id: id(p.agreementId) }),
  agreement_cancelled: (p) => ({ screen: 'agreement', id: id(p.agreementId) }),
  agreement_note: (p) => ({ screen: 'agreement', id: id(p.agreementId) }),
  case_message: (p) => ({ screen: 'case', id: id(p.caseId) }),
  case_assigned: (p) => ({ screen: 'case', id: id(p.caseId) }),
  case_closed: (p) => ({ screen: 'case', id: id(p.caseId) }),
  case_reopened: (p) => ({ screen: 'case', id: id(p.caseId) }),
  agreement_owner_note: (p) => ({ screen: 'staff-agreement', id: id(p.agreementId) }),
  account_number_changed: () => ({ screen: 'settings' }),
  two_factor_reset: () => ({ screen: 'settings' }),
  user_account_number_changed: (p) => ({ screen: 'staff-user', id: id(p.userId) }),
  appointment_booked: (p) => ({ screen: 'staff-appointment', id: id(p.appointmentId) }),
  appointment_cancelled: () => ({ screen: 'appointments' }),
  appointment_owner_cancelled: (p) => ({ screen: 'staff-appointment', id: id(p.appointmentId) }),
};

export function notificationTarget(type: NotificationType, params: NotificationParams): NotificationTarget {
  const target = TARGETS[type](params);
  // A record without its id (a hand-made notification) leads nowhere rather than to a broken address.
  if ('id' in target && !(Number.isInteger(target.id) && target.id > 0)) return { screen: 'none' };
  return target;
}

/** The link a notification of `type` with `params` is stored with. */
export const notificationLink = (type: NotificationType, params: NotificationParams): string | null => linkTo(notificationTarget(type, params));
