/**
 * The catalogue of the app and the back office is one per language, gathered at build time from i18n/<language>.json
 * (the shared sections) and each feature's and resource's own i18n/<language>.json (gatherCatalogue.ts); a section
 * goes to its part by its name, wherever its file lies. A page loads one language and the parts
 * of it that its screens read: the signed-out screens' part at startup, the signed-in app's with its shell
 * (app/Layout.tsx), the back office's with its chunk, and the later part with the chunks that load after their page
 * has drawn (the calendar's nights panel, the back office's stay rules, …). The split happens at build time (the `catalogue-parts` plugin
 * in vite.config.ts serves `virtual:catalogue/<language>/<part>`), so no screen downloads the other language or
 * texts it never shows.
 */
export const CATALOGUE_PARTS = ['start', 'app', 'back-office', 'later'] as const;
export type CataloguePart = (typeof CATALOGUE_PARTS)[number];

/**
 * The sections the first screens read before anyone is signed in: startup and its fallbacks, the login, password
 * reset and maintenance screens, the preference switches and support details beside them, the toasts' common
 * words and the server's error texts and field rules (any screen may show one).
 */
export const START_SECTIONS: readonly string[] = [
  'app', 'common', 'startup', 'fallback', 'access', 'preferences', 'support', 'auth', 'login', 'validation', 'cache', 'reset', 'errors',
  'fieldErrors', 'maintenance',
];

/** The catalogue's sections that only the back office reads: react-admin's own (ra) and the resources'. */
export const BACK_OFFICE_SECTIONS: readonly string[] = ['ra', 'admin', 'resources', 'beds24'];

/**
 * The sections read only by chunks that load after their page has drawn (a panel, a dialog, a back-office page that
 * is not the first one), in the app and the back office alike: kept off the first screens' parts, whose size is
 * budgeted (scripts/size-budget.mjs). Such a chunk awaits `laterPartLoaded('later')` (laterPart.ts) at its top. A new
 * screen that loads on demand lists its section here.
 */
export const LATER_SECTIONS: readonly string[] = ['stays', 'payoutDetail', 'webhooks', 'apiTokens', 'insights'];

/** The part a section belongs to: every section not listed above is the signed-in app's (a new domain's too). */
export function partOfSection(section: string): CataloguePart {
  if (START_SECTIONS.includes(section)) return 'start';
  if (LATER_SECTIONS.includes(section)) return 'later';
  return BACK_OFFICE_SECTIONS.includes(section) ? 'back-office' : 'app';
}

/** The sections of a whole catalogue that belong to one part. */
export function cataloguePart<T extends Record<string, unknown>>(catalogue: T, part: CataloguePart): Partial<T> {
  return Object.fromEntries(Object.entries(catalogue).filter(([section]) => partOfSection(section) === part)) as Partial<T>;
}
