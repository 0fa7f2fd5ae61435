/**
 * Starts loading the MUI X pickers behind DateField. Its own tiny module, so that a screen can start the download
 * alongside a form it loads on demand without carrying DateField itself in its first JavaScript.
 */
export const loadDatePickers = () => import('./datePickers');
