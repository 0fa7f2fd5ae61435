/**
 * The size budget of the built frontend, checked in CI after the build: the cold JavaScript each
 * first screen needs, gzip-compressed, from Vite's build manifest (frontend/dist/.vite/manifest.json). A screen's
 * cold JavaScript is the entry and, through static imports, every chunk that the lazy chunks on its way import:
 * Startup → App → the page (and the shell's Layout for pages inside it). Chunks loaded later (a dialog opened on
 * demand) do not count.
 *
 *   node scripts/size-budget.mjs          # prints the sizes, fails on a screen over its budget
 *
 * The budgets are what the build reaches now plus a small margin, so that growth is a decision; the goal
 * (150 / 280 / 350 kB) is recorded in docs/development.md. Lower a budget when a change shrinks its screen.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** kB as the issue and the browser test's page weight count them. */
const KB = 1024;
const dist = fileURLToPath(new URL('../frontend/dist/', import.meta.url));

/**
 * Cold JavaScript per first screen: the lazy modules on its way, and its budget in kB (gzip). Measured at the
 * budget's setting: 236.6, 366.1 and 430.4 kB; raised for / and /admin with the payouts and prices pages at
 * 242.8, 379.3 and 450.1 kB: two more lazy pages split the shared MUI modules into more, smaller chunks, and the
 * back office carries its payouts tab and the larger catalogue. With Beds24, payouts, prices and agreements together
 * together: 244.8, 384.8 and 465.8 kB; with the maintenance gate on every page and the system and jobs tabs
 * too: 246.0, 385.8 and 469.8 kB. Loading only the active language, and the back office's texts only with
 * it: 243.5, 383.1 and 446.8 kB. With the app's own date fields: 247.0, 373.2 and 454.8 kB, from
 * 243.7, 383.3 and 447.1: the MUI X pickers load only with a form that shows a date field (their own chunk, not
 * counted), and the calendar's add-event and marked-day dialogs load when first opened (the pickers alongside);
 * but the MUI and date-fns modules the pickers share with the first screens now sit in more, smaller chunks, each
 * with its module wrapper and its own gzip stream (making the back office's forms lazy too only added more of
 * them: 460.7 kB). With customer service (cases, support and appointment pages, their texts in the app's
 * catalogue part, the back office's cases resource) and the backup tab: 252.5, 382.4 and 473.5 kB; the
 * libraries every screen runs in one 'core' chunk (vite.config.ts): 250.5, 380.9 and 471.3 kB. react-admin on the
 * app's router instead of ra-core's default adapter, which also carried react-router's data router to every screen
 * (src/admin/routing/appRouterProvider.ts): 235.5, 364.1 and 454.4 kB. The login fields as a plain outlined input
 * (shared/components/TextInput.tsx) instead of TextField with its Select and Modal, and date-fns' lightFormat for
 * the fixed formats: 220.1, 362.3 and 452.2 kB. The event detail dialog and the staff's user picker load when first
 * needed (owners never download the Select the picker is made of): 221.3, 346.3 and 454.1 kB. The calendar without
 * FullCalendar's interaction plugin (the day click is the calendar's own) and with the time grid loading with the week
 * and day views (features/calendar/hooks/useViewPlugins.ts): 221.3, 329.6 and 454.3 kB. The login forms without
 * react-hook-form (features/auth/useLoginForm.ts): 207.7, 329.6 and 454.3 kB. The signed-out screens' texts as their own
 * part of the catalogue, the signed-in app's loaded with its shell: 202.2, 330.5 and 455.1 kB. The back office on
 * react-admin's AdminContext and AdminUI (without <Admin>'s fallback polyglot i18nProvider) and each resource's pages
 * loading with their route (shared/lazyNamed.ts), counted here with the users list an admin opens on: 203.0, 332.4 and
 * 418.4 kB; the modules the customer screens share with the back office's pages now fall into more, smaller chunks.
 * An admin's colour menu and delete confirmation on the calendar load for admins only: 203.3, 325.2 and 419.5 kB.
 * The users list's calendar and create-event dialogs load when first opened (with them the calendar's Oslo-time
 * rule and its temporal-polyfill, now in features/calendar/osloWallClock.ts): 203.5, 325.3 and 407.1 kB. The MUI
 * components every first screen shows in one chunk ('ui' in vite.config.ts) and those the signed-in shell shares with
 * the back office in another, instead of a chunk per combination of pages; the desktop sidebar without a Drawer
 * module; the phone's menu drawer, the bell's popover and the year view's week-number switch loading when first
 * wanted: 198.8, 300.5 and 395.1 kB; the login page's prefetch taking the phone's drawer along: 198.9, 300.5 and
 * 395.7 kB. With what joins the domains into one product: the new-version handling on every screen (a reload once for
 * a part a deploy took away, the service worker's 'Ny versjon' prompt), the company's contact details read from the
 * system settings, the links notifications open, the staff's server-side user picker, the account-number history and
 * the agreements' end time: 201.7, 304.4 and 399.5 kB (budgets raised to 203, 306 and 402). Features registering
 * through their manifests (the signed-in app's route table and sidebar gathered from every features/<name>/manifest.ts,
 * a public index per feature): 200.6, 306.2 and 398.3 kB; the login page no longer carries the signed-in pages' route
 * table, which now loads with the shell (budgets 202, 308 and 400).
 * Then what landed beside it, each measured on its branch: appointments (the booking page's and three back-office
 * tabs' texts, error texts on every screen: +0.4, +0.8 and +3.5 kB), double bookings (the calendar's marks, the
 * back office's list), the phone's calendar (windows kept across visits with their ETag and the offline note, the
 * neighbouring months read ahead, the service worker started after the first calendar paint: +0.9, +1.7, +1.0 kB),
 * and two-factor sign-in (the login's code step, its error texts, the staff notice in the shell): together 203.0,
 * 311.1 and 404.7 kB (budgets 204, 312 and 406). Then re-authentication (the settings' dialog and the API client's
 * retry), the activity timeline (its texts on every screen, the back office's panel), readable text colours on every
 * calendar colour, the offline calendar read again when the connection returns, and the back office's data provider
 * in one part per resource: 203.3, 312.9 and 406.0 kB (budgets 204, 314 and 408).
 * Then features owning their texts, query keys and calls (texts gathered per folder into the same parts: no change;
 * the shell's feed manager refreshes the calendar's keys, so the calendar's calls became a chunk the shell shares,
 * and the cases' keys one the shell's push refresh reads): 203.0, 313.8 and 407.0 kB. With a full reload offline
 * drawing the last known calendar (the kept user beside the kept windows, the session asked again when the
 * connection returns), the sign-in strategies and the activity rows' texts: 203.4, 314.3 and 407.5 kB (the calendar's
 * budget 314 → 315). The prerendered login page and the calendar snapshot (the login form's take-over of what was
 * typed in the page before the app ran, the snapshot's saving and hand-over; docs/architecture.md): 204.2, 315.4 and
 * 407.8 kB (budgets 204 → 205 and 315 → 316), for a login form on screen at about 1 s instead of 3.3 s and a repeat
 * visit's calendar at about 1 s instead of 3.2 s on the phone bench. The back office's loading screen the app's own
 * named spinner instead of react-admin's unnamed one: 408.1 kB (budget 408 → 409). The login pressed on the prerendered
 * page sent by its script and adopted by the app, and the home page's first window read as the signed-in app opens
 * (FeatureRoute.readAhead; the month grid's opening range moved to a chunk the shell shares with the calendar):
 * 204.7, 316.5 and 408.3 kB (the calendar's budget 316 → 317), for the calendar's window read before the calendar's
 * code has drawn instead of after, about 1.9 s earlier on the phone bench's press at once. The compile hint on every
 * customer chunk (its first line, about 30 bytes a file; frontend/vite.config.ts, compileHints): 205.8, 318.2 and
 * 409.9 kB (budgets 205 → 206, 317 → 319 and 409 → 410), for a typed login's calendar about 0.2 s sooner on the phone
 * bench (docs/benchmarks.md). The app's own small modules every screen runs in one 'app-base' chunk instead of 17
 * files (vite.config.ts): 201.9, 313.9 and 406.5 kB in 23, 47 and 112 files instead of 40, 64 and 128 (budgets lowered
 * to 203, 315 and 408). The signed-in path's small modules in three more groups ('dates', 'icons', 'signed-in-base'),
 * the back office's spinners named through its theme, and the prerendered page reading the calendar's first window:
 * 201.7, 307.3 and 406.3 kB in 23, 21 and 106 files (the calendar's budget lowered to 309). The security round (the
 * new-password rule's texts, the re-authentication asked before sensitive back-office changes, the session hint read
 * before kept data is shown, the error texts of upload, booking and feed refusals) with payout notifications and the
 * owner's Beds24 row: 203.0, 309.7 and 408.4 kB (budgets 309 → 310 and 408 → 409). Live screens (every feature's
 * pushes refreshing its reads, the owner's meetings in the calendar, staff's ?user= link with the owner's double
 * bookings, the bell's older pages): 203.0, 311.1 and 408.5 kB (the calendar's budget 310 → 312). Errors in the
 * reader's language (every screen: the field rules' texts in the start part and the client's rendering of them; the
 * back office: its errors through the catalogue), the feed manager opened from a link, the back office's two-factor
 * reset, its limits-and-security texts and its bell (itself a lazy chunk, not counted), with removing a person
 * telling the other side (its four error codes' texts on every screen, the new notification types' texts, the users
 * list's delete and block asking for a successor; the dialog itself loads when an answer asks for it): 203.5, 312.1 and 411.2 kB (budgets 203 → 204,
 * 312 → 313 and 409 → 412). The calendar by property (its reads and changes naming the property shown, the person's
 * properties read beside the first window; the choice of property and the household tab load with their first
 * render, through the properties feature's index): 203.8, 312.2 and 411.2 kB (no budget changed). Payouts, prices,
 * agreements and cases by property (each page's choice of property, the back office's property column on cases and
 * payouts' keys in a file of their own) and the stay rules' refusal texts (on every screen, with the other error
 * texts): 204.0, 312.7 and 412.3 kB (budgets 204 → 205 and 412 → 413).
 * The nights' screens (the calendar's nights panel and the back office's stay rules, each loading after its page has
 * drawn, their texts in the catalogue's 'stays' part that loads with them): 204.1, 313.0 and 412.7 kB (no budget changed).
 * The back office's stay requests (the list and a request's page one lazy chunk: as two, the shared react-admin chunks
 * of the users list split finer, +1 kB; their texts in the 'stays' part, the menu's icon one the icons chunk has) and
 * the texts of the two error codes the requests added (on every screen, with the other error texts); stays held for
 * approval in the calendar (a waiting stay drawn as such, the bookings past the rental day limit outlined; the
 * add-event dialog's check before a stay is sent and the detail dialog's word on a waiting stay load with those
 * dialogs): 204.1, 313.1 and 413.0 kB (budget 313 → 314 for the calendar).
 * The texts of the error codes webhooks (five) and personal API tokens (nine) added, on every screen, with the token
 * tab's name and the activity rows of a token made or revoked (the System page's webhooks card, the settings' token
 * tab and their texts load with them, in the 'later' part): about 204.2, 313.3 and 413.3 kB (budget 413 → 414 for
 * the back office), measured on each branch. With the year page (its menu entry; the page, its charts and texts load
 * with it) and payout lines (the seventeen error texts of lines, receipts and the import, on every screen; the payout
 * explained loads with its dialog): 204.7, 314.1 and 414.3 kB (budgets 314 → 315 and 414 → 415). Most of that growth is
 * error texts only staff ever see; a part of the catalogue for staff's error texts, loaded with the back office, is
 * the way to take it back off the owners' screens.
 * What is left is mostly the libraries: react-dom, MUI with emotion,
 * react-router and i18next on every screen (about 170 kB), FullCalendar on the calendar, react-admin (about 110 kB)
 * on /admin.
 */
