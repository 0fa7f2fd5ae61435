/**
 * The module map, enforced (`npm run depcheck`; docs/architecture.md#the-module-map).
 *
 * Backend layers, from the bottom up:
 *   config, database   settings and the only engine-aware code; import nothing above them
 *   common             guard, access decorator, session helpers, errors, list queries, time helpers, adapters;
 *                      imports config/database, never a domain
 *   <domain>           every other folder under backend/src (auth, users, calendar, feeds, jobs, …); imports
 *                      common/config/database freely, another domain only through that domain's public face
 *   main.ts, openapi.ts, app.*, metadata.ts
 *                      the composition root at the top of backend/src, nothing else (test/structure.e2e-spec.ts);
 *                      may import anything
 * Tests (backend/test) and benchmarks (backend/bench) sit outside the map and may import any source file.
 */

const SRC = '^backend/src/';
/** The frontend's layers, from the bottom: shared/ api/ i18n/, then features/<name>/, then app/ and admin/. */
const FE = '^frontend/src/';
/** Tests may reach into any module they exercise or stand in for (vi.mock needs the real path). */
const FE_TEST = '([.]test[.]tsx?$|^frontend/src/test/)';
/** Folders under backend/src that are layers, not domains. */
const LAYERS = '(common|config|database)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle of imports: the modules on it cannot be understood, tested or moved one at a time. ' +
        'Type-only imports count too: tsc erases them, but the modules still cannot change apart.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-between-folders',
      severity: 'error',
      comment:
        'The same at the level of folders: a domain that needs another must not be needed by it (one of them ' +
        'holds something that belongs lower down, in common, or the two talk through the event bus).',
      scope: 'folder',
      from: { path: SRC },
      to: { circular: true },
    },
    {
      name: 'common-not-to-domain',
      severity: 'error',
      comment:
        'common sits below every domain: it declares what it needs (e.g. SESSION_USER_LOOKUP, SessionUser) and a ' +
        'domain module provides it. Type-only imports count: a type from a domain still ties common to it.',
      from: { path: `${SRC}common/` },
      to: { path: SRC, pathNot: `${SRC}${LAYERS}/` },
    },
    {
      name: 'base-not-upward',
      severity: 'error',
      comment: 'config and database are the bottom layer: they import neither common, nor a domain, nor the app root.',
      from: { path: `${SRC}(config|database)/` },
      to: { path: SRC, pathNot: `${SRC}(config|database)/` },
    },
    {
      name: 'domain-only-through-public-face',
      severity: 'error',
      comment:
        "A domain imports another domain's *.module.ts, *.service.ts, *.dto.ts and *.types.ts only (its module, " +
        "injectable services, request/response shapes and the types it publishes). Everything else is that domain's inside: entities, stores, " +
        'repositories, controllers, helpers, import/ code. One exception: `import type` of another domain\'s ' +
        "*.entity.ts (e.g. the User a service is handed): a type cannot reach a table, only the class can " +
        '(@InjectRepository, getRepository, TypeOrmModule.forFeature need the value).',
      from: { path: `${SRC}([^/]+)/`, pathNot: `${SRC}${LAYERS}/` },
      to: {
        path: SRC,
        pathNot: [
          `${SRC}($1|${LAYERS})/`,
          // the composition root is never imported by a domain: let the next rule say so
          `${SRC}[^/]+$`,
          '[.](module|service|dto|types)[.]ts$',
          // entities: the next rule allows them as types only
          '[.]entity[.]ts$',
        ],
      },
    },
    {
      name: 'domain-entity-type-only',
      severity: 'error',
      comment: "Another domain's entity may be imported as a type only (`import type`), never as the class.",
      from: { path: `${SRC}([^/]+)/`, pathNot: `${SRC}${LAYERS}/` },
      to: {
        path: `${SRC}[^/]+/.+[.]entity[.]ts$`,
        pathNot: `${SRC}$1/`,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'nothing-imports-app-root',
      severity: 'error',
      comment: 'main.ts, app.module.ts and app.factory.ts wire everything together; only tests and benchmarks import them.',
      from: { path: `${SRC}[^/]+/` },
      to: { path: `${SRC}[^/]+$` },
    },
    {
      name: 'engine-only-in-database',
      severity: 'error',
      comment:
        'Only backend/src/database knows which engine runs; everything else uses its port (transactions, ' +
        'advisory try-locks, publish/subscribe, snapshot reads).',
      from: { path: SRC, pathNot: `${SRC}database/` },
      to: { path: ['(^|/)node_modules/(pg|@electric-sql/pglite)/', `${SRC}database/pglite-pg-driver[.]ts$`] },
    },
    {
      name: 'frontend-bottom-not-upward',
      severity: 'error',
      comment:
        'shared/, api/ and i18n/ are what every screen builds on: they import no feature, no back office and not the ' +
        'app shell (a feature registers itself through its manifest instead).',
      from: { path: `${FE}(shared|api|i18n)/`, pathNot: FE_TEST },
      to: { path: `${FE}(features|admin|app)/` },
    },
    {
      name: 'i18n-at-the-bottom',
      severity: 'error',
      comment:
        "The texts sit below everything else in the frontend: shared's language switch and storage import them, so " +
        'they import nothing of the app (the language key is theirs: i18n/languageKey.ts).',
      from: { path: `${FE}i18n/`, pathNot: FE_TEST },
      to: { path: FE, pathNot: `${FE}i18n/` },
    },
    {
      name: 'feature-through-public-index',
      severity: 'error',
      comment:
        "A feature uses another feature only through that feature's index.ts (its public face); the rest of a " +
        'feature folder is its own inside.',
      from: { path: `${FE}features/([^/]+)/`, pathNot: FE_TEST },
      to: { path: `${FE}features/`, pathNot: [`${FE}features/$1/`, `${FE}features/[^/]+/index[.]ts$`] },
    },
    {
      name: 'feature-not-to-shell',
      severity: 'error',
      comment: 'Features sit below the app shell and the back office: they import neither (what both need lives in shared/).',
      from: { path: `${FE}features/`, pathNot: FE_TEST },
      to: { path: `${FE}(app|admin)/` },
    },
    {
      name: 'admin-through-public-index',
      severity: 'error',
      comment: "The back office uses a feature through the same door as other features: the feature's index.ts.",
      from: { path: `${FE}admin/`, pathNot: FE_TEST },
      to: { path: `${FE}features/`, pathNot: `${FE}features/[^/]+/index[.]ts$` },
    },
    {
      name: 'app-through-manifest',
      severity: 'error',
      comment:
        "The app shell gathers each feature's manifest.ts (routes, sidebar) and otherwise uses a feature's index.ts.",
      from: { path: `${FE}app/`, pathNot: FE_TEST },
      to: { path: `${FE}features/`, pathNot: `${FE}features/[^/]+/(index|manifest)[.]ts$` },
    },
    {
      name: 'frontend-not-to-backend',
      severity: 'error',
      comment: 'The frontend knows the backend through HTTP and the generated API types only, never its source.',
      from: { path: '^frontend/' },
      to: { path: '^backend/' },
    },
    {
      name: 'backend-not-to-frontend',
      severity: 'error',
      comment: 'The backend serves the built frontend as files; it never imports frontend source.',
      from: { path: '^backend/' },
      to: { path: '^frontend/' },
    },
    {
      name: 'src-not-to-dev-dependency',
      severity: 'error',
      comment: 'Application code must not need a devDependency (npm ci --omit=dev builds the production image).',
      from: { path: SRC, pathNot: '[.]spec[.]ts$' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file or package (virtual: modules are made by a Vite plugin at build time).',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies of the design, so the rules above see them (and can tell them apart).
    tsPreCompilationDeps: true,
    // One resolver for both workspaces: the backend's relative imports and the frontend's bundler-style ones.
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.jsx', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
