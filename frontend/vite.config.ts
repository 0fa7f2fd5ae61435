/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, PluginContext } from 'rolldown';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { CATALOGUE_PARTS, cataloguePart, type CataloguePart } from './src/i18n/catalogueParts';
import { gatherCatalogue, type CatalogueLanguage } from './src/i18n/gatherCatalogue';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// One value per build: the startup storage clearing runs once when this changes (see src/shared/storage.ts).
const buildVersion = `${pkg.version}+${new Date().toISOString()}`;

const CATALOGUE_PREFIX = 'virtual:catalogue/';

/**
 * Serves `virtual:catalogue/<nb|en>/<start|app|back-office>`: one language's part of the catalogue, gathered from
 * src/i18n/<language>.json and the features' and resources' own i18n/<language>.json (src/i18n/gatherCatalogue.ts),
 * so each feature keeps its texts while each screen downloads only what it shows (src/i18n/index.ts).
 */
function catalogueParts(): Plugin {
  return {
    name: 'catalogue-parts',
    resolveId: (id) => (id.startsWith(CATALOGUE_PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${CATALOGUE_PREFIX}`)) return undefined;
      const [language, part] = id.slice(CATALOGUE_PREFIX.length + 1).split('/');
      if (!['nb', 'en'].includes(language) || !(CATALOGUE_PARTS as readonly string[]).includes(part)) {
        throw new Error(`No catalogue part ${id.slice(1)}`);
      }
      const catalogue = gatherCatalogue(fileURLToPath(new URL('./src', import.meta.url)), language as CatalogueLanguage);
      for (const file of catalogue.files) this.addWatchFile(file);
      const messages = cataloguePart(catalogue.messages, part as CataloguePart);
      // JSON.parse of a string literal is faster to start than the same object as a JavaScript literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(messages))});`;
    },
  };
}

/**
 * Gives react-admin the app's router instead of its own (src/admin/routing/appRouterProvider.ts says why): resolves
 * ra-core's react-router adapter module to ours. The build fails if ra-core stops importing that module (an upgrade
 * that moved it), so the saving cannot silently disappear.
 */
function adminOnAppRouter(): Plugin {
  const adapter = fileURLToPath(new URL('./src/admin/routing/appRouterProvider.ts', import.meta.url));
  let replaced = false;
  return {
    name: 'admin-on-app-router',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== './adapters/reactRouterProvider.js' || !importer || !/[\\/]ra-core[\\/]dist[\\/]routing[\\/]/.test(importer)) return undefined;
      replaced = true;
      return adapter;
    },
    generateBundle() {
      // A build without react-admin (the size floor's bare pages) has nothing to replace.
      const usesRaCore = [...this.getModuleIds()].some((id) => /[\\/]ra-core[\\/]/.test(id));
      if (usesRaCore && !replaced) this.error("ra-core no longer imports './adapters/reactRouterProvider.js': update adminOnAppRouter in vite.config.ts");
    },
  };
}

/**
 * Writes the scripts of boot/ that index.html names (`<script src="/boot/…">`) into the page itself: they draw before
 * the app's code (docs/architecture.md#calendar-snapshot), and a separate file would cost a request before the first
 * paint. The server allows exactly these inline scripts by their hashes (backend/src/inline-scripts.ts).
 */
function inlineBootScripts(): Plugin {
  return {
    name: 'inline-boot-scripts',
    apply: 'build',
    transformIndexHtml(html) {
      return html.replace(/<script src="\/boot\/([\w-]+\.js)"><\/script>/g, (_tag, file: string) => {
        const code = readFileSync(new URL(`./boot/${file}`, import.meta.url), 'utf8');
        return `<script>${code.trim()}</script>`;
      });
    },
  };
}

/** The back office's own code: a chunk whose module is under src/admin/ starts it (AdminApp and its pages). */
const BACK_OFFICE_SOURCE = /[\\/]src[\\/]admin[\\/]/;

/**
 * Finds the chunks only the back office loads: those an entry does not reach without passing through a chunk of
 * src/admin/. The service worker leaves them out of its precache (`backOfficeChunks` below), so an owner's phone
 * does not download 400 kB of back office it never opens; staff get them cached as they use them.
 */
function backOfficeChunkFinder(found: Set<string>): Plugin {
  return {
    name: 'back-office-chunks',
    generateBundle(_options, bundle) {
      found.clear();
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
      const reached = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || reached.has(fileName)) return;
        if (!chunk.isEntry && chunk.facadeModuleId && BACK_OFFICE_SOURCE.test(chunk.facadeModuleId)) return;
        reached.add(fileName);
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      for (const [fileName, chunk] of chunks) {
        if (reached.has(fileName)) continue;
        found.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) found.add(css);
      }
    },
  };
}

const backOfficeChunks = new Set<string>();

