/**
 * Set-up through the real API, for tests whose subject is not the setting up itself (a regular user to log in
 * with). Creating a user through the back office is tested on its own in admin-users.test.mjs.
 */
import { ADMIN } from './server.mjs';

async function call(url, path, { method = 'GET', body, cookie } = {}) {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: url, ...(cookie && { Cookie: cookie }) },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} /api${path} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** Creates a regular user as the first admin and returns the account to log in with. */
export async function createUser(url, { email, name, password }) {
  const login = await call(url, '/login', { method: 'POST', body: { username: ADMIN.email, password: ADMIN.password } });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  await call(url, '/admin/users', {
    method: 'POST',
    cookie,
    body: { username: email, email, name, password, isAdmin: false, isMiniAdmin: false },
  });
  await call(url, '/logout', { method: 'POST', cookie });
  return { email, name, password };
}
