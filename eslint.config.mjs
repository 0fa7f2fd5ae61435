// ESLint for the whole repository (`npm run lint`, no warnings allowed): typescript-eslint's recommended rules on
// the backend, the frontend and their tests, react-hooks' rules on the frontend, and plain JS rules on the browser
// tests. Formatting is not linted (the code follows its own style; docs/development.md).
// Not type-aware: the type-checked set took 2.5 times as long here and flagged 535 places, nearly all no-unsafe-*
// on raw SQL rows (TypeORM's query() answers any); `npm run typecheck` checks the types.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// `_name` marks a parameter or binding kept on purpose (a Nest signature, a destructured-away field).
const unusedVars = { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true };

export default defineConfig(
  {
    ignores: ['**/node_modules/', '**/dist/', 'e2e/artifacts/', 'backend/bench/results/', 'coverage/',
      // generated: the swagger plugin's metadata and the OpenAPI types (npm run metadata -w backend, npm run api:types)
      'backend/src/metadata.ts', 'frontend/src/api/schema.d.ts'],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.recommended],
    rules: { '@typescript-eslint/no-unused-vars': ['error', unusedVars] },
  },
  {
    files: ['backend/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // `any` stays an error everywhere but the database driver, which hands on rows as `pg` types them (any[]).
    // Elsewhere a raw SQL row (TypeORM's query() answers any) is typed where it is read, or, where a mapper reads
    // the row as it comes, marked on that line with `eslint-disable-next-line ... -- a raw SQL row`.
    files: ['backend/src/database/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}', 'frontend/size-floor/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['frontend/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
    rules: { 'no-unused-vars': ['error', unusedVars] },
  },
  {
    // Plain scripts the browser runs as they are (the prerendered login page's).
    files: ['frontend/boot/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    // Browser tests hand functions to page.evaluate(), which run in the page.
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
