/**
 * nb.json and en.json are the one catalogue of the app and the back office. A page loads one language and one part
 * of it: the app's sections at startup, the back office's with its chunk. The split happens at build time (the
 * `catalogue-parts` plugin in vite.config.ts serves `virtual:catalogue/<language>/<part>`), so no screen downloads
 * the other language or the other half.
 */
export type CataloguePart = 'app' | 'back-office';

/** The catalogue's sections that only the back office reads: react-admin's own (ra) and the resources'. */
export const BACK_OFFICE_SECTIONS: readonly string[] = ['ra', 'admin', 'resources', 'beds24'];

/** The sections of a whole catalogue that belong to one part. */
export function cataloguePart<T extends Record<string, unknown>>(catalogue: T, part: CataloguePart): Partial<T> {
  const inBackOffice = part === 'back-office';
  return Object.fromEntries(
    Object.entries(catalogue).filter(([section]) => BACK_OFFICE_SECTIONS.includes(section) === inBackOffice),
  ) as Partial<T>;
}
