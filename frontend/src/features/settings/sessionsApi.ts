/** The signed-in user's sessions (docs/security.md#sessions): the list, and ending one or every one but this. */
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import type { MessageAnswer, UserSession } from '../../api/types';

export const useUserSessions = () => useQuery({ queryKey: queryKeys.userSessions, queryFn: () => apiJson<UserSession[]>('GET', queryKeys.userSessions[0]) });

/** Ends the session with `id`, or with null every session but this one. */
export const endSession = (id: string | null) => apiJson<MessageAnswer>('DELETE', id ? `/api/user/sessions/${encodeURIComponent(id)}` : '/api/user/sessions');
