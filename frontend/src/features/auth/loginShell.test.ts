import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import script from '../../../boot/login-shell.js?raw';
import { monthGridRange } from '../calendar/neighbourWindows';
import { keptWindow } from '../../shared/keptWindows';
import { EMAIL_PATTERN } from './loginValidation';

/**
 * The prerendered page with its script run as the browser runs it, and `answers` standing in for the server: each
 * request the script sends is recorded and answered from the table by its path.
 */
function prerenderedPage(answers: Record<string, { status: number; body: unknown; etag?: string }>) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      const answer = answers[url.split('?')[0]];
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.etag ? { ETag: answer.etag } : {} });
    }),
  );
  document.body.innerHTML = `<div id="login-shell"><form><input name="email" value="eva@example.com"><input name="password" value="secret-1"><button type="submit">Logg inn</button></form></div><div id="root"></div>`;
  new Function(script)();
  document.querySelector('form')!.requestSubmit();
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

describe("the prerendered login page's script", () => {
  it('sends a login only for the e-mail addresses the app would send it for', () => {
    // frontend/boot/login-shell.js runs before any of the app's code, so it holds its own copy of the pattern.
    expect(script).toContain(`var EMAIL_PATTERN = /${EMAIL_PATTERN.source}/;`);
  });

  it("reads the calendar's first window once the login signed the visitor in, and the app keeps it for that user", async () => {
    const window = { events: [{ id: 1, title: 'Opphold' }], icalEvents: [], markedDays: [], conflicts: [] };
    const requests = prerenderedPage({
      '/api/login': { status: 200, body: { id: 7, username: 'eva@example.com' } },
      '/api/calendar-window': { status: 200, body: window, etag: 'W/"w1"' },
    });
    // The app's own one-month grid of today's month: the script's copy of the rule asks for the same range.
    const today = new Date();
    const range = monthGridRange(today.getFullYear(), today.getMonth());
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toBe(`/api/calendar-window?${new URLSearchParams({ ...range })}`);

    // The app's side, as loaded on this page (it holds what it found on the form for the page's life).
    vi.resetModules();
    const { keepSentWindow, sentLogin } = await import('../../shared/prerenderedLogin');
    expect(sentLogin()).not.toBeNull();
    keepSentWindow(7);
    await vi.waitFor(() => expect(keptWindow(7, range)).toEqual({ ...window, etag: 'W/"w1"' }));
    expect(keptWindow(8, range)).toBeUndefined();
  });

  it("gives the calendar's first read that window instead of asking the server for it again", async () => {
    const window = { events: [{ id: 1, title: 'Opphold' }], icalEvents: [], markedDays: [], conflicts: [] };
    const requests = prerenderedPage({
      '/api/login': { status: 200, body: { id: 7, username: 'eva@example.com' } },
      '/api/calendar-window': { status: 200, body: window, etag: 'W/"w1"' },
    });
    const today = new Date();
    const range = monthGridRange(today.getFullYear(), today.getMonth());
    vi.resetModules();
    const { keepSentWindow, sentLogin } = await import('../../shared/prerenderedLogin');
    const { calendarKeys, prefetchOwnWindow } = await import('../calendar/calendarApi');
    expect(sentLogin()).not.toBeNull();
    keepSentWindow(7);
    // As the signed-in app's first render reads ahead, the prerendered page still there (the window maybe on its way).
    const queryClient = new QueryClient();
    await prefetchOwnWindow(queryClient, range, 7);
    expect(queryClient.getQueryData(calendarKeys.window.range(range))).toEqual({ ...window, etag: 'W/"w1"' });
    expect(requests).toHaveLength(2);
    // Another month is the server's to answer.
    const next = monthGridRange(today.getFullYear(), today.getMonth() + 1);
    await prefetchOwnWindow(queryClient, next, 7);
    expect(requests.slice(2)).toEqual([`/api/calendar-window?${new URLSearchParams({ ...next })}`]);
  });

  it('reads no window when the login was refused or wants the code step', async () => {
    for (const login of [
      { status: 401, body: { message: 'Feil e-post eller passord' } },
      { status: 200, body: { twoFactorRequired: true } },
    ]) {
      const requests = prerenderedPage({ '/api/login': login });
      const form = document.querySelector('form') as HTMLFormElement & { sentWindow?: Promise<unknown> };
      expect(await form.sentWindow).toBeNull();
      expect(requests).toEqual(['/api/login']);
    }
  });
});
