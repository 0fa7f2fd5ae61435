/**
 * Build-time gathering of the catalogue (read by the `catalogue-parts` plugin in vite.config.ts and by the tests, in
 * Node; no screen imports it). A language's catalogue is the shared sections of `i18n/<language>.json` plus every
 * `features/<feature>/i18n/<language>.json` and `admin/<resource>/i18n/<language>.json`, found by file name: a
 * feature's texts live in its folder and nothing central lists them (docs/development.md#adding-a-frontend-feature).
 * Each file holds whole sections or parts of one (`{ "nav": { "things": "Ting" }, "things": { ... } }`); they are
 * merged deeply, and a key two files both define stops the build, naming both.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export type Messages = { [key: string]: string | Messages };
export const LANGUAGES = ['nb', 'en'] as const;
export type CatalogueLanguage = (typeof LANGUAGES)[number];

/** The folders whose subfolders may hold an `i18n/` of their own. */
const OWNER_ROOTS = ['features', 'admin'];

/** Every file of one language's catalogue: the shared one first, then the features' and resources' by path. */
export function catalogueFiles(srcDir: string, language: CatalogueLanguage): string[] {
  const owned = OWNER_ROOTS.flatMap((root) => {
    const rootDir = join(srcDir, root);
    return readdirSync(rootDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(rootDir, entry.name, 'i18n', `${language}.json`))
      .filter((file) => existsSync(file));
  });
  return [join(srcDir, 'i18n', `${language}.json`), ...owned.sort()];
}

/** The folders that own texts in either language (a folder with one language's file only is listed too). */
export function catalogueOwners(srcDir: string): string[] {
  const folders = LANGUAGES.flatMap((language) => catalogueFiles(srcDir, language).slice(1).map((file) => join(file, '..', '..')));
  return [...new Set(folders)].sort();
}

function mergeInto(target: Messages, source: Messages, origin: Map<string, string>, file: string, prefix: string): void {
  for (const [key, value] of Object.entries(source)) {
    const path = `${prefix}${key}`;
    const present = target[key];
    if (present === undefined) {
      target[key] = typeof value === 'string' ? value : structuredClone(value);
      origin.set(path, file);
      if (typeof value !== 'string') markOrigin(value, origin, file, `${path}.`);
    } else if (typeof present !== 'string' && typeof value !== 'string') {
      mergeInto(present, value, origin, file, `${path}.`);
    } else {
      throw new Error(`The catalogue key ${path} is defined in both ${origin.get(path) ?? '?'} and ${file}`);
    }
  }
}

function markOrigin(messages: Messages, origin: Map<string, string>, file: string, prefix: string): void {
  for (const [key, value] of Object.entries(messages)) {
    origin.set(`${prefix}${key}`, file);
    if (typeof value !== 'string') markOrigin(value, origin, file, `${prefix}${key}.`);
  }
}

/** One language's whole catalogue, merged from its files, and the files it came from (for the build to watch). */
export function gatherCatalogue(srcDir: string, language: CatalogueLanguage): { messages: Messages; files: string[] } {
  const files = catalogueFiles(srcDir, language);
  const messages: Messages = {};
  const origin = new Map<string, string>();
  for (const file of files) {
    mergeInto(messages, JSON.parse(readFileSync(file, 'utf8')) as Messages, origin, relative(srcDir, file), '');
  }
  return { messages, files };
}
