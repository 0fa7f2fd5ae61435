/**
 * Renders the login page to HTML at build time (scripts/prerender-login-shell.mjs), with its styles inline, so a
 * first visit paints the form before any script has run (docs/architecture.md#prerendered-login-page). The same
 * components as the live page, in Norwegian (the default language) and with the default design; the footer, which
 * shows today's date, is left to the live page.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { i18nReady } from '../../i18n';
import { theme } from '../../shared/theme';
import { ToastProvider } from '../../shared/toast';
import { LoginLayout } from './LoginPage';

export async function renderLoginShell(): Promise<string> {
  await i18nReady;
  // Its own class prefix: the shell's styles leave with it and never match the live page's classes.
  const cache = createCache({ key: 'shell' });
  return renderToString(
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme} defaultMode="light">
        <CssBaseline />
        <QueryClientProvider client={new QueryClient()}>
          <ToastProvider>
            <MemoryRouter initialEntries={['/auth']}>
              <LoginLayout />
            </MemoryRouter>
          </ToastProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>,
  );
}
