/**
 * What every bare page of the size floor shares (scripts/size-floor.mjs): the libraries the fixed stack puts under
 * every screen, set up as the app sets them up (main.tsx, app/App.tsx): React 19, MUI with the app's theme and
 * CssBaseline, react-i18next with the signed-out screens' texts, and react-router. A page that reads data brings
 * its own react-query client.
 */
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import i18n from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import start from 'virtual:catalogue/nb/start';
import { theme } from '../src/shared/theme';

export async function mountBarePage(page: ReactNode) {
  await i18n.use(initReactI18next).init({ lng: 'nb', resources: { nb: { translation: start } } });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <BrowserRouter>
          <Routes>
            <Route path="*" element={page} />
          </Routes>
        </BrowserRouter>
      </ThemeProvider>
    </StrictMode>,
  );
}