// The texts each screen loads, in the default language (i18n/index.ts; English is the same size within a few kB).
const NB_START = 'virtual:catalogue/nb/start';
const NB_APP = 'virtual:catalogue/nb/app';
const NB_BACK_OFFICE = 'virtual:catalogue/nb/back-office';
/** Each screen's budget, the goal for it, and its bare counterpart in frontend/size-floor (scripts/size-floor.mjs). */
export const SCREENS = [
  { name: '/auth (login)', lazy: [NB_START, 'src/app/App.tsx', 'src/features/auth/LoginPage.tsx'], budgetKb: 205, goalKb: 150, floorPage: 'login' },
  { name: '/ (calendar)', lazy: [NB_START, 'src/app/App.tsx', 'src/app/SignedInApp.tsx', NB_APP, 'src/features/calendar/CalendarHome.tsx'], budgetKb: 315, goalKb: 280, floorPage: 'calendar' },
  // An admin's back office opens on the users list (AdminApp.tsx); each resource's pages are chunks of their own.
  {
    name: '/admin (back office)',
    lazy: [NB_START, 'src/app/App.tsx', 'src/admin/AdminApp.tsx', NB_APP, NB_BACK_OFFICE, 'src/admin/users/UserList.tsx'],
    budgetKb: 415,
    goalKb: 350,
    floorPage: 'back-office',
  },
];

