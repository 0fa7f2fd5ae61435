/**
 * The application proper: data cache, toasts, router and routes. Loaded lazily by Startup; the signed-out pages are
 * sign-in's (features/auth/manifest.ts), every other page is a feature's route in the signed-in app
 * (SignedInApp.tsx), each its own chunk, and the back office (/admin) is a separate chunk customers never download.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { useCurrentUser } from '../shared/sessionApi';
import { ErrorBoundary } from './fallbacks/ErrorBoundary';
import { NewVersionPrompt } from './NewVersionPrompt';
import { PageSpinner } from '../shared/components/PageSpinner';
import { SomethingWentWrong } from './fallbacks/SomethingWentWrong';
import { manifest as signedOutPages } from '../features/auth/manifest';
import { loginPressedBeforeApp } from '../shared/prerenderedLogin';
import { createQueryClient } from './queryClient';
import { MaintenanceGate } from '../features/maintenance';
import { RequireAuth } from './RequireAuth';
import { ToastProvider } from '../shared/toast';
import { lazyNamed } from '../shared/lazyNamed';
import { whenIdle } from '../shared/whenIdle';
import { useDevicePreference } from '../shared/devicePreference';

// The signed-in app is lazy too, so the login page does not download the sidebar, the feed manager and their parts.
const loadSignedInApp = () => import('./SignedInApp');
const SignedInApp = lazyNamed(loadSignedInApp, 'SignedInApp');
const AdminApp = lazy(() => import('../admin/AdminApp'));

const page = (element: ReactNode) => <Suspense fallback={<PageSpinner />}>{element}</Suspense>;

/** Marks where the login page's own downloads end (the browser tests' page weight counts up to here). */
export const PREFETCH_MARK = 'eierportal:prefetch-signed-in-shell';

/**
 * While someone types their e-mail and password, the browser is idle: fetch the signed-in app (the shell and the
 * features' manifests) and then the home page, so that after 'Logg inn' the calendar paints without waiting for
 * them. A failed fetch is harmless: the route loads it again when it renders.
 */
function PrefetchSignedInShell() {
  const { isMobile } = useDevicePreference();
  useEffect(() => {
    const prefetch = () => {
      performance.mark(PREFETCH_MARK);
      void loadSignedInApp()
        // A phone's menu opens in a drawer of its own chunk (Layout.tsx).
        .then((app) => Promise.all([app.loadHomePage(), isMobile ? app.loadMobileDrawer() : undefined]))
        .catch(() => undefined);
    };
    // A login pressed on the prerendered page before the app ran is on its way: no typing pause to wait for.
    if (loginPressedBeforeApp()) {
      prefetch();
      return undefined;
    }
    return whenIdle(prefetch, { timeoutMs: 3000, fallbackMs: 1000 });
  }, [isMobile]);
  return null;
}

/** Tells Startup the app is up once the first current-user check has settled, whatever its outcome. */
function ReadySignal({ onReady }: { onReady: () => void }) {
  const { isPending } = useCurrentUser();
  useEffect(() => {
    if (!isPending) onReady();
  }, [isPending, onReady]);
  return null;
}

export default function App({ onReady }: { onReady: () => void }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ReadySignal onReady={onReady} />
        <NewVersionPrompt />
        <BrowserRouter>
          <ErrorBoundary fallback={(error) => <SomethingWentWrong error={error} />}>
            <MaintenanceGate>
            <Routes>
              {(signedOutPages.routes ?? []).map(({ path, page: Page }) => (
                // Signed-out pages fetch the signed-in shell while the visitor types (see PrefetchSignedInShell).
                <Route
                  key={path}
                  path={path}
                  element={page(
                    <>
                      <Page />
                      <PrefetchSignedInShell />
                    </>,
                  )}
                />
              ))}
              <Route path="/admin/*" element={<RequireAuth staffOnly>{page(<AdminApp />)}</RequireAuth>} />
              <Route path="*" element={<RequireAuth>{page(<SignedInApp />)}</RequireAuth>} />
            </Routes>
            </MaintenanceGate>
          </ErrorBoundary>
        </BrowserRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
}
