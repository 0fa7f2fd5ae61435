/**
 * The session's calls, shared by sign-in, the maintenance screen, the shell and the settings: the current user, login
 * (both steps), logout and the user's own account (docs/product/app.md#data-reads). Bodies and answers are the
 * generated types (api/types.ts).
 */
import { forgetKeptCalendar, keepSignedInUser, keptSignedInUser, sessionHinted } from './keptWindows';
import { forgetSentLogin, forgetSentWindow, keepSentWindow, sentLogin } from './prerenderedLogin';
import { oweLoginWelcome } from './loginWelcome';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, answerJson, apiJson, type SentAnswer } from '../api/client';
import { queryKeys } from '../api/queryKeys';
import type { LoginAnswer, MessageAnswer, RequestBody, User } from '../api/types';

/** Users answered from this browser's kept copy because the server could not be reached. */
const fromKeptCopy = new WeakSet<User>();

/** True for a user the server has not confirmed since this page loaded: the kept copy drawn offline. */
export const isUnconfirmedUser = (user: User): boolean => fromKeptCopy.has(user);

/**
 * GET /api/user; a 401 means "nobody is logged in" and gives null instead of an error, and forgets what this
 * browser kept of the last user. With no answer at all (offline, server down) the last user the server confirmed
 * here stands in, so a reload offline draws the kept calendar (docs/architecture.md#offline-reload); without one
 * the error stays ('Ingen tilkobling').
 */
export async function fetchCurrentUser(): Promise<User | null> {
  // A login sent by the prerendered login page before the app ran (prerenderedLogin.ts) answers first: its user is
  // the current one. Any other answer leaves it to the login form, which shows it, and the server says who is here.
  const sent = sentLogin();
  if (sent) {
    const answer = await sent.then(answerJson<LoginAnswer>).catch(() => null);
    if (answer && !needsCode(answer)) {
      keepSentWindow(answer.id);
      forgetSentLogin();
      oweLoginWelcome({ sent: true });
      keepSignedInUser(answer);
      return answer;
    }
  }
  try {
    const user = await apiJson<User>('GET', queryKeys.currentUser[0]);
    keepSignedInUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status !== 401) throw error;
      forgetKeptCalendar();
      return null;
    }
    // Only while the server's hint says the session is alive, and for at most 7 days (docs/security.md#shared-devices).
    const kept = sessionHinted() ? keptSignedInUser() : null;
    if (!kept) {
      forgetKeptCalendar();
      throw error;
    }
    fromKeptCopy.add(kept);
    return kept;
  }
}

/** The server confirmed this user (a login, a changed profile): it is the current user, and kept for a reload offline. */
function signedIn(queryClient: QueryClient, user: User): void {
  keepSignedInUser(user);
  queryClient.setQueryData(queryKeys.currentUser, user);
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

/** A login to send, or one the prerendered login page has sent already (prerenderedLogin.ts), whose answer is adopted. */
export type LoginRequest = LoginInput | { sent: Promise<SentAnswer> };

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: LoginRequest) => {
      if (!('sent' in request)) return logIn(request);
      try {
        const answer = answerJson<LoginAnswer>(await request.sent);
        if (!needsCode(answer)) keepSentWindow(answer.id);
        return answer;
      } finally {
        forgetSentLogin();
      }
    },
    onSuccess: (answer) => {
      if (!needsCode(answer)) signedIn(queryClient, answer);
    },
  });
}

/** The code step: a code from the authenticator app or a recovery code completes the sign-in. */
export function useLoginCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiJson<User>('POST', '/api/login/2fa', { code } satisfies RequestBody<'Auth_loginTwoFactor'>),
    onSuccess: (user) => signedIn(queryClient, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => {
      // Forgotten before asking: on a shared device, a logout that fails offline leaves nothing kept either.
      forgetKeptCalendar();
      forgetSentLogin();
      forgetSentWindow();
      return apiJson<MessageAnswer>('POST', '/api/logout');
    },
    onSuccess: () => {
      // Nothing cached for the previous user may leak to the next one, in memory or kept in the browser.
      queryClient.clear();
      forgetKeptCalendar();
      queryClient.setQueryData(queryKeys.currentUser, null);
    },
  });
}

export type ProfileInput = RequestBody<'Users_updateProfile'>;

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiJson<User>('PUT', '/api/user/profile', input),
    onSuccess: (user) => signedIn(queryClient, user),
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
      forgetKeptCalendar();
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
