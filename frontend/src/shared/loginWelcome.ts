/**
 * The welcome after a sign-in ('Innlogging vellykket – Velkommen tilbake, {name}'). A login owes it (the login form's,
 * the code step's, or one the prerendered page sent and the current-user check adopted); the first signed-in screen
 * shows it once that screen has drawn: on a phone, a toast's entrance (a forced layout of the whole page) in the frames
 * of the calendar the person is waiting for was work done before that calendar (docs/architecture.md#prerendered-login-page).
 */
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../api/types';
import { onFirstCalendarPainted } from './firstCalendarPaint';
import { useToast } from './toast';
import { whenIdle } from './whenIdle';

let owed = false;
/** A login the prerendered page sent is adopted by whichever of the app's screens has its answer first, maybe both. */
let sentLoginOwed = false;

/** A sign-in succeeded; `sent` when it was the prerendered page's login, whose welcome is owed only once. */
export function oweLoginWelcome({ sent }: { sent: boolean }): void {
  if (sent) {
    if (sentLoginOwed) return;
    sentLoginOwed = true;
  }
  owed = true;
}

/** True once per owed welcome: the caller shows it. */
function takeOwedLoginWelcome(): boolean {
  const was = owed;
  owed = false;
  return was;
}

function useWelcomeToast(): (user: Pick<User, 'name'>) => void {
  const { t } = useTranslation();
  const toast = useToast();
  return useCallback(
    (user) => toast({ title: t('auth.loginSuccess'), description: t('auth.welcomeBack', { name: user.name }), severity: 'success' }),
    [t, toast],
  );
}

/**
 * For the first signed-in screen (the signed-in app, the back office): shows the welcome a login owes, once the
 * current user is known. On the calendar it comes when the browser is next idle after the calendar has painted with
 * its bookings; anywhere else at once.
 */
export function useOwedLoginWelcome(user: Pick<User, 'name'> | null | undefined, opensOnCalendar: boolean): void {
  const welcome = useWelcomeToast();
  useEffect(() => {
    if (!user || !owed) return undefined;
    // Taken when shown, not when planned: an effect run twice (React's development checks) still shows it.
    const show = () => {
      if (takeOwedLoginWelcome()) welcome(user);
    };
    if (!opensOnCalendar) {
      show();
      return undefined;
    }
    let cancelIdle = () => {};
    const stopWaiting = onFirstCalendarPainted(() => {
      cancelIdle = whenIdle(show, { timeoutMs: 1000, fallbackMs: 300 });
    });
    return () => {
      stopWaiting();
      cancelIdle();
    };
  }, [user, welcome, opensOnCalendar]);
}
