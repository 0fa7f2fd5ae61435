/** Settings' public face: the staff's two-factor notice the signed-in shell shows, loaded with the shell's first render; the activity timeline the back office shows. */
export const loadStaffTwoFactorNotice = () => import('./components/StaffTwoFactorNotice');
/** The activity timeline, for the back office's user page (loaded when it first renders). */
export const loadActivityTimeline = () => import('./components/ActivityTimeline');
/** The dialog that asks for the password (and code) again before a sensitive change, for the back office's frame. */
export const loadReauthDialog = () => import('./components/ReauthDialog');
