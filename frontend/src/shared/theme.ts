/**
 * MUI theme. Light by default; the mode is class-based (a class on <html>) and MUI keeps it in localStorage
 * under THEME_KEY (docs/product/app.md#layout-and-devices).
 */
import { createTheme, keyframes, type Components, type Theme } from '@mui/material/styles';

/** The brand's blue: 6.7:1 against white, so white text on it and it as text on white both pass WCAG AA. */
export const BRAND_BLUE = '#1d4ed8';
/** A darker blue for bars that carry white text (the back office's app bar). */
export const BRAND_BLUE_DARK = '#1e40af';
/** Warnings are often text ('Kun lesing', warning buttons): MUI's #ed6c02 has 3.1:1 on white, this amber 5:1. */
export const WARNING_AMBER = '#b45309';

/** Touch screens: a finger needs a target of at least 44 × 44 px (WCAG 2.5.5). */
const COARSE_POINTER = '@media (pointer: coarse)';

/**
 * What every control shares in the app and the back office: a focus ring that is seen on any background (a solid
 * outline in the brand blue with a white gap, instead of MUI's faint ripple), and 44 px targets on touch screens.
 */
export const accessibleControls: Components<Omit<Theme, 'components'>> = {
  MuiButtonBase: {
    styleOverrides: {
      root: { '&.Mui-focusVisible': { outline: `3px solid ${BRAND_BLUE}`, outlineOffset: 2, boxShadow: '0 0 0 2px #fff' } },
    },
  },
  MuiIconButton: { styleOverrides: { root: { [COARSE_POINTER]: { minWidth: 44, minHeight: 44 } } } },
  MuiButton: { styleOverrides: { root: { [COARSE_POINTER]: { minHeight: 44 } } } },
  MuiToggleButton: { styleOverrides: { root: { [COARSE_POINTER]: { minHeight: 44, minWidth: 44 } } } },
  MuiChip: { styleOverrides: { root: { [COARSE_POINTER]: { '&.MuiChip-clickable, &.MuiChip-deletable': { minHeight: 44 } } } } },
  MuiTab: { styleOverrides: { root: { [COARSE_POINTER]: { minHeight: 44 } } } },
  MuiListItemButton: { styleOverrides: { root: { [COARSE_POINTER]: { minHeight: 44 } } } },
  // A tap anywhere in a field focuses its input; the small size (40 px, react-admin's filters 28) is too low to hit.
  MuiInputBase: { styleOverrides: { root: { [COARSE_POINTER]: { minHeight: 44 } } } },
  // A switch or checkbox toggles from its whole label.
  MuiFormControlLabel: { styleOverrides: { root: { [COARSE_POINTER]: { minHeight: 44 } } } },
};

/**
 * A link that stands on its own line ('Tilbake til innlogging'), not inside a sentence: as tall as a button on
 * touch screens. Links inside text keep the text's height, as WCAG's target-size rule allows.
 */
export const standaloneLinkSx = { [COARSE_POINTER]: { display: 'inline-flex', alignItems: 'center', minHeight: 44 } } as const;

/** An indeterminate bar (40 % of the track) crossing it from the left edge out to the right. */
const SLIDE_ACROSS = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: { light: true, dark: true },
  palette: {
    primary: { main: BRAND_BLUE },
    warning: { main: WARNING_AMBER },
  },
  shape: { borderRadius: 8 },
  components: {
    ...accessibleControls,
    // Loading indicators move by transform only, which the compositor animates off the main thread. MUI's growing
    // and shrinking arc and its bars' sliding edges (left and right) are drawn again on the main thread every frame,
    // which on a phone slows the very loading they stand for (the calendar's first render beside them).
    MuiCircularProgress: { defaultProps: { disableShrink: true } },
    MuiLinearProgress: {
      styleOverrides: {
        bar1: { variants: [{ props: { variant: 'indeterminate' }, style: { right: 'auto', width: '40%', animation: `${SLIDE_ACROSS} 1.6s ease-in-out infinite` } }] },
        bar2: { variants: [{ props: { variant: 'indeterminate' }, style: { display: 'none' } }] },
      },
    },
    // MUI's unselected toggle text (action.active) has 4.47:1 on the login page's grey; text.secondary passes.
    MuiToggleButton: {
      styleOverrides: {
        root: ({ theme: t }) => ({
          color: t.vars?.palette.text.secondary ?? t.palette.text.secondary,
          [COARSE_POINTER]: { minHeight: 44, minWidth: 44 },
        }),
      },
    },
  },
});
