import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DomainNotifications, NotificationKind, NotificationType } from './notification.types';

/** A domain's notifications file: '<name>.notifications.ts' (or .js once built) in its own folder under src/. */
export const NOTIFICATIONS_FILE = /^[a-z0-9-]+\.notifications\.(ts|js)$/;

const SRC = join(__dirname, '..');

const isDomainNotifications = (value: unknown): value is DomainNotifications =>
  typeof value === 'object' && value !== null && typeof (value as DomainNotifications).kinds === 'object' && typeof (value as DomainNotifications).reactions === 'object';

/**
 * Every domain's notifications, found by file name (docs/development.md#adding-a-domain), as the migrations are:
 * the kinds are data that rendering, links and unit tests need without a Nest container, and a list to keep would be
 * one more place to forget. Each file exports exactly one `domainNotifications(...)`.
 */
export const DOMAIN_NOTIFICATIONS: { file: string; notifications: DomainNotifications }[] = readdirSync(SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((dir) => readdirSync(join(SRC, dir.name)).filter((file) => NOTIFICATIONS_FILE.test(file)).map((file) => `${dir.name}/${file}`))
  .sort()
  .map((file) => {
    // Loaded by name, as the migrations are (database/migrations/index.ts).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const found = Object.values(require(join(SRC, file)) as Record<string, unknown>).filter(isDomainNotifications);
    if (found.length !== 1) throw new Error(`${file} must export exactly one domainNotifications(...)`);
    return { file, notifications: found[0] };
  });

/** Every notification type with its texts, its link and its example; a type declared twice fails at boot. */
export const NOTIFICATION_KINDS: ReadonlyMap<NotificationType, NotificationKind> = new Map(
  DOMAIN_NOTIFICATIONS.flatMap(({ file, notifications }) => Object.entries(notifications.kinds).map(([type, kind]) => [type as NotificationType, kind, file] as const))
    .map(([type, kind, file], index, all) => {
      const first = all.findIndex(([other]) => other === type);
      if (first !== index) throw new Error(`notification type ${type} is declared by ${all[first][2]} and ${file}`);
      return [type, kind] as const;
    }),
);

export const NOTIFICATION_TYPES: NotificationType[] = [...NOTIFICATION_KINDS.keys()];

/** A type's kind; one that no domain declares (a row stored by an older version) has none. */
export function kindOf(type: NotificationType): NotificationKind {
  const kind = NOTIFICATION_KINDS.get(type);
  if (!kind) throw new Error(`no domain declares the notification type ${type}`);
  return kind;
}
