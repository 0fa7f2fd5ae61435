/**
 * Access guard (docs/product/app.md#pages-and-access): a 'checking access' spinner while the current user loads; after 500 ms of loading, or
 * with no user, the visitor goes to /auth; staff-only routes show Access Denied to regular users. When the server
 * cannot be reached at all, 'Ingen tilkobling' instead of the login page, unless this browser kept the last
 * signed-in user: then the page draws with the kept calendar, and the session is checked again once the browser is
 * back online (docs/architecture.md#offline-reload).
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { isUnconfirmedUser, useCurrentUser } from '../shared/sessionApi';
import { ApiError } from '../api/client';
import { isStaff } from '../api/types';
import { AccessDenied } from './fallbacks/AccessDenied';
import { NoConnection } from './fallbacks/NoConnection';
import { PageSpinner } from '../shared/components/PageSpinner';

export const AUTH_REDIRECT_DELAY_MS = 500;
/** How often the session is asked again while the kept user stands in for it. */
export const UNCONFIRMED_RECHECK_MS = 30_000;

export function RequireAuth({ children, staffOnly = false }: { children: ReactNode; staffOnly?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: user, isPending, error, refetch } = useCurrentUser();
  const retry = useCallback(() => void refetch(), [refetch]);
  const [waitedTooLong, setWaitedTooLong] = useState(false);

  useEffect(() => {
    if (!isPending) return;
    const timer = window.setTimeout(() => setWaitedTooLong(true), AUTH_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isPending]);

  // The kept user stands in only until the server can answer: a 401 then leads to the login page. Back online, and
  // every UNCONFIRMED_RECHECK_MS meanwhile (a server that was down comes back without an 'online' event).
  const unconfirmed = !!user && isUnconfirmedUser(user);
  useEffect(() => {
    if (!unconfirmed) return undefined;
    window.addEventListener('online', retry);
    const timer = window.setInterval(retry, UNCONFIRMED_RECHECK_MS);
    return () => {
      window.removeEventListener('online', retry);
      window.clearInterval(timer);
    };
  }, [unconfirmed, retry]);

  if (isPending && !waitedTooLong) return <PageSpinner label={t('access.checking')} />;
  // No answer at all (offline, server down) is not 'logged out': the login page could not help either.
  if (error && !(error instanceof ApiError)) return <NoConnection onRetry={retry} />;
  // The login page sends the visitor back here afterwards.
  if (!user) return <Navigate to="/auth" replace state={{ from: location }} />;
  if (staffOnly && !isStaff(user)) return <AccessDenied />;
  return children;
}
