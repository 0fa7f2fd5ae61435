/**
 * The signed-in user's account security calls (docs/security.md#sessions): the sessions (the list, ending one or
 * every one but this), a page of an activity timeline, and confirming the password again (re-authentication).
 */
import { useQuery } from '@tanstack/react-query';
import { apiJson, apiRequest } from '../../api/client';
import type { ActivityEntry, MessageAnswer, RequestBody, UserSession } from '../../api/types';

/** The settings' account reads: the signed-in sessions, and the own activity timeline (paged). */
export const sessionsKeys = {
  sessions: ['/api/user/sessions'] as const,
  activity: ['/api/user/activity'] as const,
};

export const useUserSessions = () => useQuery({ queryKey: sessionsKeys.sessions, queryFn: () => apiJson<UserSession[]>('GET', sessionsKeys.sessions[0]) });

/** Ends the session with `id`, or with null every session but this one. */
export const endSession = (id: string | null) => apiJson<MessageAnswer>('DELETE', id ? `/api/user/sessions/${encodeURIComponent(id)}` : '/api/user/sessions');

/** Entries of a timeline asked for at a time. */
export const ACTIVITY_PAGE_SIZE = 20;

export interface ActivityPage {
  rows: ActivityEntry[];
  total: number;
}

/** One page of a timeline (GET /api/user/activity or /api/admin/users/{id}/activity), from entry `first`; the total from Content-Range. */
export async function fetchActivityPage(url: string, first: number): Promise<ActivityPage> {
  const res = await apiRequest('GET', `${url}?range=${encodeURIComponent(JSON.stringify([first, first + ACTIVITY_PAGE_SIZE - 1]))}`);
  const rows = (await res.json()) as ActivityEntry[];
  const total = /\/(\d+)$/.exec(res.headers.get('Content-Range') ?? '');
  return { rows, total: total ? Number(total[1]) : first + rows.length };
}

/** POST /api/user/reauth: the password (and a code when two-factor sign-in is on) again, for the next 10 minutes. */
export const reauthenticate = (body: RequestBody<'Reauth_reauth'>) => apiRequest('POST', '/api/user/reauth', body);
