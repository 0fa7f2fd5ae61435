import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../api/types';
import { prerenderedPageAfterPress as prerenderedPage, sentAnswer as answer } from '../test/prerenderedPage';

const user = { id: 4, name: 'Frida Forhånd', email: 'frida@example.com' } as User;

// The module holds the sent login from its first look on: each test starts from a fresh copy.
const load = () => import('./prerenderedLogin');
const loadSession = () => import('./sessionApi');

beforeEach(() => vi.resetModules());
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the login sent by the prerendered page', () => {
  it('is there while the page is, and kept after the login form has removed the page', async () => {
    prerenderedPage(answer(200, user));
    const { sentLogin, loginPressedBeforeApp } = await load();
    expect(loginPressedBeforeApp()).toBe(true);
    const sent = sentLogin();
    expect(sent).not.toBeNull();
    document.getElementById('login-shell')?.remove();
    expect(sentLogin()).toBe(sent);
  });

  it('is none without the page, and none again once its answer has been used', async () => {
    const { sentLogin, forgetSentLogin, loginPressedBeforeApp } = await load();
    expect(sentLogin()).toBeNull();
    expect(loginPressedBeforeApp()).toBe(false);
    prerenderedPage(answer(200, user));
    expect(sentLogin()).not.toBeNull();
    forgetSentLogin();
    expect(sentLogin()).toBeNull();
  });

  it("answers the current-user check with its user, without asking the server, and only once", async () => {
    prerenderedPage(answer(200, user));
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response('{"message":"Unauthorized"}', { status: 401 }));
    });
    const { fetchCurrentUser } = await loadSession();
    expect(await fetchCurrentUser()).toEqual(user);
    expect(fetched).toEqual([]);
    // A later check (after a logout, say) asks the server.
    expect(await fetchCurrentUser()).toBeNull();
    expect(fetched).toEqual(['/api/user']);
  });

  it('leaves a refused login to the login form, and the server says who is here', async () => {
    prerenderedPage(answer(401, { message: 'Feil e-post eller passord', code: 'invalid_credentials' }));
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response('{"message":"Unauthorized"}', { status: 401 }));
    });
    const { fetchCurrentUser } = await loadSession();
    expect(await fetchCurrentUser()).toBeNull();
    expect(fetched).toEqual(['/api/user']);
    const { sentLogin } = await load();
    expect(sentLogin()).not.toBeNull();
  });
});
