/**
 * The next deployed version of a built frontend, made from the last build without building again: every hashed file
 * under assets/ gets a new name (as a build gives every changed chunk a new hash), every reference to it follows, the
 * build version changes, and the service worker's precache lists the new names and a new revision of the page. To a
 * tab still running the old build, the server then has none of the files it knows.
 */
import { cp, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

const TEXT_FILE = /\.(js|mjs|css|html|json|webmanifest)$/;
const BUILD_VERSION = /(\d+\.\d+\.\d+\+\d{4}-\d\d-\d\dT[\d:.]+Z)/g;

async function textFiles(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && TEXT_FILE.test(entry.name)) found.push(path.join(entry.parentPath, entry.name));
  }
  return found;
}

/** Copies `fromDist` to `toDir` as the next version; answers the new build version. */
export async function nextBuild(fromDist, toDir) {
  await cp(fromDist, toDir, { recursive: true });
  const assets = path.join(toDir, 'assets');
  const renames = new Map();
  for (const name of await readdir(assets)) {
    const next = name.replace(/-([A-Za-z0-9_-]{8})\.(\w+)$/, '-$1N.$2');
    if (next === name) continue;
    renames.set(name, next);
    await rename(path.join(assets, name), path.join(assets, next));
  }
  let nextVersion;
  for (const file of await textFiles(toDir)) {
    let text = await readFile(file, 'utf8');
    for (const [from, to] of renames) text = text.replaceAll(from, to);
    text = text.replace(BUILD_VERSION, (version) => (nextVersion = `${version}-next`));
    if (path.basename(file) === 'sw.js') text = text.replace(/(url:"index\.html",revision:")([0-9a-f]+)"/, '$1$2n"');
    await writeFile(file, text);
  }
  if (!nextVersion) throw new Error(`No build version found in ${fromDist}`);
  return nextVersion;
}
