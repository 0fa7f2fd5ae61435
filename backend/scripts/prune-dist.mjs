/**
 * After an incremental build: removes what dist/ holds for a source file that no longer exists (its .js, .js.map
 * and .d.ts), so a deleted migration, which the app finds by file name, cannot come back from an old build.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const backend = path.resolve(import.meta.dirname, '..');
const dist = path.join(backend, 'dist');
if (existsSync(dist)) {
  for (const file of readdirSync(dist, { recursive: true })) {
    const match = /^(.*)\.(?:js|js\.map|d\.ts)$/.exec(file);
    if (!match || !/^(?:src|bench)[\\/]/.test(file)) continue;
    if (!existsSync(path.join(backend, `${match[1]}.ts`))) rmSync(path.join(dist, file));
  }
}
