/** The signed-in user's sessions (docs/security.md#sessions): the list, and ending one or every one but this. */
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import type { MessageAnswer, UserSession } from '../../api/types';

/** The settings' account reads: the signed-in sessions, and the own activity timeline (paged). */
export const sessionsKeys = {
  sessions: ['/api/user/sessions'] as const,
  activity: ['/api/user/activity'] as const,
};

export const useUserSessions = () => useQuery({ queryKey: sessionsKeys.sessions, queryFn: () => apiJson<UserSession[]>('GET', sessionsKeys.sessions[0]) });

/** Ends the session with `id`, or with null every session but this one. */
export const endSession = (id: string | null) => apiJson<MessageAnswer>('DELETE', id ? `/api/user/sessions/${encodeURIComponent(id)}` : '/api/user/sessions');
