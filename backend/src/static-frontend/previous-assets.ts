import { Logger } from '@nestjs/common';
import { copyFile, link, mkdir, readdir, stat, unlink, utimes } from 'node:fs/promises';
import path from 'node:path';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the hashed assets of earlier builds for a grace period after a deploy (docs/operations.md, "Deploying a new version").
 *
 * A tab opened on build A loads its lazy parts (a dialog, the week view) only when they are first wanted; once build B
 * is deployed, A's files are no longer in frontend/dist. At boot every file of the current build is copied (hard-linked
 * where the file system allows) into `archiveDir` and its modification time set to now; a file that is no longer in the
 * current build keeps the time of the last boot that had it, and is deleted once that is more than `graceDays` ago.
 * The server answers /assets from the current build first and from this folder second.
 */
export async function archiveCurrentAssets(currentAssets: string, archiveDir: string, graceDays: number, now: Date): Promise<void> {
  await mkdir(archiveDir, { recursive: true });
  const current = new Set(await filesIn(currentAssets));
  for (const name of current) {
    const kept = path.join(archiveDir, name);
    if (!(await exists(kept))) await linkOrCopy(path.join(currentAssets, name), kept);
    await utimes(kept, now, now);
  }
  const cutoff = now.getTime() - graceDays * DAY_MS;
  for (const name of await filesIn(archiveDir)) {
    if (current.has(name)) continue;
    const kept = path.join(archiveDir, name);
    if ((await stat(kept)).mtimeMs <= cutoff) await unlink(kept);
  }
}

/** archiveCurrentAssets at boot; a failure (a read-only data folder) only costs old tabs their grace period. */
export async function keepPreviousAssets(currentAssets: string, archiveDir: string, graceDays: number): Promise<void> {
  try {
    await archiveCurrentAssets(currentAssets, archiveDir, graceDays, new Date());
  } catch (error) {
    new Logger('Frontend').warn(`Earlier builds' assets not kept in ${archiveDir}: ${(error as Error).message}`);
  }
}

async function filesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** A hard link shares the bytes (a build's assets are never rewritten in place); across file systems, a copy. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}
