import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../api/types';
import '../i18n';
import { prerenderedPageAfterPress as prerenderedPage, sentAnswer as answer } from '../test/prerenderedPage';

const user = { id: 7, name: 'Eva Eier', email: 'eva@example.com' } as User;

/** The first signed-in screen, opening on the calendar or on another page, for the signed-in user. */
async function firstScreen(opensOnCalendar: boolean) {
  const { ToastProvider } = await import('./toast');
  const { useOwedLoginWelcome } = await import('./loginWelcome');
  const { markFirstCalendarPainted } = await import('./firstCalendarPaint');
  function SignedInApp() {
    useOwedLoginWelcome(user, opensOnCalendar);
    return null;
  }
  render(
    <ToastProvider>
      <SignedInApp />
    </ToastProvider>,
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
