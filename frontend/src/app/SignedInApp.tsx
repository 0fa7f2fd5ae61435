/**
 * The signed-in app: the shell (sidebar, header) around the page of every feature's signed-in routes (gathered from
 * their manifests, app/manifests.ts). It is its own chunk with the shell, so the login page downloads neither the
 * manifests' sidebar icons nor the shell.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router';
import { PageSpinner } from '../shared/components/PageSpinner';
import { useDevicePreference } from '../shared/devicePreference';
import { useCurrentUser } from '../shared/sessionApi';
import { useOwedLoginWelcome } from '../shared/loginWelcome';
import { Layout } from './Layout';
import { HOME_ROUTE, SIGNED_IN_ROUTES } from './manifests';

export { loadMobileDrawer } from './Layout';

/** Starts loading the signed-in home page (the login page fetches it ahead while someone types). */
export const loadHomePage = () => HOME_ROUTE?.load();

/**
 * The first page's read ahead (FeatureRoute.readAhead), started once as the signed-in app first renders: in the
 * render itself, as TanStack Query's usePrefetchQuery does, not in an effect, which would run only after the page
 * below (the calendar's FullCalendar, the costliest render of the app) has rendered and committed.
 */
function useFirstPageReadAhead() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const { isMobile } = useDevicePreference();
  const { pathname, search } = useLocation();
  // A state's initialiser runs on the first render only: the page the app opens on (RequireAuth renders this with a
  // user); later pages read when they are drawn.
  useState(() => {
    const opened = SIGNED_IN_ROUTES.find((route) => route.path !== '*' && matchPath(route.path, pathname));
    if (user) opened?.readAhead?.(queryClient, { userId: user.id, isMobile, search: search.replace(/^\?/, '') });
    return true;
  });
}

export function SignedInApp() {
  useFirstPageReadAhead();
  useOwedLoginWelcome();
  return (
    <Routes>
      <Route element={<Layout />}>
        {SIGNED_IN_ROUTES.map(({ path, page: Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={<PageSpinner />}>
                <Page />
              </Suspense>
            }
          />
        ))}
      </Route>
    </Routes>
  );
}
