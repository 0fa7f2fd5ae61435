import { kindOf } from './notification-kinds';
import type { NotificationParams, NotificationTarget, NotificationType } from './notification.types';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Where a notification leads in the app: the one place that writes its `link` (docs/api.md "Notification links";
 * the frontend reads them in shared/appLinks.ts). Each type opens the screen it is about:
 * - the calendar at a day (`/?date=YYYY-MM-DD`: the month of that day, the day highlighted) for events and bookings,
 *   with `&user=<id>` for staff when it is an owner's calendar (a double booking told to the admins),
 *   or the calendar as it is for a feed's state (feeds are managed from the calendar page);
 * - an agreement (`/user/agreements/<id>`), or for staff the back office's (`/admin/agreements/<id>`);
 * - a case (`/cases?case=<id>`);
 * - the owner's appointments (`/appointments`), or for staff the back office's appointment (`/admin/appointments/<id>/show`);
 * - the owner's payouts at a year with that payout marked (`/payouts?year=<year>&payout=<id>`);
 * - for staff, an owner's Beds24 connection in the back office (`/admin/beds24/<owner id>`);
 * - the owner's own settings (`/settings`), or for staff a user's page in the back office (`/admin/users/<id>/show`).
 */
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
    case 'payout':
      return Number.isInteger(target.year) && target.year >= 2000 && target.year <= 2100 ? `/payouts?year=${target.year}&payout=${target.id}` : `/payouts?payout=${target.id}`;
    case 'staff-beds24':
      return `/admin/beds24/${target.id}`;
    case 'none':
      return null;
  }
}

export function notificationTarget(type: NotificationType, params: NotificationParams): NotificationTarget {
  const target = kindOf(type).target(params);
  // A record without its id (a hand-made notification) leads nowhere rather than to a broken address.
  if ('id' in target && !(Number.isInteger(target.id) && target.id > 0)) return { screen: 'none' };
  return target;
}

/** The link a notification of `type` with `params` is stored with. */
export const notificationLink = (type: NotificationType, params: NotificationParams): string | null => linkTo(notificationTarget(type, params));
