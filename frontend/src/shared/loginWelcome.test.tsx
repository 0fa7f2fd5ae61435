import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SentAnswer } from '../api/client';
import type { User } from '../api/types';
import '../i18n';

const user = { id: 7, name: 'Eva Eier', email: 'eva@example.com' } as User;
const answer = (status: number, body: unknown): SentAnswer => ({ status, statusText: '', text: JSON.stringify(body) });

/** The prerendered login page as its script leaves it after a press: the form, marked, with the login's answer. */
function prerenderedPage(sent: SentAnswer) {
  document.body.innerHTML = '<div id="login-shell"><form data-pressed></form></div><div id="root"></div>';
  (document.querySelector('form') as HTMLFormElement & { sentLogin?: Promise<SentAnswer> }).sentLogin = Promise.resolve(sent);
}

/** The first signed-in screen, opening on the calendar or on another page, for the current user. */
async function firstScreen(opensOnCalendar: boolean) {
  const { queryKeys } = await import('../api/queryKeys');
  const { ToastProvider } = await import('./toast');
  const { useOwedLoginWelcome } = await import('./loginWelcome');
  const { markFirstCalendarPainted } = await import('./firstCalendarPaint');
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.currentUser, user);
  function SignedInApp() {
    useOwedLoginWelcome(user, opensOnCalendar);
    return null;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SignedInApp />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { calendarPainted: () => act(() => markFirstCalendarPainted()) };
}

const welcomes = () => screen.queryAllByText('Innlogging vellykket');

// The modules are loaded afresh for each test: a welcome is owed once per login, the first calendar paints once per page.
beforeEach(() => vi.resetModules());
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the welcome a login owes', () => {
  it('waits for the calendar to paint when the first screen is the calendar, then shows once', async () => {
    const { oweLoginWelcome } = await import('./loginWelcome');
    oweLoginWelcome({ sent: false });
    const { calendarPainted } = await firstScreen(true);
    expect(welcomes()).toHaveLength(0);
    calendarPainted();
    expect(await screen.findByText('Innlogging vellykket')).toBeInTheDocument();
    calendarPainted();
    expect(welcomes()).toHaveLength(1);
  });

  it('shows at once when the first screen is another page', async () => {
    const { oweLoginWelcome } = await import('./loginWelcome');
    oweLoginWelcome({ sent: false });
    await firstScreen(false);
    expect(await screen.findByText('Innlogging vellykket')).toBeInTheDocument();
  });

  it('is not shown when no login owes it (a reload of a signed-in page)', async () => {
    const { calendarPainted } = await firstScreen(true);
    calendarPainted();
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(welcomes()).toHaveLength(0);
  });

  it("is owed once for the prerendered page's login, adopted by the current-user check and the login form alike", async () => {
    prerenderedPage(answer(200, user));
    const { fetchCurrentUser } = await import('./sessionApi');
    expect(await fetchCurrentUser()).toEqual(user);
    const { oweLoginWelcome } = await import('./loginWelcome');
    // The login form had taken the same answer over too.
    oweLoginWelcome({ sent: true });
    await firstScreen(false);
    expect(await screen.findByText('Innlogging vellykket')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(welcomes()).toHaveLength(1);
  });

  it('is not owed for a refused login, which the login form shows', async () => {
    prerenderedPage(answer(401, { message: 'Feil e-post eller passord', code: 'invalid_credentials' }));
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{"message":"Unauthorized"}', { status: 401 })));
    const { fetchCurrentUser } = await import('./sessionApi');
    expect(await fetchCurrentUser()).toBeNull();
    await firstScreen(false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(welcomes()).toHaveLength(0);
  });
});
