import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';

/**
 * The modules are loaded afresh for each test: the sent login's welcome is owed once per page, and the first
 * calendar paints once per page.
 */
async function signedInAppOpening(opensOnCalendar: boolean) {
  vi.resetModules();
  const { queryKeys } = await import('../api/queryKeys');
  const { ToastProvider } = await import('./toast');
  const { useOwedLoginWelcome } = await import('./loginWelcome');
  const { markSentLoginAdopted } = await import('./prerenderedLogin');
  const { markFirstCalendarPainted } = await import('./firstCalendarPaint');
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.currentUser, { id: 7, name: 'Eva Eier' });
  // The current-user check signed her in with the login the prerendered page sent.
  markSentLoginAdopted();
  function SignedInApp() {
    useOwedLoginWelcome(opensOnCalendar);
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

const welcome = () => screen.queryAllByText('Innlogging vellykket');

describe("the welcome owed to a login the prerendered page sent", () => {
  beforeEach(() => vi.resetModules());

  it('waits for the calendar to paint when the app opens on it, then shows once', async () => {
    const { calendarPainted } = await signedInAppOpening(true);
    expect(welcome()).toHaveLength(0);
    calendarPainted();
    expect(await screen.findByText('Innlogging vellykket')).toBeInTheDocument();
    calendarPainted();
    expect(welcome()).toHaveLength(1);
  });

  it('shows at once when the app opens on another page', async () => {
    await signedInAppOpening(false);
    expect(await screen.findByText('Innlogging vellykket')).toBeInTheDocument();
  });
});
