/**
 * The app's addresses for "open what this is about": the links notifications carry (the server writes them; see
 * docs/api.md "Notification links") read into the screen they open, and the calendar's `?date=` (the month of that
 * day, the day highlighted). One module, so the server's format and the app's routes meet in one place.
 */

/** The routes the links open (App.tsx mounts its pages on these). */
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

export type AppTarget =
  | { screen: 'calendar'; date: string | null; userId?: number }
  | { screen: 'agreement'; id: number }
  | { screen: 'case'; id: number }
  | { screen: 'settings' }
  | { screen: 'staff-agreement'; id: number }
  | { screen: 'staff-user'; id: number }
  | { screen: 'appointments' }
  | { screen: 'staff-appointment'; id: number }
  | { screen: 'payout'; id: number; year: number | null }
  | { screen: 'staff-beds24'; id: number };

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

/** The screen a link opens, or null for one the app does not know (it is then not followed). */
export function parseAppLink(link: string | null | undefined): AppTarget | null {
  // Only the app's own paths: never another origin, whatever a stored link says.
  if (!link || !link.startsWith('/') || link.startsWith('//')) return null;
  const url = new URL(link, 'http://app.invalid');
  if (url.pathname === APP_PATHS.calendar) {
    const userId = positiveId(url.searchParams.get('user'));
    return { screen: 'calendar', date: parseDay(url.searchParams.get('date')), ...(userId !== null ? { userId } : {}) };
  }
  const agreement = /^\/user\/agreements\/([^/]+)$/.exec(url.pathname);
  if (agreement) {
    const id = positiveId(agreement[1]);
    return id === null ? null : { screen: 'agreement', id };
  }
  if (url.pathname === APP_PATHS.cases) {
    const id = positiveId(url.searchParams.get('case'));
    return id === null ? null : { screen: 'case', id };
  }
  if (url.pathname === APP_PATHS.settings) return { screen: 'settings' };
  const staffAgreement = /^\/admin\/agreements\/([^/]+)$/.exec(url.pathname);
  if (staffAgreement) {
    const id = positiveId(staffAgreement[1]);
    return id === null ? null : { screen: 'staff-agreement', id };
  }
  const staffUser = /^\/admin\/users\/([^/]+)\/show$/.exec(url.pathname);
  if (staffUser) {
    const id = positiveId(staffUser[1]);
    return id === null ? null : { screen: 'staff-user', id };
  }
  if (url.pathname === APP_PATHS.appointments) return { screen: 'appointments' };
  const staffBeds24 = /^\/admin\/beds24\/([^/]+)$/.exec(url.pathname);
  if (staffBeds24) {
    const id = positiveId(staffBeds24[1]);
    return id === null ? null : { screen: 'staff-beds24', id };
  }
  if (url.pathname === APP_PATHS.payouts) {
    const id = positiveId(url.searchParams.get('payout'));
    return id === null ? null : { screen: 'payout', id, year: payoutYearOf(url.searchParams) };
  }
  const staffAppointment = /^\/admin\/appointments\/([^/]+)\/show$/.exec(url.pathname);
  if (staffAppointment) {
    const id = positiveId(staffAppointment[1]);
    return id === null ? null : { screen: 'staff-appointment', id };
  }
  return null;
}

/** The address of a target, as the router takes it. */
export function appPath(target: AppTarget): string {
  switch (target.screen) {
    case 'calendar': {
      const query = [target.date ? `date=${target.date}` : '', target.userId ? `user=${target.userId}` : ''].filter(Boolean).join('&');
      return query ? `/?${query}` : '/';
    }
    case 'agreement':
      return APP_PATHS.agreement.replace(':id', String(target.id));
    case 'case':
      return `${APP_PATHS.cases}?case=${target.id}`;
    case 'settings':
      return APP_PATHS.settings;
    case 'staff-agreement':
      return APP_PATHS.staffAgreement.replace(':id', String(target.id));
    case 'staff-user':
      return APP_PATHS.staffUser.replace(':id', String(target.id));
    case 'appointments':
      return APP_PATHS.appointments;
    case 'staff-appointment':
      return APP_PATHS.staffAppointment.replace(':id', String(target.id));
    case 'staff-beds24':
      return APP_PATHS.staffBeds24.replace(':id', String(target.id));
    case 'payout':
      return `${APP_PATHS.payouts}?${target.year ? `year=${target.year}&` : ''}payout=${target.id}`;
  }
}

/**
 * The user whose calendar a full admin opens (`?user=`, a double booking's link: docs/architecture.md "Double
 * bookings"), or null for one's own.
 */
export const calendarUserOf = (search: URLSearchParams): number | null => positiveId(search.get('user'));

/** The day the calendar opens at (`?date=`), or null. */
export const calendarDateOf = (search: URLSearchParams): string | null => parseDay(search.get('date'));

/** The year the payouts page opens at (`?year=`, 2000–2100), or null. */
export function payoutYearOf(search: URLSearchParams): number | null {
  const value = search.get('year');
  return value && /^\d{4}$/.test(value) && Number(value) >= 2000 && Number(value) <= 2100 ? Number(value) : null;
}

/** The payout a notification marks on the payouts page (`?payout=`), or null. */
export const payoutOf = (search: URLSearchParams): number | null => positiveId(search.get('payout'));
