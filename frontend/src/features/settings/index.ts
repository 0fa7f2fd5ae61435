/** Settings' public face: the staff's two-factor notice the signed-in shell shows, loaded with the shell's first render. */
export const loadStaffTwoFactorNotice = () => import('./components/StaffTwoFactorNotice');
