/**
 * MUI theme. Light by default; the mode is class-based (a class on <html>) and MUI keeps it in localStorage
 * under THEME_KEY (SPEC §9 "Theme").
 */
import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: { light: true, dark: true },
  palette: {
    primary: { main: '#1d4ed8' },
  },
  shape: { borderRadius: 8 },
});
