/** Browser-storage keys that hold the visitor's own choices; storage clearing never removes them (DESIGN.md). */
export const LANGUAGE_KEY = 'language';
export const DEVICE_PREFERENCE_KEY = 'devicePreference';
/** MUI keeps the mode under this key and the colour schemes under keys starting with `${THEME_KEY}-`. */
export const THEME_KEY = 'theme';
export const THEME_SCHEME_KEY = `${THEME_KEY}-scheme`;
