/** Where the pieces of the repository are, seen from e2e/lib. */
import path from 'node:path';

export const e2eDir = path.resolve(import.meta.dirname, '..');
export const repoRoot = path.resolve(e2eDir, '..');
export const frontendDir = path.join(repoRoot, 'frontend');
export const backendMain = path.join(repoRoot, 'backend/dist/src/main.js');
export const frontendDist = path.join(frontendDir, 'dist');
export const frontendIndex = path.join(frontendDist, 'index.html');
export const artifactsDir = path.join(e2eDir, 'artifacts');
/** The migrated embedded database every test file's app starts from (made once per run by lib/global-setup.mjs). */
export const dataTemplateDir = path.join(e2eDir, '.data-template');
