/**
 * Data for the back office: simple-rest on /api/admin (the API answers lists with Content-Range), plus the user
 * actions that are not CRUD (password, reset link, block, unblock, calendar link and its renewal, the user's
 * calendar and creating an event for them) and the feed actions.
 *
 * The 'ical-feeds' resource reads through simple-rest on GET /api/admin/all-ical-feeds, which filters, sorts and
 * pages in SQL (getOne and getMany use its id filter; there is no GET by id); a feed is created and changed
 * through the owner-facing /api/ical-feeds routes, which take a userId from admins. The 'ical' resource (the staff
 * member's own feeds) lists GET /api/ical-feeds, a short plain array, and pages it here (ical/localList.ts).
 */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { AdminFeed, CleanupAnswer, FeedHealth, FeedSyncAnswer, ForceRefreshAnswer, SyncAllAnswer } from './feeds/types';
import type { Backup, JobStatus, MaintenanceStatus, RestoreAnswer, SystemSetting } from '../api/types';
import { CONFLICTS_RESOURCE } from './conflicts/names';
import { httpClient } from './httpClient';
import { listLocally } from './ical/localList';
import { PAYOUTS_RESOURCE, type AdminPayout, type RentalDaysAnswer } from './payouts/types';
import { toPayoutPayload } from './payouts/validation';
import type { CalendarWindow, NewEventPayload, UserCalendar, UserCalendarEvent } from './users/userEvents';
import type { AccountNumberChange } from './users/types';

export interface ResetLink {
  resetLink: string;
  expiresAt: string;
}

export interface AdminDataProvider extends DataProvider {
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
  /** The logged-in staff member's own iCal link (the 'ical' tab). */
  ownCalendarLink(): Promise<{ url: string }>;
  /** Every feed with owner and sync state, unpaged (the sync-all progress counts over it). */
  allFeeds(): Promise<AdminFeed[]>;
  feedHealth(): Promise<FeedHealth>;
  syncFeed(id: Identifier): Promise<FeedSyncAnswer>;
  forceRefreshFeed(id: Identifier): Promise<ForceRefreshAnswer>;
  syncAllFeeds(): Promise<SyncAllAnswer>;
  cleanupDuplicateFeeds(): Promise<CleanupAnswer>;
  /** The booked nights of an owner's month, counted from their stored bookings. */
  calculateRentalDays(input: { userId: number; month: number; year: number }): Promise<RentalDaysAnswer>;
  /** One owner's payouts of a year, for the year overview. */
  payoutsOfYear(userId: Identifier, year: number): Promise<AdminPayout[]>;
  /** The maintenance state (GET /api/maintenance-status) and its switch (POST /api/admin/maintenance-mode). */
  maintenanceStatus(): Promise<MaintenanceStatus>;
  setMaintenance(enabled: boolean, message: string): Promise<MaintenanceStatus>;
  /** The system settings staff have set (GET /api/system-settings) and one key's new value (PUT /api/system-settings/{key}). */
  systemSettings(): Promise<SystemSetting[]>;
  setSystemSetting(key: string, value: string): Promise<SystemSetting>;
  /** Assigns a case to an admin (null: nobody) and/or a department (null: none); fields left out stay. */
  assignCase(id: Identifier, input: { adminId?: number | null; department?: string | null }): Promise<RaRecord>;
  /** Scheduled jobs with their last runs, and running one now. */
  jobs(): Promise<JobStatus[]>;
  runJob(id: string): Promise<JobStatus>;
  /** The backup history, making one now, and restoring one (admins only). */
  backups(): Promise<Backup[]>;
  createBackup(): Promise<Backup>;
  restoreBackup(filename: string): Promise<RestoreAnswer>;
}

export const FEEDS_RESOURCE = 'ical-feeds';
/** Where the 'ical-feeds' resource reads from, under /api/admin. */
const ALL_FEEDS_PATH = 'all-ical-feeds';
/** The staff member's own feeds and link (docs/product/feeds.md#screens). */
export const OWN_ICAL_RESOURCE = 'ical';
/** Agreements: /admin/agreements in the back office, /api/admin-agreements in the API (docs/product/agreements.md#screens). */
export const AGREEMENTS_RESOURCE = 'agreements';
const AGREEMENTS_PATH = 'admin-agreements';
/** Appointments: /admin/appointments in the back office, /api/appointments in the API (docs/appointments.md). */
const APPOINTMENTS_RESOURCE = 'appointments';
const APPOINTMENTS_PATH = 'appointments';

/** What POST and PUT /api/ical-feeds accept; the record's other fields (owner, sync state) stay out. */
export function toFeedPayload(data: Partial<AdminFeed>, withUser: boolean) {
  return {
    name: data.name?.trim(),
    url: data.url?.trim(),
    color: data.color,
    enabled: data.enabled ?? true,
    ...(withUser ? { userId: Number(data.userId) } : {}),
  };
}

