import { NOTIFICATION_KINDS } from './notification-kinds';

export type { NotificationParams } from './notification-kinds';

/** What a notification is about: the keys of notification-kinds.ts, each with its texts and its link. */
export type NotificationType = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_TYPES = Object.keys(NOTIFICATION_KINDS) as NotificationType[];

/** The languages notifications are rendered in; nb is the default (docs/product/notifications.md#what-it-is-for). */
export const NOTIFICATION_LANGUAGES = ['nb', 'en'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];