function readManifest() {
  try {
    return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  } catch (error) {
    throw new Error(`No build manifest in ${dist}.vite/ (run \`npm run build -w frontend\` first)`, { cause: error });
  }
}

/** The files a manifest entry loads at once: its own and those of its static imports, transitively. */
export function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk for ${key}: was it renamed or made static?`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

/** The gzip kB of the JavaScript a set of manifest entries loads at once, from a build in `outDir`. */
export function coldJavaScript(manifest, keys, outDir = dist) {
  const files = new Set();
  for (const key of keys) staticClosure(manifest, key, files);
  const js = [...files].filter((file) => file.endsWith('.js'));
  const bytes = js.reduce((sum, file) => sum + gzipSync(readFileSync(join(outDir, file))).length, 0);
  return { files: js.length, kb: bytes / KB };
}

/** The build's entry chunk (index.html, or a bare page of the size floor). */
export function entryOf(manifest) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('The build manifest names no entry');
  return entry;
}

export function measure(manifest = readManifest()) {
  const entry = entryOf(manifest);
  return SCREENS.map((screen) => ({ ...screen, ...coldJavaScript(manifest, [entry, ...screen.lazy]) }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = measure();
  let over = 0;
  for (const r of results) {
    const ok = r.kb <= r.budgetKb;
    if (!ok) over += 1;
    console.log(`${ok ? 'ok  ' : 'OVER'} ${r.name.padEnd(22)} ${r.kb.toFixed(1).padStart(6)} kB gzip in ${r.files} files (budget ${r.budgetKb} kB, goal ${r.goalKb} kB)`);
  }
  if (over) {
    console.error(`${over} screen(s) over their size budget: shrink them, or raise the budget in scripts/size-budget.mjs on purpose.`);
    process.exit(1);
  }
}
