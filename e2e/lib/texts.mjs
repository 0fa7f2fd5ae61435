/**
 * The UI's own texts, read from the frontend's message files, so the tests look for exactly what a person sees
 * (and keep passing when a wording is corrected there). `main.nb.auth.loginFailed` → 'Innlogging feilet'.
 */
import { readFileSync } from 'node:fs';
import { nb as adminNb } from '../../frontend/src/admin/i18n/nb.ts';
import { frontendDir } from './paths.mjs';

const json = (lang) => JSON.parse(readFileSync(`${frontendDir}/src/i18n/${lang}.json`, 'utf8'));

/** The main app's texts (react-i18next). */
export const main = { nb: json('nb'), en: json('en') };

/** The back office's Norwegian texts (react-admin); Node 24 strips the types of the .ts file on import. */
export const admin = { nb: adminNb };
