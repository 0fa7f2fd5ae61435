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
import type { FeatureRoute } from '../shared/featureManifest';
import { HOME_ROUTE, SIGNED_IN_ROUTES } from './manifests';

export { loadMobileDrawer } from './Layout';

/** Starts loading the signed-in home page (the login page fetches it ahead while someone types). */
export const loadHomePage = () => HOME_ROUTE?.load();

/**
 * The first page's read ahead (FeatureRoute.readAhead), started once as the signed-in app first renders: in the
 * render itself, as TanStack Query's usePrefetchQuery does, not in an effect, which would run only after the page
 * below (the calendar's FullCalendar, the costliest render of the app) has rendered and committed.
 */
function useFirstPageReadAhead(): FeatureRoute | undefined {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const { isMobile } = useDevicePreference();
  const { pathname, search } = useLocation();
  // A state's initialiser runs on the first render only: the page the app opens on (RequireAuth renders this with a
  // user); later pages read when they are drawn.
  const [opened] = useState(() => {
    const route = SIGNED_IN_ROUTES.find((r) => r.path !== '*' && matchPath(r.path, pathname));
    if (user) route?.readAhead?.(queryClient, { userId: user.id, isMobile, search: search.replace(/^\?/, '') });
    return route;
  });
  return opened;
}

export function SignedInApp() {
  const opened = useFirstPageReadAhead();
  const { data: user } = useCurrentUser();
  // Any path no feature claims shows the home page, the calendar.
  useOwedLoginWelcome(user, !opened || !!opened.home);
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
