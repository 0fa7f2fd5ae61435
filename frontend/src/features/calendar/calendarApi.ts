/**
 * Calendar data (docs/product/calendar.md#routes): the reads by visible range with
 * their freshness (docs/product/calendar.md#validation-and-limits), and the refresh rules after a change.
 */
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { ApiError, apiJson } from '../../api/client';
import { ADMIN_CALENDAR_REFETCH_MS, STALE } from './constants';
import type { Agreement, CalendarConflict, CalendarEvent, CalendarWindow, EventNoteLookup, MarkedDay, RequestBody, TranslateAnswer, TranslationStatus, UserCalendar } from '../../api/types';
import { asExternalBookings, meetingItems, type ExternalBooking } from './viewModel';
import { keepWindow, keptWindow } from '../../shared/keptWindows';
import { prerenderedLoginForm } from '../../shared/prerenderedLogin';

/** The visible range as the API wants it: ISO instants, end exclusive. */
export interface VisibleRange {
  startDate: string;
  endDate: string;
}

/**
 * The calendar's query keys. The first element is the URL the default query function GETs
 * (docs/product/app.md#data-reads); `all` keys are the prefixes that refresh every range. Other features refresh
 * them through the calendar's index.ts (the feeds, after a sync).
 */
export const calendarKeys = {
  /**
   * The calendar page's window: own events, marked days and imported events in one read (GET /api/calendar-window),
   * of the person's first property or of the one named (`propertyId`).
   */
  window: {
    all: ['/api/calendar-window'] as const,
    range: (range: VisibleRange, propertyId: number | null = null) =>
      propertyId === null ? (['/api/calendar-window', range] as const) : (['/api/calendar-window', range, { propertyId }] as const),
  },
  events: { all: ['/api/events'] as const },
  /** A property's year of nights (GET /api/properties/{id}/nights, nights.ts): changed by its stays and bookings. */
  nights: {
    all: ['/api/properties/{id}/nights'] as const,
    year: (propertyId: number, year: number) => ['/api/properties/{id}/nights', propertyId, year] as const,
  },
  /** The external bookings alone (GET /api/ical-feed-events); the window carries them too. */
  bookings: { all: ['/api/ical-feed-events'] as const },
  markedDays: { all: ['/api/marked-days'] as const },
  eventNotes: {
    all: ['/api/ical-event-notes'] as const,
    one: (externalId: string, propertyId: number | null = null) => ['/api/ical-event-notes', externalId, propertyId] as const,
  },
  /**
   * The owner's meetings the calendar draws: the shown property's agreements (GET /api/admin-agreements, a booked
   * appointment is one too), under the agreements' prefix so whatever refreshes agreements refreshes these; `meetingsOf`
   * names the property (null: the person's first).
   */
  meetings: ['/api/admin-agreements', 'meetings'] as const,
  meetingsOf: (propertyId: number | null) =>
    propertyId === null ? (['/api/admin-agreements', 'meetings'] as const) : (['/api/admin-agreements', 'meetings', propertyId] as const),
  /** Whether the server has a translation service ({ available }); fixed while the server runs. */
  translationStatus: ['/api/translate'] as const,
  /** Staff reading another user's calendar and marked days. */
  userCalendar: {
    all: ['/api/admin/user-calendar'] as const,
    ofUser: (userId: number) => ['/api/admin/user-calendar', userId] as const,
    range: (userId: number, range: VisibleRange) => ['/api/admin/user-calendar', userId, range] as const,
  },
  userMarkedDays: {
    all: ['/api/admin/user-marked-days'] as const,
    range: (userId: number, range: VisibleRange) => ['/api/admin/user-marked-days', userId, range] as const,
  },
};

const withParams = (url: string, params: Record<string, string>) => `${url}?${new URLSearchParams(params)}`;

/**
 * A calendar route of the property shown (`?propertyId=`); without one the server acts on the person's first property
 * (docs/product/calendar.md#whose-calendar-it-is), so the first property's addresses are the same as ever.
 */
export const inProperty = (url: string, propertyId: number | null) =>
  propertyId === null ? url : `${url}${url.includes('?') ? '&' : '?'}propertyId=${propertyId}`;

/** A window as the app keeps it: the answer and the ETag it came with (docs/api.md, 'Conditional requests'). */
export type KeptWindow = CalendarWindow & { etag?: string };

/**
 * GET /api/calendar-window: the own calendar's window in one request (the server also answers the three separate reads).
 * With `known` (the window this query holds) it revalidates: If-None-Match with its tag, and a 304 gives `known`
 * back, the same object, so nothing re-renders. The answer is never in the browser's HTTP cache (no-store): the app
 * keeps it, and forgets it at logout.
 */
