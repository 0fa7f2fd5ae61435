/**
 * The welcome after a sign-in ('Innlogging vellykket – Velkommen tilbake, {name}'): shown by the login form, or by
 * the signed-in app when a login sent by the prerendered page was answered before the login form came
 * (docs/architecture.md#prerendered-login-page).
 */
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../api/types';
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

/** For the signed-in app: the welcome a login sent by the prerendered page is owed, once its user is known. */
export function useOwedLoginWelcome(): void {
  const welcome = useWelcomeToast();
  const { data: user } = useCurrentUser();
  useEffect(() => {
    if (user && owedSentLoginWelcome()) welcome(user);
  }, [user, welcome]);
}
