import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { archiveCurrentAssets } from './previous-assets';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('archiveCurrentAssets', () => {
  let root: string;
  let archive: string;
  const build = (name: string, files: Record<string, string>) => {
    const dir = path.join(root, name);
    mkdirSync(dir);
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
    return dir;
  };
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'previous-assets-'));
    archive = path.join(root, 'previous-assets');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("keeps a replaced build's files for the grace period after the last boot that served them, then deletes them", async () => {
    const deployedA = new Date('2026-03-01T12:00:00Z');
    const a = build('a', { 'core-A1.js': 'a', 'shared-S1.js': 's' });
    await archiveCurrentAssets(a, archive, 7, deployedA);
    const b = build('b', { 'core-B1.js': 'b', 'shared-S1.js': 's' });

    await archiveCurrentAssets(b, archive, 7, new Date(deployedA.getTime() + 6 * DAY_MS));
    expect(readFileSync(path.join(archive, 'core-A1.js'), 'utf8')).toBe('a');
    expect(existsSync(path.join(archive, 'core-B1.js'))).toBe(true);

    // Seven days after A last ran, its file goes; B's own files and the file both builds share stay.
    await archiveCurrentAssets(b, archive, 7, new Date(deployedA.getTime() + 7 * DAY_MS));
    expect(existsSync(path.join(archive, 'core-A1.js'))).toBe(false);
    expect(existsSync(path.join(archive, 'core-B1.js'))).toBe(true);
    expect(existsSync(path.join(archive, 'shared-S1.js'))).toBe(true);
  });

  it('counts the grace period from the last boot of a build, not its first', async () => {
    const first = new Date('2026-03-01T12:00:00Z');
    const a = build('a', { 'core-A1.js': 'a' });
    await archiveCurrentAssets(a, archive, 7, first);
    await archiveCurrentAssets(a, archive, 7, new Date(first.getTime() + 30 * DAY_MS));
    const b = build('b', { 'core-B1.js': 'b' });
    await archiveCurrentAssets(b, archive, 7, new Date(first.getTime() + 31 * DAY_MS));
    expect(existsSync(path.join(archive, 'core-A1.js'))).toBe(true);
  });

  it('starts without a current build folder (an API-only deployment) and keeps nothing', async () => {
    await archiveCurrentAssets(path.join(root, 'missing'), archive, 7, new Date('2026-03-01T12:00:00Z'));
    expect(existsSync(archive)).toBe(true);
  });
});
