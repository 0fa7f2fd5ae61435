/**
 * The built pages' inline scripts (frontend/boot/, written into index.html and auth.html at build time: they draw
 * before the app's code, see docs/architecture.md#prerendered-login-page). The content security policy allows
 * exactly these by their SHA-256 hashes, and no other inline script.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PAGES = ['index.html', 'auth.html'];
/** A <script> without src and its text. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** `'sha256-…'` sources for script-src, one per distinct inline script of the built pages (none without a build). */
export function inlineScriptHashes(frontendDist: string): string[] {
  const hashes = new Set<string>();
  for (const page of PAGES) {
    const file = path.join(frontendDist, page);
    if (!existsSync(file)) continue;
    for (const [, code] of readFileSync(file, 'utf8').matchAll(INLINE_SCRIPT)) {
      if (code.trim()) hashes.add(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}
