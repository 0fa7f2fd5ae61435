import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DOMAIN_NOTIFICATIONS, NOTIFICATION_KINDS, NOTIFICATIONS_FILE } from './notification-kinds';

const SRC = join(__dirname, '..');

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [relative(SRC, path)] : [];
  });
}

describe('notification kinds', () => {
  it('every file that declares notification kinds is gathered by its name', () => {
    const declaring = sourceFiles().filter((file) => /\bdomainNotifications\(|interface NotificationKindMap\b/.test(readFileSync(join(SRC, file), 'utf8')) && !file.startsWith('notifications/'));
    const misnamed = declaring.filter((file) => file.split('/').length !== 2 || !NOTIFICATIONS_FILE.test(file.split('/')[1]));
    expect(misnamed).toEqual([]);
    expect(DOMAIN_NOTIFICATIONS.map(({ file }) => file)).toEqual(declaring.sort());
  });

  it('gathers every domain’s kinds, each type once', () => {
    const declared = DOMAIN_NOTIFICATIONS.flatMap(({ notifications }) => Object.keys(notifications.kinds));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...NOTIFICATION_KINDS.keys()].sort()).toEqual(declared.sort());
    expect(NOTIFICATION_KINDS.has('feed_failing')).toBe(true);
  });
});
