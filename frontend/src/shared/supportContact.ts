/**
 * Customer-service contact shown in the sidebar and on the login page. Change the company details here only.
 * The opening hours' wording lives in the message files (support.hours).
 */
export const SUPPORT_PHONE = '+47 22 00 00 00';
export const SUPPORT_EMAIL = 'kundeservice@eierportal.no';
