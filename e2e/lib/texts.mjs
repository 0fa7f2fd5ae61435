/**
 * The UI's own texts, read from the frontend's message files (the shared catalogue and every feature's own, gathered
 * as the build gathers them), so the tests look for exactly what a person sees (and keep passing when a wording is
 * corrected there). `main.nb.auth.loginFailed` → 'Innlogging feilet'.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { gatherCatalogue } from '../../frontend/src/i18n/gatherCatalogue.ts';
import { frontendDir, repoRoot } from './paths.mjs';

const json = (lang) => gatherCatalogue(path.join(frontendDir, 'src'), lang).messages;

/** The main app's texts (react-i18next). */
export const main = { nb: json('nb'), en: json('en') };

/** The back office's Norwegian texts: the same catalogue, whose ra.* and resources.* trees react-admin reads. */
export const admin = { nb: main.nb };

/**
 * Each notification type's title and message as its kind declares them (backend/src/<domain>/<domain>.notifications.ts,
 * read from the built server the tests run), with `{name}` placeholders: the server renders them and the app shows
 * what it sends. `notificationTexts.nb.event_created.title` → 'Ny hendelse'.
 */
export const notificationTexts = (() => {
  const { NOTIFICATION_KINDS } = createRequire(import.meta.url)(path.join(repoRoot, 'backend/dist/src/notifications/notification-kinds.js'));
  const inLanguage = (lang) => Object.fromEntries([...NOTIFICATION_KINDS].map(([type, kind]) => [type, kind[lang]]));
  return { nb: inLanguage('nb'), en: inLanguage('en') };
})();
