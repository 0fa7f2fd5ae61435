import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../config/app-config';
import { openEmbedded, openPostgres } from './open-database';

describe('opening the database', () => {
  it('explains an unreachable PostgreSQL in one sentence', async () => {
    const error = await openPostgres('postgres://nobody@127.0.0.1:1/none', 0).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/^Could not connect to PostgreSQL at 127\.0\.0\.1:1\/none: .+\.$/);
    expect(error.message).not.toContain('\n');
  });

  it('explains an unwritable DATA_DIR in one sentence', async () => {
    // A folder below a regular file can never be created, even as root. (Not /proc: Node's recursive mkdir
    // loops forever there.)
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'cfg-')), 'a-file');
    writeFileSync(file, '');
    const error = await openEmbedded(path.join(file, 'data')).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/^DATA_DIR .*a-file\/data cannot be written \(ENOTDIR\); set DATA_DIR to a writable folder\.$/);
  });
});