const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Asks V8 to compile the customer screens' scripts whole as they download (its explicit compile hint, a first-line
 * comment) instead of each function when first called: compiled on the way in, off the page's main thread, they do
 * not stop the main thread between 'Logg inn' and the calendar, where lazy compiling was about a quarter of a phone's
 * work (docs/architecture.md#compile-hints). Every chunk but the back office's (`backOfficeChunks`, found first): hinting
 * only the first screens and what they import statically left out the parts the shell loads lazily on the way, and
 * measured no better than no hints at all. It costs about 30 bytes per file.
 */
function compileHints(backOffice: ReadonlySet<string>): Plugin {
  function addHints(this: PluginContext, _options: unknown, bundle: OutputBundle) {
    const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
    // The login page's prerendering build (scripts/prerender-login-shell.mjs) runs in Node, not in a browser.
    if (!chunks.some((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('index.html'))) return;
    for (const chunk of chunks) if (!backOffice.has(chunk.fileName)) chunk.code = COMPILE_HINT + chunk.code;
  }
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    // After Vite's own additions (a chunk that imports lazily starts with its preload map): the hint must be the
    // script's very first line.
    generateBundle: { order: 'post', handler: addHints },
  };
}

/**
 * The installable app: a web manifest and a Workbox service worker at /sw.js that precaches the app
 * shell and the built assets, never an API answer (personal data stays out of Cache Storage), asks the server for
 * every page while it answers, and answers navigations offline with the shell, whose startup then shows 'no connection'. A new deployment's worker waits
 * (registerType 'prompt') and the page offers 'Ny versjon – last inn på nytt' (app/NewVersionPrompt.tsx): taking over
 * at once would drop the old precache under a running page whose lazy parts are still to come. The first worker
 * takes control at once (clientsClaim). app/serviceWorker.ts registers it.
 */
const installableApp = VitePWA({
  strategies: 'generateSW',
  filename: 'sw.js',
  registerType: 'prompt',
  injectRegister: null,
  includeAssets: ['icons/apple-touch-icon.png', 'icons/icon.svg'],
  manifest: {
    name: 'Eierportal',
    short_name: 'Eierportal',
    description: 'Kalender, bookinger og utbetalinger for huseiere og utleiere',
    lang: 'nb',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1d4ed8',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // What the next screens need (the shell, the login page, the calendar, the owner's pages); the back office's
    // chunks and the notification sounds are cached when first used instead (docs/architecture.md, Service worker).
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    manifestTransforms: [(entries) => ({ manifest: entries.filter((entry) => !backOfficeChunks.has(entry.url)), warnings: [] })],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    // Neither vite-plugin-pwa's navigation fallback nor the precache's own URL matching ('/' as '/index.html') may answer
    // the home page before the server is asked. ('/auth' still matches the precached login page, which holds nobody's data.)
    navigateFallback: undefined,
    directoryIndex: null,
    runtimeCaching: [
      // Pages come from the server while it answers: only it knows whether the session is still alive, and a page it
      // sends without one shows nobody's calendar (docs/security.md#shared-devices). Offline, the precached shell.
      {
        urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/ws'),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: '/index.html' } },
      },
      // Hashed files never change: the first answer is kept (the back office's chunks, outside the precache).
      { urlPattern: /\/assets\/[^/]+\.(?:js|css)$/, handler: 'CacheFirst', options: { cacheName: 'back-office', expiration: { maxEntries: 300, purgeOnQuotaError: true } } },
      { urlPattern: /\/sounds\/[^/]+\.wav$/, handler: 'CacheFirst', options: { cacheName: 'sounds', expiration: { maxEntries: 20, purgeOnQuotaError: true } } },
    ],
  },
});

/**
 * A brotli copy (.br, at its best quality, once per build) beside every script and style sheet, which the server
 * sends to browsers that accept br (backend/src/app.factory.ts): about 12% fewer bytes than the gzip made on the fly,
 * what a phone on a slow line waits for before the login page and the calendar run (docs/architecture.md).
 */
const brotliCopies = compression({
  algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } })],
  include: /\.(js|css)$/,
  logLevel: 'silent',
});

