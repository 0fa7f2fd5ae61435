/**
 * The back office in the app's colours: react-admin's default themes with the brand blue, whose app bar carries
 * white text at 8.7:1 (react-admin's own #2196f3 has 3.1:1, below WCAG AA), readable warnings, empty lists and
 * loading captions, and spinners named in the reader's language (`loadingLabel`).
 */
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { accessibleControls, BRAND_BLUE, BRAND_BLUE_DARK, WARNING_AMBER } from '../shared/theme';

/** MUI's light text.secondary: react-admin shows these messages in text.disabled, 2.7:1 on its grey. */
const READABLE_MESSAGE = { color: 'rgba(0, 0, 0, 0.6)' };

export function adminLightTheme(loadingLabel: string): RaThemeOptions {
  return {
    ...defaultLightTheme,
    palette: {
      ...defaultLightTheme.palette,
      primary: { main: BRAND_BLUE },
      secondary: { main: BRAND_BLUE_DARK, contrastText: '#fff' },
      warning: { main: WARNING_AMBER },
    },
    components: {
      ...defaultLightTheme.components,
      ...accessibleControls,
      // An empty list's message is text to read, not a disabled control (text.disabled has 2.7:1).
      RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': READABLE_MESSAGE } } },
      // react-admin's own loading screen, which a list or record shows while its page's session check runs, has the
      // same faint caption; and its spinner, like every spinner here that is not given a name, is named 'loading'.
      RaLoading: { styleOverrides: { root: { '& .RaLoading-message': READABLE_MESSAGE } } },
      MuiCircularProgress: { defaultProps: { 'aria-label': loadingLabel } },
    },
  };
}
