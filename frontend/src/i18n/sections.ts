/**
 * nb.json and en.json are the one catalogue of the app and the back office. The startup bundle takes only the
 * app's sections (Vite makes each top-level key of a JSON file a named export, and drops those nobody imports);
 * the back office's sections come with its own chunk (admin/i18nProvider.ts). A new top-level section is listed
 * in APP_SECTIONS; keys.test.ts fails until it is.
 */
import * as en from './en.json';
import * as nb from './nb.json';

/** The catalogue's sections that only the back office reads: react-admin's own (ra) and the resources'. */
export const BACK_OFFICE_SECTIONS = ['ra', 'admin', 'resources'];

export const APP_SECTIONS = {
  nb: {
    access: nb.access,
    app: nb.app,
    auth: nb.auth,
    cache: nb.cache,
    calendar: nb.calendar,
    calendarLink: nb.calendarLink,
    common: nb.common,
    errors: nb.errors,
    fallback: nb.fallback,
    feeds: nb.feeds,
    login: nb.login,
    nav: nb.nav,
    preferences: nb.preferences,
    reset: nb.reset,
    settings: nb.settings,
    startup: nb.startup,
    support: nb.support,
    validation: nb.validation,
  },
  en: {
    access: en.access,
    app: en.app,
    auth: en.auth,
    cache: en.cache,
    calendar: en.calendar,
    calendarLink: en.calendarLink,
    common: en.common,
    errors: en.errors,
    fallback: en.fallback,
    feeds: en.feeds,
    login: en.login,
    nav: en.nav,
    preferences: en.preferences,
    reset: en.reset,
    settings: en.settings,
    startup: en.startup,
    support: en.support,
    validation: en.validation,
  },
};
