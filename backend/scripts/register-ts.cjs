/**
 * Runs the TypeScript sources as they are, compiled on require by swc with the options jest uses. Preloaded into
 * the feed parser's worker threads when the app itself runs from its sources (the jest suites), and into the child
 * processes of the restart tests (`node -r ./scripts/register-ts.cjs src/main.ts`). The built app never uses it.
 * Node 24 loads the ESM-only packages through require() by itself; a relative './x.js' import written for node16
 * resolution (src/metadata.ts) resolves to x.ts.
 */
const Module = require('node:module');
const { addHook } = require('pirates');
const { transformSync } = require('@swc/core');

const options = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2023',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

addHook((code, filename) => transformSync(code, { ...options, filename }).code, { exts: ['.ts'], ignoreNodeModules: true });

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (parent?.filename?.endsWith('.ts') && /^\.{1,2}\/.*\.js$/.test(request)) {
    try {
      return resolve.call(this, request.slice(0, -3), parent, ...rest);
    } catch {
      // not a TypeScript source: resolve as written
    }
  }
  return resolve.call(this, request, parent, ...rest);
};
