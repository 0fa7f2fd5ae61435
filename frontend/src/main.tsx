/**
 * Entry point: clears stale browser storage once per build, sets up i18n and the theme, and starts the app.
 * Kept small on purpose: everything else loads lazily behind the startup screen (app/Startup.tsx).
 */
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { THEME_KEY, THEME_SCHEME_KEY } from './shared/preferenceKeys';
import { Startup } from './app/Startup';
import { logGlobalErrors } from './app/globalErrors';
import { reloadOnMissingParts } from './app/newVersion';
import { registerServiceWorker } from './app/serviceWorker';
import { clearStorageOncePerVersion } from './shared/storage';
import { theme } from './shared/theme';
import { prefetch } from './shared/lazyNamed';
import i18n, { i18nReady } from './i18n';

try {
  clearStorageOncePerVersion(__APP_VERSION__, window.localStorage, window.sessionStorage);
} catch (error) {
  // Reading window.localStorage itself throws when storage is blocked; the app runs without it.
  console.warn('Browser storage unavailable', error);
}

// Unhandled rejections and global errors are only logged (not the browser's benign ResizeObserver report).
logGlobalErrors(window);

function fail(reason: string) {
  document.body.textContent = `${i18n.t('startup.failedTitle')}: ${reason}`;
}

reloadOnMissingParts();
registerServiceWorker();

// The application code starts downloading now, beside the start language's texts, not after them.
prefetch(() => import('./app/App'));
try {
  await i18nReady;
} catch (error) {
  // Without its texts the app still starts; the fallback screens show keys rather than nothing.
  console.error('Texts failed to load', error);
}

const rootElement = document.getElementById('root');
if (!rootElement) {
  fail(i18n.t('startup.rootMissing'));
} else {
  try {
    createRoot(rootElement).render(
      <StrictMode>
        <ThemeProvider theme={theme} defaultMode="light" modeStorageKey={THEME_KEY} colorSchemeStorageKey={THEME_SCHEME_KEY}>
          <CssBaseline />
          <Startup />
        </ThemeProvider>
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    fail(i18n.t('startup.reactFailed'));
  }
}
