/**
 * The application proper: data cache, toasts, router and routes (docs/product/app.md#pages-and-access). Loaded lazily by Startup; pages are
 * their own chunks, and the back office (/admin) is a separate chunk customers never download.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { APP_PATHS } from '../shared/appLinks';
import { useCurrentUser } from '../shared/session';
import { ErrorBoundary } from './fallbacks/ErrorBoundary';
import { NewVersionPrompt } from './NewVersionPrompt';
import { PageSpinner } from './fallbacks/PageSpinner';
import { SomethingWentWrong } from './fallbacks/SomethingWentWrong';
import { createQueryClient } from './queryClient';
import { MaintenanceGate } from '../features/maintenance/MaintenanceGate';
import { RequireAuth } from './RequireAuth';
import { ToastProvider } from '../shared/toast';
import { lazyNamed } from '../shared/lazyNamed';
import { whenIdle } from '../shared/whenIdle';
import { useDevicePreference } from '../shared/devicePreference';

// The signed-in shell is lazy too, so the login page does not download the sidebar, the feed manager and their parts.
const loadLayout = () => import('./Layout');
const loadCalendarHome = () => import('../features/calendar/CalendarHome');
const Layout = lazyNamed(loadLayout, 'Layout');
const LoginPage = lazyNamed(() => import('../features/auth/LoginPage'), 'LoginPage');
const ResetPasswordPage = lazyNamed(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const CalendarHome = lazyNamed(loadCalendarHome, 'CalendarHome');
const SettingsPage = lazyNamed(() => import('../features/settings/SettingsPage'), 'SettingsPage');
const AgreementsPage = lazyNamed(() => import('../features/agreements/AgreementsPage'), 'AgreementsPage');
const AgreementDetailPage = lazyNamed(() => import('../features/agreements/AgreementDetailPage'), 'AgreementDetailPage');
const PayoutsPage = lazyNamed(() => import('../features/payouts/PayoutsPage'), 'PayoutsPage');
const CasesPage = lazyNamed(() => import('../features/cases/CasesPage'), 'CasesPage');
const SupportPage = lazyNamed(() => import('../features/support/SupportPage'), 'SupportPage');
const AppointmentsPage = lazyNamed(() => import('../features/appointments/AppointmentsPage'), 'AppointmentsPage');
const PricesPage = lazyNamed(() => import('../features/prices/PricesPage'), 'PricesPage');
const AdminApp = lazy(() => import('../admin/AdminApp'));

const page = (element: ReactNode) => <Suspense fallback={<PageSpinner />}>{element}</Suspense>;

/** Marks where the login page's own downloads end (the browser tests' page weight counts up to here). */
export const PREFETCH_MARK = 'eierportal:prefetch-signed-in-shell';

/**
 * While someone types their e-mail and password, the browser is idle: fetch the signed-in shell and the calendar
 * then, so that after 'Logg inn' the calendar paints without first downloading them one after the other (Layout,
 * then the page inside it). A failed fetch is harmless: the route loads it again when it renders.
 */
function PrefetchSignedInShell() {
  const { isMobile } = useDevicePreference();
  useEffect(() => {
    const prefetch = () => {
      performance.mark(PREFETCH_MARK);
      // A phone's menu opens in a drawer of its own chunk (Layout.tsx).
      const shell = loadLayout().then((layout) => (isMobile ? layout.loadMobileDrawer() : undefined));
      void Promise.all([shell, loadCalendarHome()]).catch(() => undefined);
    };
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
              <Route
                path="/auth"
                element={page(
                  <>
                    <LoginPage />
                    <PrefetchSignedInShell />
                  </>,
                )}
              />
              <Route path="/reset-password" element={page(<ResetPasswordPage />)} />
              <Route path="/admin/*" element={<RequireAuth staffOnly>{page(<AdminApp />)}</RequireAuth>} />
              <Route
                element={
                  <RequireAuth>{page(<Layout />)}</RequireAuth>
                }
              >
                <Route path="/settings" element={page(<SettingsPage />)} />
                <Route path="/user/agreements" element={page(<AgreementsPage />)} />
                <Route path={APP_PATHS.agreement} element={page(<AgreementDetailPage />)} />
                <Route path="/payouts" element={page(<PayoutsPage />)} />
                <Route path="/prices" element={page(<PricesPage />)} />
                <Route path={APP_PATHS.cases} element={page(<CasesPage />)} />
                <Route path="/support" element={page(<SupportPage />)} />
                <Route path="/appointments" element={page(<AppointmentsPage />)} />
                <Route path={APP_PATHS.calendar} element={page(<CalendarHome />)} />
                <Route path="*" element={page(<CalendarHome />)} />
              </Route>
            </Routes>
            </MaintenanceGate>
          </ErrorBoundary>
        </BrowserRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
}