export default defineConfig({
  plugins: [react(), inlineBootScripts(), catalogueParts(), adminOnAppRouter(), backOfficeChunkFinder(backOfficeChunks), compileHints(backOfficeChunks), installableApp, brotliCopies],
  define: {
    __APP_VERSION__: JSON.stringify(buildVersion),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route loads, for the size budget (scripts/size-budget.mjs).
    manifest: true,
    rolldownOptions: {
      output: {
        // The libraries every screen runs (React, emotion, MUI's styling core, the router, react-query, i18next) in
        // one chunk: fewer, larger files compress better and cost fewer requests than the many pieces the
        // automatic split makes of them, and the chunk stays the same across deploys that do not upgrade them.
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: /node_modules[\\/](react|react-dom|scheduler|@emotion[\\/][^\\/]+|@mui[\\/](system|utils|styled-engine|private-theming)|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query|i18next|react-i18next|stylis|hoist-non-react-statics|react-is|clsx|@babel[\\/]runtime)[\\/]/,
            },
            // The MUI components every first screen shows (the login page, the calendar and the back office all have
            // buttons, typography, papers and the toasts' snackbar and alert). Left to the automatic split they fall
            // into a dozen small chunks, one per combination of the pages that use them; each chunk costs its own
            // gzip stream and import/export glue. One chunk is smaller on every screen.
            {
              name: 'ui',
              test: /node_modules[\\/](@mui[\\/]material[\\/](Alert|AlertTitle|Box|Button|ButtonBase|ButtonGroup|CircularProgress|ClickAwayListener|CssBaseline|DefaultPropsProvider|FormControl|GlobalStyles|Grow|IconButton|InitColorSchemeScript|Link|Paper|Portal|Snackbar|SnackbarContent|Stack|SvgIcon|ToggleButton|ToggleButtonGroup|Typography|colors|internal|styles|transitions|useLazyRipple|utils|zero-styled)[\\/]|react-transition-group[\\/])/,
            },
            // The app's own small modules every screen runs before its page: the session and its calls, storage, the
            // theme, the texts' set-up, the toasts, the device preference. Shared by the login page's and the signed-in
            // app's lazy chunks, they fell into a file each (17 of them, most under 1 kB), and on a phone's HTTP/1.1
            // line every file waits its turn for one of six connections.
            {
              name: 'app-base',
              test: /[\\/]src[\\/](api[\\/](client|queryKeys|types)|i18n[\\/](index|languageKey)|app[\\/]serviceWorker|shared[\\/](preferenceKeys|storage|firstCalendarPaint|theme|lazyNamed|sessionApi|keptWindows|toast|whenIdle|devicePreference|design|systemSettings|supportContact|prerenderedLogin|loginWelcome|components[\\/]PageSpinner))\.tsx?$/,
            },
            // The same for what the signed-in shell and the back office share (lists, app bar, avatar, tooltips), which
            // the login page does not need.
            {
              name: 'signed-in-ui',
              test: /node_modules[\\/](@mui[\\/]material[\\/](AppBar|Avatar|Divider|List|ListItem|ListItemButton|ListItemIcon|ListItemSecondaryAction|ListItemText|Popper|Toolbar|Tooltip)[\\/]|@popperjs[\\/])/,
            },
            // The date helpers the calendar, the signed-in pages and the back office's lists call (the app's date
            // formats and the few date-fns functions under them), in one file instead of six. Listed by name: the date
            // pickers' far larger share of date-fns stays with the pickers.
            {
              name: 'dates',
              test: /([\\/]src[\\/]shared[\\/]dateFormats\.ts$)|(node_modules[\\/]date-fns[\\/](constants|constructFrom|addDays|toDate|isDate|isValid|_lib[\\/]addLeadingZeros|_lib[\\/]format[\\/]lightFormatters|lightFormat|parseISO|_lib[\\/]defaultOptions|startOfWeek|startOfISOWeek|getISOWeekYear|startOfISOWeekYear|getISOWeek)\.mjs$)/,
            },
            // The icons of the signed-in shell's menu and the calendar's toolbar, a few hundred bytes each, which the
            // back office's menu and forms share: one file on both paths instead of seven.
            {
              name: 'icons',
              test: /node_modules[\\/]@mui[\\/]icons-material[\\/](Add|ChevronLeft|ChevronRight|Close|EventAvailable|EventBusy|Settings|Menu|Handshake|SupportAgent|Payments)\.mjs$/,
            },
            // The signed-in app's small modules on the way to the calendar, which the login page does not load: the
            // features' calls and keys, the bell, the Temporal polyfill FullCalendar and adding an event use. Left to
            // the automatic split they were 30 files, most under 1 kB, each a turn at one of a phone's six connections
            // after 'Logg inn'. The names are listed, not matched by folder: a group takes every module
            // its test matches, and their dependencies, so a broad one would pull other pages' modules onto the
            // calendar's path. What the back office imports too (the menu's icons) stays out, or it would download the
            // app's modules with them; after the groups above, so their modules stay theirs.
            {
              name: 'signed-in-base',
              test: /([\\/]src[\\/](features[\\/](calendar[\\/](calendarApi|dates|viewModel|constants|displayRules|neighbourWindows|viewNames|addEventForm|osloWallClock|index)|feeds[\\/](feedsApi|calendarLinkApi|index|components[\\/]FeedManagerButton)|notifications[\\/](notificationsApi|badge|connection|NotificationBell|sounds|socket|useNotificationSocket|index)|settings[\\/]index|properties[\\/](index|propertiesApi)|cases[\\/]casesKeys|insights[\\/]insightsKeys)|shared[\\/](appLinks|useLazyOpen|components[\\/]loadDatePickers))\.tsx?$)|(node_modules[\\/]temporal-(polyfill|utils)[\\/])/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // The back-office tests render react-admin whole; on a busy 2-core CI machine one can take 15 s. Time limits
    // here guard against hangs, not against slowness (speed is measured in the benchmarks).
    testTimeout: 30_000,
    // Vitest leaves a core to its main process, which is one worker on a 2-core machine; that process mostly waits,
    // and two workers there take the suite from about 8 minutes to about half.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
