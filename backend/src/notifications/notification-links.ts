import { kindOf } from './notification-kinds';
import type { NotificationLink, NotificationParams, NotificationType } from './notification.types';

/**
 * Whether `link` is an address inside the app (docs/api.md#notification-links): one leading slash, no second one or
 * backslash after it (`//host`, `/\host` lead to another origin), no whitespace or control character.
 */
export const isAppPath = (link: unknown): link is string => typeof link === 'string' && /^\/(?![/\\])[^\s\\]*$/.test(link) && link.length <= 500;

/**
 * The link a notification of `type` with `params` is stored with: where its kind says it opens (each domain's
 * `<domain>.notifications.ts`), or null when that is nothing or no app-internal path.
 */
export function notificationLink(type: NotificationType, params: NotificationParams): NotificationLink {
  const link = kindOf(type).target(params);
  return isAppPath(link) ? link : null;
}