/**
 * What POST and PUT /api/admin-agreements take: the form's fields only. The edit form edits the place as
 * `location` (docs/product/agreements.md#data-and-states), so an update sends that name; a create sends meetingLocation.
 */
export function toAgreementPayload(data: Partial<Record<string, unknown>>, isCreate: boolean) {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const date = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === 'string' && v ? new Date(v).toISOString() : undefined);
  const common = {
    title: typeof data.title === 'string' ? data.title.trim() : data.title,
    description: text(data.description),
    meetingDate: date(data.meetingDate),
    endDate: date(data.endDate) ?? null,
    status: data.status,
  };
  return isCreate
    ? { ...common, userId: Number(data.userId), meetingLocation: text(data.meetingLocation), meetingType: data.meetingType }
    : { ...common, location: text(data.location) };
}

/** apiUrl is the API root ('/api' in the browser; tests pass a local server's address). */
export function createDataProvider(apiUrl = '/api'): AdminDataProvider {
  const adminUrl = `${apiUrl}/admin`;
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const { json } = await httpClient(url, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    return json as T;
  };
  const post = <T>(path: string, body?: unknown) => call<T>('POST', `${adminUrl}/${path}`, body);
  const user = (id: Identifier) => `users/${encodeURIComponent(id)}`;
  const feedUrl = (id: Identifier) => `${apiUrl}/ical-feeds/${encodeURIComponent(id)}`;
  const allFeeds = () => call<AdminFeed[]>('GET', `${adminUrl}/${ALL_FEEDS_PATH}`);

  // The first user-calendar read per user adds force_refresh=true; later ones (the 30 s poll) do not.
  const refreshedCalendars = new Set<string>();
  const userCalendar = (id: Identifier, window: CalendarWindow) => {
    const query = new URLSearchParams({ startDate: window.startDate, endDate: window.endDate });
    if (!refreshedCalendars.has(String(id))) {
      refreshedCalendars.add(String(id));
      query.set('force_refresh', 'true');
    }
    return call<UserCalendar>('GET', `${adminUrl}/user-calendar/${encodeURIComponent(id)}?${query}`);
  };

  const rest = simpleRestProvider(adminUrl, httpClient);
  const rootRest = simpleRestProvider(apiUrl, httpClient);
  // Agreements and appointments live at the API's root (/api/admin-agreements, /api/appointments), not under /admin.
  const rootPath = (resource: string) => (resource === AGREEMENTS_RESOURCE ? AGREEMENTS_PATH : resource === APPOINTMENTS_RESOURCE ? APPOINTMENTS_PATH : null);
  const isAgreements = (resource: string) => resource === AGREEMENTS_RESOURCE;
  const oneFeed = async (id: Identifier, signal?: AbortSignal) => {
    const { data } = await rest.getMany(ALL_FEEDS_PATH, { ids: [id], signal });
    if (!data.length) throw new Error('Kalenderen finnes ikke');
    return data[0];
  };
  const isFeeds = (resource: string) => resource === FEEDS_RESOURCE;
  /** The simple-rest path a resource's reads go to. */
  const readPath = (resource: string) => (isFeeds(resource) ? ALL_FEEDS_PATH : resource);
  // react-admin's generics promise any record type; the feed branch returns AdminFeed records.
  const asRecords = <R>(value: unknown) => value as R;

  return {
    ...rest,
    getList: async (resource, params) => {
      if (resource === OWN_ICAL_RESOURCE) return asRecords(listLocally(await call<RaRecord[]>('GET', `${apiUrl}/ical-feeds`), params));
      const root = rootPath(resource);
      if (root) return rootRest.getList(root, params);
      // Double bookings are read where owners read theirs, GET /api/conflicts (staff see every owner's).
      if (resource === CONFLICTS_RESOURCE) return rootRest.getList(CONFLICTS_RESOURCE, params);
      return rest.getList(readPath(resource), params);
    },
    getOne: async (resource, params) => {
      const root = rootPath(resource);
      if (root) return rootRest.getOne(root, params);
      return isFeeds(resource) ? asRecords({ data: await oneFeed(params.id, params.signal) }) : rest.getOne(resource, params);
    },
    getMany: (resource, params) => {
      const root = rootPath(resource);
      return root ? rootRest.getMany(root, params) : rest.getMany(readPath(resource), params);
    },
    // simple-rest sends the target as a filter ({ userId: 7 }), which all-ical-feeds accepts.
    getManyReference: (resource, params) => rest.getManyReference(readPath(resource), params),
    create: async (resource, params) => {
      // Payouts: the fields POST /api/admin/payouts takes, the amount as a decimal string.
      if (resource === PAYOUTS_RESOURCE) return asRecords({ data: await post<RaRecord>(PAYOUTS_RESOURCE, toPayoutPayload(params.data, true)) });
      if (isAgreements(resource)) return asRecords({ data: await call<RaRecord>('POST', `${apiUrl}/${AGREEMENTS_PATH}`, toAgreementPayload(params.data, true)) });
      if (!isFeeds(resource)) return rest.create(resource, params);
      return asRecords({ data: await call<RaRecord>('POST', `${apiUrl}/ical-feeds`, toFeedPayload(params.data, true)) });
    },
    update: async (resource, params) => {
      // Payouts change by PATCH (amount, status, rentalDays, notes); the owner's name stays from the list.
      if (resource === PAYOUTS_RESOURCE) {
        const changed = await call<RaRecord>('PATCH', `${adminUrl}/${PAYOUTS_RESOURCE}/${encodeURIComponent(params.id)}`, toPayoutPayload(params.data, false));
        return asRecords({ data: { ...params.previousData, ...changed } });
      }
      if (isAgreements(resource)) return asRecords({ data: await call<RaRecord>('PUT', `${apiUrl}/${AGREEMENTS_PATH}/${encodeURIComponent(params.id)}`, toAgreementPayload(params.data, false)) });
      if (!isFeeds(resource)) return rest.update(resource, params);
      const updated = await call<RaRecord>('PUT', feedUrl(params.id), toFeedPayload(params.data, false));
      // Keep the owner fields the PUT answer does not carry, so the list row stays whole until it refetches.
      return asRecords({ data: { ...params.previousData, ...updated } });
    },
    delete: async (resource, params) => {
      // Deleting an appointment cancels it; the answer is the cancelled appointment.
      if (resource === APPOINTMENTS_RESOURCE) return asRecords({ data: await call<RaRecord>('DELETE', `${apiUrl}/${APPOINTMENTS_PATH}/${encodeURIComponent(params.id)}`) });
      if (isAgreements(resource)) {
        await call('DELETE', `${apiUrl}/${AGREEMENTS_PATH}/${encodeURIComponent(params.id)}`);
        return asRecords({ data: params.previousData ?? { id: params.id } });
      }
      if (!isFeeds(resource)) return rest.delete(resource, params);
      await call('DELETE', feedUrl(params.id));
      return asRecords({ data: params.previousData ?? { id: params.id } });
    },
    deleteMany: async (resource, params) => {
      if (!isFeeds(resource)) return rest.deleteMany(resource, params);
      for (const id of params.ids) await call('DELETE', feedUrl(id));
      return { data: params.ids };
    },
    changeUserPassword: (id, newPassword) => post(`${user(id)}/change-password`, { newPassword }),
    createResetLink: (id) => post(`${user(id)}/reset-password`),
    blockUser: (id, reason) => post(`${user(id)}/block`, { reason }),
    unblockUser: (id) => post(`${user(id)}/unblock`),
    userCalendarLink: (id) => call('GET', `${adminUrl}/${user(id)}/calendar-link`),
    renewUserCalendarLink: (id) => post(`${user(id)}/calendar-link/renew`),
    accountNumberHistory: (id) => call('GET', `${adminUrl}/${user(id)}/account-number-history`),
    userCalendar,
    createUserEvent: (id, payload) => post(`user-events/${encodeURIComponent(id)}`, payload),
    ownCalendarLink: () => call('GET', `${apiUrl}/user/calendar-link`),
    allFeeds,
    feedHealth: () => call('GET', `${adminUrl}/feed-health`),
    syncFeed: (id) => call('POST', `${feedUrl(id)}/sync`),
    forceRefreshFeed: (id) => post(`force-refresh-ical/${encodeURIComponent(id)}`),
    syncAllFeeds: () => post('sync-all-ical'),
    cleanupDuplicateFeeds: () => post('cleanup-duplicates'),
    calculateRentalDays: (input) => post(`${PAYOUTS_RESOURCE}/calculate-rental-days`, input),
    assignCase: (id, input) => post(`cases/${encodeURIComponent(id)}/assign`, input),
    payoutsOfYear: (userId, year) => call('GET', `${adminUrl}/${PAYOUTS_RESOURCE}/user/${encodeURIComponent(userId)}/year/${year}`),
    maintenanceStatus: () => call('GET', `${apiUrl}/maintenance-status`),
    setMaintenance: (enabled, message) => post('maintenance-mode', { enabled, message }),
    systemSettings: () => call('GET', `${apiUrl}/system-settings`),
    setSystemSetting: (key, value) => call('PUT', `${apiUrl}/system-settings/${encodeURIComponent(key)}`, { value }),
    jobs: () => call('GET', `${adminUrl}/jobs`),
    runJob: (id) => post(`jobs/${encodeURIComponent(id)}/run`),
    backups: () => call('GET', `${adminUrl}/backups`),
    createBackup: () => post('backups'),
    restoreBackup: (filename) => post(`backups/restore/${encodeURIComponent(filename)}`),
  };
}
