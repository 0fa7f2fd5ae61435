/**
 * Startup: loads the application code behind a loading screen and turns a failed or too slow start into the
 * application-error screen (time-out 8 s). Once started, render errors show 'Noe gikk galt'.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppError } from './fallbacks/AppError';
import { ErrorBoundary } from './fallbacks/ErrorBoundary';
import { SomethingWentWrong } from './fallbacks/SomethingWentWrong';
import { StartupLoading } from './fallbacks/StartupLoading';

export const STARTUP_TIMEOUT_MS = 8000;

const App = lazy(() => import('./App'));

export function Startup() {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const markReady = useCallback(() => setReady(true), []);

  useEffect(() => {
    if (ready) return;
    const timer = window.setTimeout(() => setTimedOut(true), STARTUP_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [ready]);

  if (timedOut && !ready) return <AppError reason={t('startup.timeout')} />;

  return (
    <ErrorBoundary
      fallback={(error) =>
        ready ? <SomethingWentWrong error={error} /> : <AppError reason={t('startup.reactFailed')} detail={error.message} />
      }
    >
      <Suspense fallback={<StartupLoading />}>
        <App onReady={markReady} />
      </Suspense>
    </ErrorBoundary>
  );
}
