/**
 * The app's addresses: the routes its pages mount on, the query parameters a page opens at (the calendar's `?date=`:
 * the month of that day, the day highlighted), and the check a stored link passes before the app follows it. A
 * notification's link is written by its kind on the server (docs/api.md#notification-links) and followed as it is.
 */

/** The routes of the app's pages (the features' manifests mount them on these). */
export const APP_PATHS = {
  calendar: '/',
  agreement: '/user/agreements/:id',
  cases: '/cases',
  settings: '/settings',
  staffAgreement: '/admin/agreements/:id',
  staffUser: '/admin/users/:id/show',
  /** Where staff find payouts: the back office's overview of every user's (staff have none of their own). */
  staffPayouts: '/admin/payouts',
  /** The owner's payouts; `?year=` and `?payout=` open a year with one payout marked. */
  payouts: '/payouts',
  /** An owner's Beds24 connection in the back office (its edit view, by the owner's id). */
  staffBeds24: '/admin/beds24/:id',
  appointments: '/appointments',
  staffAppointment: '/admin/appointments/:id/show',
} as const;

/** `/?feeds=1`: the calendar with the feed manager open (app/Layout.tsx opens it and takes the parameter away). */
export const FEEDS_PARAM = 'feeds';

/** Whether an address asks for the feed manager. */
export const opensFeedManager = (search: URLSearchParams): boolean => search.has(FEEDS_PARAM);

/** An address of the back office (react-admin's routes under /admin), opened there in place. */
export const isBackOfficePath = (path: string): boolean => path === '/admin' || path.startsWith('/admin/');

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' naming a real day, else null (a hand-edited address must not move the calendar to NaN). */
export function parseDay(value: string | null | undefined): string | null {
  const match = value ? DAY.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? value! : null;
}

const positiveId = (value: string | null | undefined): number | null => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/**
 * Whether a stored link is an address inside the app, as the server writes them: one leading slash, no second one or
 * backslash after it (`//host`, `/\\host` lead to another origin), no whitespace. Anything else is not followed.
 */
export const isAppPath = (link: string | null | undefined): link is string => typeof link === 'string' && link.length <= 500 && /^\/(?![/\\])[^\s\\]*$/.test(link);

/** The calendar at a day, for a full admin at an owner's (`?user=`: docs/architecture.md "Double bookings"). */
export function appPath(target: { screen: 'calendar'; date: string | null; userId?: number }): string {
  const query = [target.date ? `date=${target.date}` : '', target.userId ? `user=${target.userId}` : ''].filter(Boolean).join('&');
  return query ? `${APP_PATHS.calendar}?${query}` : APP_PATHS.calendar;
}

/**
 * The user whose calendar a full admin opens (`?user=`, a double booking's link: docs/architecture.md "Double
 * bookings"), or null for one's own.
 */
export const calendarUserOf = (search: URLSearchParams): number | null => positiveId(search.get('user'));

/** The property whose calendar is shown (`?property=`), or null: the person's first. */
export const calendarPropertyOf = (search: URLSearchParams): number | null => positiveId(search.get('property'));

/** The day the calendar opens at (`?date=`), or null. */
export const calendarDateOf = (search: URLSearchParams): string | null => parseDay(search.get('date'));

/** The year the payouts page opens at (`?year=`, 2000–2100), or null. */
export function payoutYearOf(search: URLSearchParams): number | null {
  const value = search.get('year');
  return value && /^\d{4}$/.test(value) && Number(value) >= 2000 && Number(value) <= 2100 ? Number(value) : null;
}

/** The payout a notification marks on the payouts page (`?payout=`), or null. */
export const payoutOf = (search: URLSearchParams): number | null => positiveId(search.get('payout'));
