/**
 * The UI's own texts, read from the frontend's message files (the shared catalogue and every feature's own, gathered
 * as the build gathers them), so the tests look for exactly what a person sees (and keep passing when a wording is
 * corrected there). `main.nb.auth.loginFailed` → 'Innlogging feilet'.
 */
import path from 'node:path';
import { gatherCatalogue } from '../../frontend/src/i18n/gatherCatalogue.ts';
import { frontendDir } from './paths.mjs';

const json = (lang) => gatherCatalogue(path.join(frontendDir, 'src'), lang).messages;

/** The main app's texts (react-i18next). */
export const main = { nb: json('nb'), en: json('en') };

/** The back office's Norwegian texts: the same catalogue, whose ra.* and resources.* trees react-admin reads. */
export const admin = { nb: main.nb };
