/** API tests boot the real app; swc also transpiles the ESM-only packages (NestJS 12, pg-boss) and PGlite's CJS build. */
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2023',
  },
  module: { type: 'commonjs' },
}];

module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts', '<rootDir>/test/**/*.service-spec.ts'],
  transform: { '^.+\\.(t|j|mj|cj)s$': swc },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  // src/metadata.ts (generated for node16 resolution) imports './x.dto.js'; here that is the .ts source.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|@electric-sql/pglite|pg-boss|serialize-error|non-error|file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit)/)'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  setupFiles: ['<rootDir>/test/setup-worker-database.ts'],
  // A guard against hangs, not a speed limit: a restore on a loaded CI machine takes tens of seconds.
  testTimeout: 90000,
  // A worker that has run many files holds gigabytes (each file loads the app's modules afresh, and PGlite's heap),
  // and every later file in it runs slower under the garbage collector: past this it is replaced by a fresh one.
  workerIdleMemoryLimit: '1GB',
};