export async function fetchCalendarWindow(range: VisibleRange, known?: KeptWindow, propertyId: number | null = null): Promise<KeptWindow> {
  const res = await fetch(inProperty(withParams('/api/calendar-window', { ...range }), propertyId), {
    credentials: 'include',
    cache: 'no-store',
    headers: known?.etag ? { 'If-None-Match': known.etag } : undefined,
  });
  if (res.status === 304 && known) return known;
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  const window = (await res.json()) as CalendarWindow;
  const etag = res.headers.get('ETag');
  return etag ? { ...window, etag } : window;
}

/**
 * The window the prerendered login page read with the login, while that page is still there (until the first
 * signed-in screen draws it away), when it is the one of `range`: the calendar's first read takes it instead of asking
 * the server for the same window again (docs/architecture.md#prerendered-login-page). Undefined otherwise.
 */
async function sentWindow(range: VisibleRange): Promise<KeptWindow | undefined> {
  try {
    const sent = await prerenderedLoginForm()?.sentWindow;
    if (sent?.status !== 200 || sent.range.startDate !== range.startDate || sent.range.endDate !== range.endDate) return undefined;
    const window = JSON.parse(sent.text) as CalendarWindow;
    return sent.etag ? { ...window, etag: sent.etag } : window;
  } catch {
    return undefined;
  }
}

/** The own window of a property (the first: null) as the calendar reads it: the sent one, or the server's answer. */
async function readOwnWindow(range: VisibleRange, known: KeptWindow | undefined, propertyId: number | null): Promise<KeptWindow> {
  return (propertyId === null ? await sentWindow(range) : undefined) ?? fetchCalendarWindow(range, known, propertyId);
}

/**
 * A read ahead of the own calendar's window `range`, as the page's own query reads it: from the copy this browser
 * kept of it (stale from the start, so it is revalidated), and then the server's answer. Only the first property's
 * windows are kept in the browser.
 */
export function prefetchOwnWindow(queryClient: QueryClient, range: VisibleRange, ownerId: number, propertyId: number | null = null): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: calendarKeys.window.range(range, propertyId),
    queryFn: ({ queryKey }) => readOwnWindow(range, queryClient.getQueryData<KeptWindow>(queryKey), propertyId),
    staleTime: STALE.calendarWindow,
    // From the kept copy, so a read that fails offline still leaves the kept window to show (with the offline note),
    // and one that succeeds can be a 304.
    initialData: () => (ownerId && propertyId === null ? keptWindow<KeptWindow>(ownerId, range) : undefined),
    initialDataUpdatedAt: 0,
  });
}

// The first fetch of a user's calendar in this page's life asks the server to refresh that user's feeds.
const forceRefreshed = new Set<number>();

function fetchAdminCalendar(userId: number, range: VisibleRange): Promise<UserCalendar> {
  const first = !forceRefreshed.has(userId);
  forceRefreshed.add(userId);
  const params: Record<string, string> = { ...range };
  if (first) params.force_refresh = 'true';
  return apiJson<UserCalendar>('GET', withParams(`/api/admin/user-calendar/${userId}`, params));
}

export interface CalendarData {
  events: CalendarEvent[];
  /** The external bookings shown (every source: iCal feeds, Beds24). */
  bookings: ExternalBooking[];
  markedDays: MarkedDay[];
  /** The calendar's double bookings: the own window's, or those of the user whose calendar staff view. */
  conflicts: CalendarConflict[];
  isLoading: boolean;
  /** The own window is the server's latest answer (not a kept one still being revalidated, not offline). */
  settled?: boolean;
  error: unknown;
  /** Name of the user whose calendar an admin is viewing, once known. */
  viewedUserName?: string;
  /** The read failed for want of a connection, and the window shown is the last known one. */
  offline?: boolean;
}

/**
 * Everything the visible range needs: the own calendar (events, iCal events, marked days) in one request, of the
 * person's first property or of `propertyId`, or with `viewedUserId` another user's calendar through the admin
 * endpoints.
 */
