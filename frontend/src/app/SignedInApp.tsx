/**
 * The signed-in app: the shell (sidebar, header) around the page of every feature's signed-in routes (gathered from
 * their manifests, app/manifests.ts). It is its own chunk with the shell, so the login page downloads neither the
 * manifests' sidebar icons nor the shell.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router';
import { PageSpinner } from '../shared/components/PageSpinner';
import { useDevicePreference } from '../shared/devicePreference';
import { useCurrentUser } from '../shared/sessionApi';
import { Layout } from './Layout';
import { HOME_ROUTE, SIGNED_IN_ROUTES } from './manifests';

export { loadMobileDrawer } from './Layout';

/** Starts loading the signed-in home page (the login page fetches it ahead while someone types). */
export const loadHomePage = () => HOME_ROUTE?.load();

/** The first page's read ahead (FeatureRoute.readAhead), started as the signed-in app opens, once. */
function useFirstPageReadAhead() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const { isMobile } = useDevicePreference();
  const { pathname, search } = useLocation();
  useEffect(() => {
    const opened = SIGNED_IN_ROUTES.find((route) => route.path !== '*' && matchPath(route.path, pathname));
    if (user && opened?.readAhead) opened.readAhead(queryClient, { userId: user.id, isMobile, search: search.replace(/^\?/, '') });
    // Only the page the app opens on: later pages read when they are drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

export function SignedInApp() {
  useFirstPageReadAhead();
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
