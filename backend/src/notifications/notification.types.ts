import type { DomainEvents } from '../common/events/domain-events';

/**
 * What a domain publishes about its notifications (docs/development.md#adding-a-domain): the types and helpers its
 * `<domain>.notifications.ts` declares its kinds and reactions with. This file imports nothing at run time, so a
 * domain's notifications file can import it while the notifications module gathers that file
 * (notification-kinds.ts).
 */

export type NotificationParams = Record<string, string | number>;

/**
 * Where a notification opens (docs/api.md#notification-links): an address inside the app, one leading slash and no
 * host (the app's route, with its query), or null when it opens nothing. The kind writes it; it is stored as the
 * notification's `link`, and the app follows it as it is.
 */
export type NotificationLink = string | null;

/** A positive integer id from a param, or null (a record made without it, or by hand). */
export const idParam = (value: unknown): number | null => {
  const id = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** `path(id)` for the id a param holds; null when it holds none, so such a record leads nowhere rather than to a broken address. */
export const withId = (value: unknown, path: (id: number) => string): NotificationLink => {
  const id = idParam(value);
  return id === null ? null : path(id);
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar with its feed manager open (`/?feeds=1`; the app takes `feeds` away once open), over the property's calendar. */
export const feedManagerAt = (propertyId?: unknown): string => withId(propertyId, (id) => `/?feeds=1&property=${id}`) ?? '/?feeds=1';

/**
 * The calendar at a day (`/?date=YYYY-MM-DD`: the month of that day, the day highlighted), of a property
 * (`&property=<id>`: the calendar shows the one the news is about, docs/product/calendar.md#whose-calendar-it-is), for
 * staff at an owner's calendar (`&user=<id>`: a full admin's calendar page can show another user's); a malformed day
 * or id is left out.
 */
export const calendarAt = (day: string | null, userId?: unknown, propertyId?: unknown): string => {
  const user = idParam(userId);
  const property = idParam(propertyId);
  const query = [day && DAY.test(day) ? `date=${day}` : null, property !== null ? `property=${property}` : null, user !== null ? `user=${user}` : null]
    .filter(Boolean)
    .join('&');
  return query ? `/?${query}` : '/';
};

export interface NotificationText {
  title: string;
  message: string;
}

/** One notification type: its texts with `{name}` placeholders filled from its params, and where it opens. */
export interface NotificationKind {
  nb: NotificationText;
  en: NotificationText;
  /** Where it opens, from the params every producer of the type writes (`date`, `agreementId`, `caseId`, `userId`, `appointmentId`). */
  target: (params: NotificationParams) => NotificationLink;
  /**
   * Shown with the texts it was stored with, whatever language the reader has since chosen: `system` carries a text
   * someone wrote in one language.
   */
  asStored?: true;
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
