/**
 * The application proper: data cache, toasts, router and routes (SPEC §2). Loaded lazily by Startup; pages are
 * their own chunks, and the back office (/admin) is a separate chunk customers never download.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { useCurrentUser } from '../shared/session';
import { ErrorBoundary } from './fallbacks/ErrorBoundary';
import { PageSpinner } from './fallbacks/PageSpinner';
import { SomethingWentWrong } from './fallbacks/SomethingWentWrong';
import { createQueryClient } from './queryClient';
import { MaintenanceGate } from '../features/maintenance/MaintenanceGate';
import { RequireAuth } from './RequireAuth';
import { ToastProvider } from '../shared/toast';

// The signed-in shell is lazy too, so the login page does not download the sidebar, the feed manager and their parts.
const loadLayout = () => import('./Layout');
const loadCalendarHome = () => import('../features/calendar/CalendarHome');
const Layout = lazy(() => loadLayout().then((m) => ({ default: m.Layout })));
const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const CalendarHome = lazy(() => loadCalendarHome().then((m) => ({ default: m.CalendarHome })));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })));
const AgreementsPage = lazy(() => import('../features/agreements/AgreementsPage').then((m) => ({ default: m.AgreementsPage })));
const AgreementDetailPage = lazy(() => import('../features/agreements/AgreementDetailPage').then((m) => ({ default: m.AgreementDetailPage })));
const PayoutsPage = lazy(() => import('../features/payouts/PayoutsPage').then((m) => ({ default: m.PayoutsPage })));
const CasesPage = lazy(() => import('../features/cases/CasesPage').then((m) => ({ default: m.CasesPage })));
const SupportPage = lazy(() => import('../features/support/SupportPage').then((m) => ({ default: m.SupportPage })));
const AppointmentsPage = lazy(() => import('../features/appointments/AppointmentsPage').then((m) => ({ default: m.AppointmentsPage })));
const PricesPage = lazy(() => import('../features/prices/PricesPage').then((m) => ({ default: m.PricesPage })));
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
  useEffect(() => {
    const prefetch = () => {
      performance.mark(PREFETCH_MARK);
      void Promise.all([loadLayout(), loadCalendarHome()]).catch(() => undefined);
    };
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(prefetch, 1000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(prefetch, { timeout: 3000 });
    return () => cancelIdleCallback(idle);
  }, []);
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
                <Route path="/user/agreements/:id" element={page(<AgreementDetailPage />)} />
                <Route path="/payouts" element={page(<PayoutsPage />)} />
                <Route path="/prices" element={page(<PricesPage />)} />
                <Route path="/cases" element={page(<CasesPage />)} />
                <Route path="/support" element={page(<SupportPage />)} />
                <Route path="/appointments" element={page(<AppointmentsPage />)} />
                <Route path="/" element={page(<CalendarHome />)} />
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
