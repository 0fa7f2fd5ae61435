/**
 * The signed-in app: the shell (sidebar, header) around the page of every feature's signed-in routes (gathered from
 * their manifests, app/manifests.ts). It is its own chunk with the shell, so the login page downloads neither the
 * manifests' sidebar icons nor the shell.
 */
import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '../shared/components/PageSpinner';
import { Layout } from './Layout';
import { HOME_ROUTE, SIGNED_IN_ROUTES } from './manifests';

export { loadMobileDrawer } from './Layout';

/** Starts loading the signed-in home page (the login page fetches it ahead while someone types). */
export const loadHomePage = () => HOME_ROUTE?.load();

export function SignedInApp() {
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
