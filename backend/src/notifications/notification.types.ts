import type { DomainEvents } from '../common/events/domain-events';

/**
 * What a domain publishes about its notifications (docs/development.md#adding-a-domain): the types and helpers its
 * `<domain>.notifications.ts` declares its kinds and reactions with. This file imports nothing at run time, so a
 * domain's notifications file can import it while the notifications module gathers that file
 * (notification-kinds.ts).
 */

export type NotificationParams = Record<string, string | number>;

/** The screen a notification opens; notification-links.ts turns it into the stored link. */
export type NotificationTarget =
  | { screen: 'calendar'; date: string | null; userId?: number }
  | { screen: 'agreement'; id: number }
  | { screen: 'case'; id: number }
  | { screen: 'settings' }
  | { screen: 'staff-agreement'; id: number }
  | { screen: 'staff-user'; id: number }
  | { screen: 'appointments' }
  | { screen: 'staff-appointment'; id: number }
  | { screen: 'payout'; id: number; year: number }
  | { screen: 'staff-beds24'; id: number }
  | { screen: 'none' };

export interface NotificationText {
  title: string;
  message: string;
}

/** One notification type: its texts with `{name}` placeholders filled from its params, and the screen it opens. */
export interface NotificationKind {
  nb: NotificationText;
  en: NotificationText;
  /** The target from the params every producer of the type writes (`date`, `agreementId`, `caseId`, `userId`, `appointmentId`). */
  target: (params: NotificationParams) => NotificationTarget;
  /** Params as the type's producer writes them and the link that must come out (notification-links.spec.ts). */
  example: { params: NotificationParams; link: string | null };
}

/**
 * Every domain's kinds, by domain: a domain's notifications file adds its own with
 * `declare module '../notifications/notification.types' { interface NotificationKindMap { things: typeof kinds } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each domain's *.notifications.ts
export interface NotificationKindMap {}

/** What a notification is about: a kind some domain declared, with its texts and its link. */
export type NotificationType = { [D in keyof NotificationKindMap]: keyof NotificationKindMap[D] & string }[keyof NotificationKindMap];

/** What a reaction is handed: it stores notifications and formats instants in the business time zone. */
export interface Notifier {
  /** Stores a notification for `userId`, rendered in their language, and pushes it to their sockets. */
  send(userId: number, type: NotificationType, params: NotificationParams): Promise<void>;
  /** dd.MM.yyyy HH:mm, the same in both languages. */
  when(iso: string): string;
  /** The day ('YYYY-MM-DD') of an instant, for links that open the calendar there. */
  day(iso: string): string;
}

/** Which domain events become notifications, and for whom. */
export type NotificationReactions = { [E in keyof DomainEvents]?: (event: DomainEvents[E], notifier: Notifier) => Promise<void> };

/** A domain's notifications: the kinds it owns and its reactions (which may send another domain's kinds). */
export interface DomainNotifications {
  kinds: Record<string, NotificationKind>;
  reactions: NotificationReactions;
}

/** A domain's kinds, keeping their names for `NotificationKindMap`. */
export const notificationKinds = <K extends string>(kinds: Record<K, NotificationKind>): Record<K, NotificationKind> => kinds;

/** What a domain's `<domain>.notifications.ts` exports (one), gathered by file name. */
export const domainNotifications = (notifications: { kinds: Record<string, NotificationKind>; reactions?: NotificationReactions }): DomainNotifications => ({ reactions: {}, ...notifications });

/** The business-time-zone day ('YYYY-MM-DD') that calendar types carry, when they do. */
export const dayParam = (params: NotificationParams): string | null => (typeof params.date === 'string' ? params.date : null);

/** The languages notifications are rendered in; nb is the default (docs/product/notifications.md#what-it-is-for). */
export const NOTIFICATION_LANGUAGES = ['nb', 'en'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];
