/**
 * Browser-storage keys that hold the visitor's own choices; storage clearing never removes them
 * (docs/product/app.md#startup-and-errors). The language's is the texts' own: i18n/languageKey.ts.
 */
export const DEVICE_PREFERENCE_KEY = 'devicePreference';
/** MUI keeps the mode under this key and the colour schemes under keys starting with `${THEME_KEY}-`. */
export const THEME_KEY = 'theme';
export const THEME_SCHEME_KEY = `${THEME_KEY}-scheme`;
/** '1' when the visitor muted notification sounds (settings page). */
export const SOUND_MUTED_KEY = 'notificationSoundsMuted';
/** '1' once the owner closed the calendar's first-use panel (features/calendar/components/FirstUsePanel.tsx). */
export const FIRST_USE_DISMISSED_KEY = 'firstUseDismissed';
/** Session-storage key holding the build a reload for a new version left (app/newVersion.ts; kept by the startup clearing). */
export const RELOADED_FROM_BUILD_KEY = 'reloadedFromBuild';