export function useCalendarData(
  range: VisibleRange | null,
  viewedUserId: number | null,
  neighbours: VisibleRange[] = [],
  ownerId = 0,
  propertyId: number | null = null,
): CalendarData {
  const own = !!range && viewedUserId === null;
  const other = !!range && viewedUserId !== null;
  const r = range ?? { startDate: '', endDate: '' };
  const uid = viewedUserId ?? 0;

  const queryClient = useQueryClient();
  // The first property's windows are kept in this browser across visits; another property's are read each visit.
  const keeps = ownerId > 0 && propertyId === null;
  const ownWindow = useQuery({
    queryKey: calendarKeys.window.range(r, propertyId),
    queryFn: ({ queryKey }) => readOwnWindow(r, queryClient.getQueryData<KeptWindow>(queryKey), propertyId),
    enabled: own,
    staleTime: STALE.calendarWindow,
    placeholderData: keepPreviousData,
    // A window this browser kept from an earlier visit paints at once; as of time 0 it is stale, so it is
    // revalidated straight away (a 304 keeps the same object: no flash).
    initialData: () => (own && keeps ? keptWindow<KeptWindow>(ownerId, r) : undefined),
    initialDataUpdatedAt: 0,
  });
  const fromServer = own && keeps && ownWindow.isSuccess && ownWindow.dataUpdatedAt > 0 && !ownWindow.isPlaceholderData;
  useEffect(() => {
    if (fromServer && ownWindow.data) keepWindow(ownerId, r, ownWindow.data);
    // r stands in for its two strings.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fromServer, ownWindow.data, ownWindow.dataUpdatedAt, ownerId, r.startDate, r.endDate]);
  // The windows beside this one are read ahead once it is in and the phone is idle, so moving to the next or
  // previous month paints from the cache (docs/architecture.md, Calendar reads).
  const windowReady = own && ownWindow.isSuccess && !ownWindow.isPlaceholderData;
  const neighbourKey = neighbours.map((n) => n.startDate).join('|');
  useEffect(() => {
    if (!windowReady || neighbours.length === 0) return undefined;
    const prefetch = () => {
      for (const n of neighbours) void prefetchOwnWindow(queryClient, n, ownerId, propertyId);
    };
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(prefetch, { timeout: 2000 }) : window.setTimeout(prefetch, 200);
    return () => (typeof cancelIdleCallback === 'function' ? cancelIdleCallback(idle) : window.clearTimeout(idle));
    // neighbourKey stands for the neighbours' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [windowReady, neighbourKey, queryClient, propertyId]);

  // No connection (not a refusal) while a window is on screen: it is the last known one. Back online ('online'), it
  // is read again at once, and the note goes with the answer.
  const offline = own && !!ownWindow.error && !(ownWindow.error instanceof ApiError) && ownWindow.data !== undefined;
  const refetchOwn = ownWindow.refetch;
  useEffect(() => {
    if (!offline) return undefined;
    const readAgain = () => void refetchOwn();
    window.addEventListener('online', readAgain);
    return () => window.removeEventListener('online', readAgain);
  }, [offline, refetchOwn]);

  const adminCalendar = useQuery({
    queryKey: calendarKeys.userCalendar.range(uid, r),
    queryFn: () => fetchAdminCalendar(uid, r),
    enabled: other,
    staleTime: STALE.adminCalendar,
    refetchInterval: ADMIN_CALENDAR_REFETCH_MS,
  });
  const adminMarked = useQuery({
    queryKey: calendarKeys.userMarkedDays.range(uid, r),
    queryFn: () => apiJson<MarkedDay[]>('GET', withParams(`/api/admin/user-marked-days/${uid}`, { ...r })),
    enabled: other,
    staleTime: STALE.markedDays,
  });

  if (viewedUserId !== null) {
    return {
      events: adminCalendar.data?.events ?? [],
      bookings: asExternalBookings(adminCalendar.data?.icalEvents ?? []),
      markedDays: adminMarked.data ?? [],
      conflicts: adminCalendar.data?.conflicts ?? [],
      isLoading: adminCalendar.isPending && other,
      error: adminCalendar.error ?? adminMarked.error,
      viewedUserName: adminCalendar.data?.user.name,
    };
  }
  return {
    events: ownWindow.data?.events ?? [],
    bookings: asExternalBookings(ownWindow.data?.feedEvents ?? []),
    markedDays: ownWindow.data?.markedDays ?? [],
    conflicts: ownWindow.data?.conflicts ?? [],
    isLoading: own && ownWindow.isPending,
    settled: own && ownWindow.isSuccess && !ownWindow.isFetching && !offline,
    error: offline ? null : ownWindow.error,
    offline,
  };
}

/**
 * The owner's meetings as read-only calendar items (docs/product/calendar.md#screens): each agreement of the shown
 * property (null: the person's first) not cancelled, from its start to its end (an hour without one), in the meeting
 * colour. Only for an owner's own calendar: staff's list is every owner's agreements.
 */
export function useOwnMeetings(enabled: boolean, propertyId: number | null = null): ExternalBooking[] {
  const { data } = useQuery({
    queryKey: calendarKeys.meetingsOf(propertyId),
    queryFn: () => apiJson<Agreement[]>('GET', inProperty(calendarKeys.meetings[0], propertyId)),
    enabled,
  });
  return useMemo(() => (enabled && data ? meetingItems(data) : []), [enabled, data]);
}

/**
 * Whether descriptions can be translated: the server says so only when a translation service is configured, and
 * the setting changes only with a restart, so it is read once. Until known (or when unreadable) it is no.
 */
export function useTranslationAvailable(): boolean {
  const status = useQuery({
    queryKey: calendarKeys.translationStatus,
    queryFn: () => apiJson<TranslationStatus>('GET', calendarKeys.translationStatus[0]),
    staleTime: Infinity,
  });
  return status.data?.available === true;
}

// The calendar's writes (docs/product/calendar.md#routes). The callers refresh what a change touches (below).

// `propertyId` is the property shown (null: the person's first), as useCalendarProperty() gives it.

/**
 * A new event of the own calendar (POST /api/events), or, for staff, of another user's (POST /api/admin/user-events/{userId}).
 * An owner's stay the property's rules hold for approval answers `{ status: 'requested', event }` (202,
 * docs/product/stays.md#stays-as-requests).
 */
export const createEvent = (payload: RequestBody<'Events_create'>, forUserId?: number, propertyId: number | null = null) =>
  forUserId === undefined
    ? apiJson<CalendarEvent | { status: 'requested'; event: CalendarEvent }>('POST', inProperty('/api/events', propertyId), payload)
    : apiJson<CalendarEvent>('POST', `/api/admin/user-events/${forUserId}`, payload);

export const updateEvent = (id: number | string, change: RequestBody<'Events_update'>, propertyId: number | null = null) =>
  apiJson<CalendarEvent>('PUT', inProperty(`/api/events/${id}`, propertyId), change);

/** Deletes an own event, or with `asStaff` any user's (DELETE /api/admin/events/{id}). */
export const deleteEvent = (id: number | string, asStaff = false, propertyId: number | null = null) =>
  apiJson('DELETE', asStaff ? `/api/admin/events/${id}` : inProperty(`/api/events/${id}`, propertyId));

/** Staff's colour for an event, which wins over the owner's own. */
export const recolorEvent = (id: number | string, color: string) => apiJson('PUT', `/api/admin/events/${id}/color`, { color } satisfies RequestBody<'AdminCalendar_recolor'>);

export const translateText = (request: RequestBody<'Translation_translate'>) => apiJson<TranslateAnswer>('POST', '/api/translate', request);

export type MarkedDayInput = RequestBody<'MarkedDays_create'>;
/** Creates a marked day, or changes the one with `id`. */
export const saveMarkedDay = (input: MarkedDayInput, id?: number, propertyId: number | null = null) =>
  id === undefined
    ? apiJson<MarkedDay>('POST', inProperty('/api/marked-days', propertyId), input)
    : apiJson<MarkedDay>('PUT', inProperty(`/api/marked-days/${id}`, propertyId), input);
export const deleteMarkedDay = (id: number, propertyId: number | null = null) => apiJson('DELETE', inProperty(`/api/marked-days/${id}`, propertyId));

/** The property's note on an external booking; id and notes are null when there is none. */
export const fetchEventNote = (externalId: string, propertyId: number | null = null) =>
  apiJson<EventNoteLookup>('GET', inProperty(`/api/ical-event-notes/event/${encodeURIComponent(externalId)}`, propertyId));
/** Writes the property's note: a new one when `noteId` is null, else a change of that one. */
export const saveEventNote = (externalId: string, noteId: number | null, notes: string, propertyId: number | null = null) =>
  noteId === null
    ? apiJson('POST', inProperty('/api/ical-event-notes', propertyId), { eventExternalId: externalId, notes } satisfies RequestBody<'EventNotes_create'>)
    : apiJson('PUT', inProperty(`/api/ical-event-notes/${noteId}`, propertyId), { notes } satisfies RequestBody<'EventNotes_update'>);
export const deleteEventNote = (noteId: number, propertyId: number | null = null) => apiJson('DELETE', inProperty(`/api/ical-event-notes/${noteId}`, propertyId));

/**
 * After a change to events the event lists, the imported-feed events, notes, the year's nights and, for an admin acting
 * on another user, that user's calendar are refreshed.
 */
export function invalidateEventQueries(queryClient: QueryClient, otherUserId?: number | null): Promise<unknown> {
  const prefixes = [calendarKeys.window.all, calendarKeys.events.all, calendarKeys.bookings.all, calendarKeys.eventNotes.all, calendarKeys.nights.all];
  const jobs = prefixes.map((queryKey) => queryClient.invalidateQueries({ queryKey }));
  if (otherUserId != null) {
    jobs.push(queryClient.invalidateQueries({ queryKey: calendarKeys.userCalendar.ofUser(otherUserId) }));
  }
  return Promise.all(jobs);
}

export function invalidateMarkedDayQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: calendarKeys.window.all }),
    queryClient.invalidateQueries({ queryKey: calendarKeys.markedDays.all }),
    queryClient.invalidateQueries({ queryKey: calendarKeys.userMarkedDays.all }),
  ]);
}

export const useInvalidateEvents = () => {
  const queryClient = useQueryClient();
  return (otherUserId?: number | null) => invalidateEventQueries(queryClient, otherUserId);
};
