/**
 * Writes src/metadata.ts: what the @nestjs/swagger CLI plugin learns from the types (DTO properties, optional
 * fields, class-validator rules, handler answer types, doc comments). The plugin's options come from the root
 * nest-cli.json. tsc and @swc/jest run no TypeScript plugins, so the app loads this file with
 * SwaggerModule.loadPluginMetadata and production and tests serve the same document.
 *
 *   node scripts/generate-metadata.mjs            rewrite src/metadata.ts
 *   node scripts/generate-metadata.mjs --check    fail when the committed file differs from a fresh one
 */
import { PluginMetadataGenerator } from '@nestjs/cli/lib/compiler/plugins/plugin-metadata-generator.js';
import { ReadonlyVisitor } from '@nestjs/swagger/plugin';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const backend = path.resolve(import.meta.dirname, '..');
const nestCli = JSON.parse(readFileSync(path.join(backend, '..', 'nest-cli.json'), 'utf8'));
const swagger = nestCli.compilerOptions.plugins.find((p) => p.name === '@nestjs/swagger');
const check = process.argv.includes('--check');
const committed = path.join(backend, 'src', 'metadata.ts');
const outputDir = check ? mkdtempSync(path.join(os.tmpdir(), 'metadata-')) : path.join(backend, 'src');

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
