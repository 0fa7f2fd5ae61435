/**
 * The session's calls, shared by sign-in, the maintenance screen, the shell and the settings: the current user, login
 * (both steps), logout and the user's own account (docs/product/app.md#data-reads). Bodies and answers are the
 * generated types (api/types.ts).
 */
import { forgetKeptWindows } from './keptWindows';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiJson } from '../api/client';
import { queryKeys } from '../api/queryKeys';
import type { LoginAnswer, MessageAnswer, RequestBody, User } from '../api/types';

/** GET /api/user; a 401 means "nobody is logged in" and gives null instead of an error. */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await apiJson<User>('GET', queryKeys.currentUser[0]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useCurrentUser() {
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: fetchCurrentUser,
    staleTime: 2 * 60_000,
    gcTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export type LoginInput = RequestBody<'Auth_login'>;

/** POST /api/login: the user, or the code step's challenge. The caller decides what the answer changes. */
export const logIn = (input: LoginInput) => apiJson<LoginAnswer>('POST', '/api/login', input);

/** True when the password step answered that a code is wanted next (docs/security.md, Two-factor sign-in). */
export const needsCode = (answer: LoginAnswer): answer is Exclude<LoginAnswer, User> => 'twoFactorRequired' in answer;

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: (answer) => {
      if (!needsCode(answer)) queryClient.setQueryData(queryKeys.currentUser, answer);
    },
  });
}

/** The code step: a code from the authenticator app or a recovery code completes the sign-in. */
export function useLoginCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiJson<User>('POST', '/api/login/2fa', { code } satisfies RequestBody<'Auth_loginTwoFactor'>),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<MessageAnswer>('POST', '/api/logout'),
    onSuccess: () => {
      // Nothing cached for the previous user may leak to the next one, in memory or kept in the browser.
      queryClient.clear();
      forgetKeptWindows();
      queryClient.setQueryData(queryKeys.currentUser, null);
    },
  });
}

export type ProfileInput = RequestBody<'Users_updateProfile'>;

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiJson<User>('PUT', '/api/user/profile', input),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: RequestBody<'Users_changePassword'>) =>
      apiJson<MessageAnswer>('PUT', '/api/user/password', input),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<MessageAnswer>('DELETE', '/api/user/account'),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.currentUser, null);
    },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: RequestBody<'Auth_resetPassword'>) =>
      apiJson<MessageAnswer>('POST', '/api/reset-password', input),
  });
}
