/**
 * Writes src/metadata.ts: what the @nestjs/swagger CLI plugin learns from the types (DTO properties, optional
 * fields, class-validator rules, handler answer types, doc comments). The plugin's options come from the root
 * nest-cli.json. tsc and @swc/jest run no TypeScript plugins, so the app loads this file with
 * SwaggerModule.loadPluginMetadata and production and tests serve the same document.
 *
 *   node scripts/generate-metadata.mjs            rewrite src/metadata.ts
 *   node scripts/generate-metadata.mjs --check    fail when the committed file differs from a fresh one
 *
 * The plugin reads the whole program (about a minute on a small server), and `npm test` and CI build the backend
 * several times over, so a run whose inputs (the sources, the plugin options, the lock file) and output are the
 * same as the last verified run's skips the work: node_modules/.cache/eierportal/metadata.json holds their hash.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const backend = path.resolve(import.meta.dirname, '..');
const nestCli = JSON.parse(readFileSync(path.join(backend, '..', 'nest-cli.json'), 'utf8'));
const swagger = nestCli.compilerOptions.plugins.find((p) => p.name === '@nestjs/swagger');
const check = process.argv.includes('--check');
const committed = path.join(backend, 'src', 'metadata.ts');
const outputDir = check ? mkdtempSync(path.join(os.tmpdir(), 'metadata-')) : path.join(backend, 'src');

/** A hash of everything the generated file depends on, and of the file itself. */
function fingerprint() {
  const hash = createHash('sha256');
  const sources = readdirSync(path.join(backend, 'src'), { recursive: true })
    .filter((f) => f.endsWith('.ts') && f !== 'metadata.ts')
    .sort();
  for (const file of sources) hash.update(file).update(readFileSync(path.join(backend, 'src', file)));
  for (const file of ['../nest-cli.json', '../package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/generate-metadata.mjs']) {
    hash.update(file).update(readFileSync(path.join(backend, file)));
  }
  return hash.update(existsSync(committed) ? readFileSync(committed) : '').digest('hex');
}
const stampFile = path.join(backend, '..', 'node_modules', '.cache', 'eierportal', 'metadata.json');
const stamp = fingerprint();
const lastVerified = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, 'utf8')).fingerprint : null;
if (stamp === lastVerified) process.exit(0);
const remember = () => {
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, JSON.stringify({ fingerprint: fingerprint() }));
};

// Loaded only when there is work: the plugin and the compiler take seconds to import.
const { PluginMetadataGenerator } = await import('@nestjs/cli/lib/compiler/plugins/plugin-metadata-generator.js');
const { ReadonlyVisitor } = await import('@nestjs/swagger/plugin');
process.chdir(backend);
new PluginMetadataGenerator().generate({
  visitors: [new ReadonlyVisitor({ ...swagger.options, pathToSource: path.join(backend, 'src') })],
  outputDir,
  tsconfigPath: 'tsconfig.build.json',
  printDiagnostics: false,
});

if (check) {
  const fresh = readFileSync(path.join(outputDir, 'metadata.ts'), 'utf8');
  rmSync(outputDir, { recursive: true, force: true });
  if (fresh !== readFileSync(committed, 'utf8')) {
    console.error('backend/src/metadata.ts is out of date: run `npm run metadata -w backend` and commit it.');
    process.exit(1);
  }
}
remember();
