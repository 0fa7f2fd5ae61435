/**
 * The UI's own texts, read from the frontend's message files, so the tests look for exactly what a person sees
 * (and keep passing when a wording is corrected there). `main.nb.auth.loginFailed` → 'Innlogging feilet'.
 */
import { readFileSync } from 'node:fs';
import { frontendDir } from './paths.mjs';

const json = (lang) => JSON.parse(readFileSync(`${frontendDir}/src/i18n/${lang}.json`, 'utf8'));

/** The main app's texts (react-i18next). */
export const main = { nb: json('nb'), en: json('en') };

/** The back office's Norwegian texts: the same catalogue, whose ra.* and resources.* trees react-admin reads. */
export const admin = { nb: main.nb };
