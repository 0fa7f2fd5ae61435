/**
 * Who may use the back office. The session cookie is set by the main app's login page (/auth); here we only read
 * GET /api/user. Permissions are one of three roles; canAccess turns them into react-admin's per-action rights,
 * which also hides create/edit/delete buttons for mini admins.
 */
import { forgetKeptCalendar } from '../shared/keptWindows';
import type { AuthProvider } from 'react-admin';
import type { User } from '../api/types';

export type Role = 'admin' | 'miniAdmin' | 'user';

/** What the back office uses of GET /api/user's answer (the generated UserResponse). */
export type CurrentUser = Pick<User, 'id' | 'username' | 'name' | 'email' | 'isAdmin' | 'isMiniAdmin'> & Partial<Pick<User, 'twoFactorEnabled'>>;

export const LOGIN_PATH = '/auth';

/** Full admin wins over mini admin; anyone else is a regular user. */
export function roleOf(user: Pick<CurrentUser, 'isAdmin' | 'isMiniAdmin'> | null | undefined): Role {
  if (user?.isAdmin) return 'admin';
  if (user?.isMiniAdmin) return 'miniAdmin';
  return 'user';
}

const READ_ACTIONS = new Set(['list', 'show']);

/** Admins do everything, mini admins only read (docs/product/app.md#pages-and-access), regular users nothing. */
export function roleCan(role: Role, action: string): boolean {
  if (role === 'admin') return true;
  if (role === 'miniAdmin') return READ_ACTIONS.has(action);
  return false;
}

/** Same freshness as the main app's current-user query (fresh for 2 minutes). */
const USER_FRESH_MS = 2 * 60 * 1000;

export interface AuthProviderOptions {
  /** API root; tests pass a local server's address. */
  apiUrl?: string;
  /** Leaves the back office for a page of the main app (login lives there). */
  leave?: (path: string) => void;
  now?: () => number;
}

export function createAuthProvider({
  apiUrl = '/api',
  leave = (path) => window.location.assign(path),
  now = Date.now,
}: AuthProviderOptions = {}): AuthProvider {
  let cached: { at: number; user: Promise<CurrentUser | null> } | null = null;

  const fetchUser = async (): Promise<CurrentUser | null> => {
    const res = await fetch(`${apiUrl}/user`, { credentials: 'include', headers: { Accept: 'application/json' } });
    if (res.status === 401) return null;
    if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
    return (await res.json()) as CurrentUser;
  };

  const currentUser = (): Promise<CurrentUser | null> => {
    if (!cached || now() - cached.at > USER_FRESH_MS) {
      const user = fetchUser();
      cached = { at: now(), user };
      // A failed read is not remembered: the next check asks again.
      user.catch(() => {
        cached = null;
      });
    }
    return cached.user;
  };

  const requireUser = async (): Promise<CurrentUser> => {
    const user = await currentUser();
    // message false: no "please log in" toast, the visitor is leaving for the login page anyway.
    if (!user) throw { message: false };
    return user;
  };

  return {
    // Login happens in the main app; react-admin's login page is turned off (loginPage={false}).
    login: async () => {
      leave(LOGIN_PATH);
    },
    logout: async () => {
      cached = null;
      forgetKeptCalendar();
      // Also called when the session has already ended (checkAuth failed); the server answers that case too.
      await fetch(`${apiUrl}/logout`, { method: 'POST', credentials: 'include' }).catch(() => undefined);
      // A full page load, so the main app drops its cached user too.
      leave(LOGIN_PATH);
      return false;
    },
    checkAuth: async () => {
      await requireUser();
    },
    checkError: async (error: { status?: number }) => {
      if (error?.status === 401) {
        cached = null;
        throw { message: false };
      }
      // 403 and the rest: the action failed, the session is fine; the caller shows the error.
    },
    getIdentity: async () => {
      const user = await requireUser();
      // Whether the re-authentication dialog asks for a code too.
      return { id: user.id, fullName: user.name, email: user.email, twoFactorEnabled: Boolean(user.twoFactorEnabled) };
    },
    getPermissions: async () => roleOf(await requireUser()),
    canAccess: async ({ action }) => roleCan(roleOf(await currentUser()), action),
  };
}
