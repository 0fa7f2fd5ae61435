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
import { lazyNamed, prefetch, rememberLoaded } from '../shared/lazyNamed';
import { onFirstCalendarPainted } from '../shared/firstCalendarPaint';
import { whenIdle } from '../shared/whenIdle';
import { useDevicePreference } from '../shared/devicePreference';
import { useOwedLoginWelcome } from '../shared/loginWelcome';
import { addCataloguePart } from '../i18n';

// The signed-in app is lazy too, so the login page does not download the sidebar, the feed manager and their parts.
const loadSignedInApp = rememberLoaded(() => import('./SignedInApp'));
const SignedInApp = lazyNamed(loadSignedInApp, 'SignedInApp');
const AdminApp = lazy(() => import('../admin/AdminApp'));

const page = (element: ReactNode) => <Suspense fallback={<PageSpinner />}>{element}</Suspense>;

/** Marks where the login page's own downloads end (the browser tests' page weight counts up to here). */
export const PREFETCH_MARK = 'eierportal:prefetch-signed-in-shell';
/** Marks the end of that prefetch, failed or not: what follows it on the wire is no longer the login page's doing. */
export const PREFETCHED_MARK = 'eierportal:prefetched-signed-in-shell';

/**
 * While someone types their e-mail and password, the browser is idle: fetch the signed-in app (the shell, its texts
 * and the features' manifests) and then the home page, so that after 'Logg inn' the calendar paints without waiting
 * for them; a press before then starts it at once. A failed fetch is harmless: the route loads it again when it renders.
 */
function PrefetchSignedInShell() {
  const { isMobile } = useDevicePreference();
  useEffect(() => {
    const fetchAhead = () => {
      performance.mark(PREFETCH_MARK);
      // The shell's texts beside the shell: the shell's module waits for them (Layout.tsx), and the home page's
      // download starts only once that module is in, so fetched after it they would hold the home page back a round trip.
      const texts = addCataloguePart('app');
      const code = loadSignedInApp().then((app) => {
        // A phone's menu opens in a drawer of its own chunk (Layout.tsx): once the first calendar is on screen, not
        // competing with it for the line and the processor.
        if (isMobile) onFirstCalendarPainted(() => prefetch(app.loadMobileDrawer));
        return app.loadHomePage();
      });
      void Promise.allSettled([texts, code]).then(() => performance.mark(PREFETCHED_MARK));
    };
    // A login pressed on the prerendered page before the app ran is on its way: no typing pause to wait for.
    if (loginPressedBeforeApp()) {
      fetchAhead();
      return undefined;
    }
    // Nor after a press on this page before the browser was idle (a phone still busy running the app's code).
    let cancelIdle = () => {};
    const start = () => {
      cancelIdle();
      document.removeEventListener('submit', start, true);
      fetchAhead();
    };
    document.addEventListener('submit', start, true);
    cancelIdle = whenIdle(start, { timeoutMs: 3000, fallbackMs: 1000 });
    return () => {
      cancelIdle();
      document.removeEventListener('submit', start, true);
    };
  }, [isMobile]);
  return null;
}

/** The back office shows the welcome a login owes at once (the signed-in app shows it in SignedInApp.tsx). */
function BackOfficeWelcome() {
  const { data: user } = useCurrentUser();
  useOwedLoginWelcome(user, false);
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
              <Route
                path="/admin/*"
                element={
                  <RequireAuth staffOnly>
                    <BackOfficeWelcome />
                    {page(<AdminApp />)}
                  </RequireAuth>
                }
              />
              <Route path="*" element={<RequireAuth>{page(<SignedInApp />)}</RequireAuth>} />
            </Routes>
            </MaintenanceGate>
          </ErrorBoundary>
        </BrowserRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
}
