// @vitest-environment node
/** Roles, rights and the session checks of the back office, against a real local HTTP server. */
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthProvider, roleCan, roleOf, type CurrentUser } from './authProvider';
import { startLocalApi, type LocalApi } from '../test/localApi';

const admin: CurrentUser = { id: 1, username: 'admin@example.com', name: 'Ada', email: 'admin@example.com', isAdmin: true, isMiniAdmin: false };
const mini: CurrentUser = { ...admin, id: 2, name: 'Mia', isAdmin: false, isMiniAdmin: true };
const regular: CurrentUser = { ...admin, id: 3, name: 'Ole', isAdmin: false, isMiniAdmin: false };

describe('roleOf', () => {
  it('maps the user flags to one role; full admin wins over mini admin', () => {
    expect(roleOf(admin)).toBe('admin');
    expect(roleOf({ isAdmin: true, isMiniAdmin: true })).toBe('admin');
    expect(roleOf(mini)).toBe('miniAdmin');
    expect(roleOf(regular)).toBe('user');
    expect(roleOf(null)).toBe('user');
  });
});

describe('roleCan', () => {
  const actions = ['list', 'show', 'create', 'edit', 'delete', 'export'];
  it('lets admins do everything, mini admins only read, users nothing', () => {
    expect(actions.filter((a) => roleCan('admin', a))).toEqual(actions);
    expect(actions.filter((a) => roleCan('miniAdmin', a))).toEqual(['list', 'show']);
    expect(actions.filter((a) => roleCan('user', a))).toEqual([]);
  });
});

describe('createAuthProvider', () => {
  let api: LocalApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  async function providerFor(user: CurrentUser | null) {
    const left: string[] = [];
    api = await startLocalApi((req) => {
      if (req.method === 'GET' && req.path === '/api/user') return user ? { json: user } : { status: 401, json: { message: 'Ikke innlogget' } };
      if (req.method === 'POST' && req.path === '/api/logout') return { json: { message: 'Logget ut' } };
      return undefined;
    });
    return { auth: createAuthProvider({ apiUrl: api.apiUrl, leave: (path) => left.push(path) }), left, requests: api.requests };
  }

  it('gives identity and permissions from GET /api/user, asking the server once', async () => {
    const { auth, requests } = await providerFor(mini);
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getIdentity!()).resolves.toEqual({ id: 2, fullName: 'Mia', email: 'admin@example.com', twoFactorEnabled: false });
    await expect(auth.getPermissions!({})).resolves.toBe('miniAdmin');
    await expect(auth.canAccess!({ action: 'list', resource: 'users' })).resolves.toBe(true);
    await expect(auth.canAccess!({ action: 'edit', resource: 'users' })).resolves.toBe(false);
    expect(requests.filter((r) => r.path === '/api/user')).toHaveLength(1);
  });

  it('refuses a visitor without a session, and logging out leaves for /auth', async () => {
    const { auth, left, requests } = await providerFor(null);
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    await expect(auth.logout({})).resolves.toBe(false);
    expect(left).toEqual(['/auth']);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/user', 'POST /api/logout']);
  });

  it('logs out on a 401 from any call, and not on a 403', async () => {
    const { auth } = await providerFor(admin);
    await expect(auth.checkError({ status: 401 })).rejects.toEqual({ message: false });
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
  });

  it('asks the server again after a 401, instead of trusting the cached user', async () => {
    const { auth, requests } = await providerFor(admin);
    await auth.checkAuth({});
    await auth.checkError({ status: 401 }).catch(() => undefined);
    await auth.checkAuth({});
    expect(requests.filter((r) => r.path === '/api/user')).toHaveLength(2);
  });
});
