/**
 * The size floor: what each first screen would weigh if it were nothing but the fixed stack.
 * Builds the bare pages in frontend/size-floor with the app's own Vite config (the same chunking, catalogue and
 * minifier) and prints their cold JavaScript, gzip, beside the app's screen (from the last build, `npm run build
 * -w frontend`) and the goal. A goal below its floor cannot be met by trimming the app; it needs a lighter
 * stack. Not part of CI: it is a measurement for decisions, not a check.
 *
 *   npm run size:floor
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { coldJavaScript, entryOf, measure, SCREENS } from './size-budget.mjs';

const frontend = fileURLToPath(new URL('../frontend/', import.meta.url));

async function floorOf(page) {
  const outDir = mkdtempSync(join(tmpdir(), `size-floor-${page}-`));
  try {
    await build({
      configFile: join(frontend, 'vite.config.ts'),
      root: frontend,
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, rolldownOptions: { input: join(frontend, 'size-floor', `${page}.tsx`) } },
    });
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
    return coldJavaScript(manifest, [entryOf(manifest)], outDir);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const app = measure();
console.log(`${'screen'.padEnd(22)} ${'floor'.padStart(8)} ${'goal'.padStart(8)} ${'app now'.padStart(8)}`);
for (const screen of SCREENS) {
  const floor = await floorOf(screen.floorPage);
  const now = app.find((r) => r.name === screen.name);
  const verdict = floor.kb > screen.goalKb ? 'goal below the floor' : `${(screen.goalKb - floor.kb).toFixed(1)} kB above the floor for the app's own`;
  console.log(
    `${screen.name.padEnd(22)} ${floor.kb.toFixed(1).padStart(6)} kB ${String(screen.goalKb).padStart(5)} kB ${now.kb.toFixed(1).padStart(6)} kB   ${verdict}`,
  );
}
