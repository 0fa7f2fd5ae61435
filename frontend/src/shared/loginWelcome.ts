/**
 * The welcome after a sign-in ('Innlogging vellykket – Velkommen tilbake, {name}'): shown by the login form, or by
 * the signed-in app when a login sent by the prerendered page was answered before the login form came
 * (docs/architecture.md#prerendered-login-page).
 */
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../api/types';
import { onFirstCalendarPainted } from './firstCalendarPaint';
import { owedSentLoginWelcome } from './prerenderedLogin';
import { useCurrentUser } from './sessionApi';
import { useToast } from './toast';

export function useWelcomeToast(): (user: Pick<User, 'name'>) => void {
  const { t } = useTranslation();
  const toast = useToast();
  return useCallback(
    (user) => toast({ title: t('auth.loginSuccess'), description: t('auth.welcomeBack', { name: user.name }), severity: 'success' }),
    [t, toast],
  );
}

/**
 * For the signed-in app: the welcome a login sent by the prerendered page is owed, once its user is known. When the
 * app opens on the calendar it comes once the calendar has painted: drawn in the same frames, the toast and its
 * entrance (a forced layout) were work a phone did before the calendar it is waiting for.
 */
export function useOwedLoginWelcome(opensOnCalendar: boolean): void {
  const welcome = useWelcomeToast();
  const { data: user } = useCurrentUser();
  useEffect(() => {
    if (!user || !owedSentLoginWelcome()) return undefined;
    if (!opensOnCalendar) {
      welcome(user);
      return undefined;
    }
    return onFirstCalendarPainted(() => welcome(user));
  }, [user, welcome, opensOnCalendar]);
}
