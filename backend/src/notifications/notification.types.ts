/**
 * What a notification is about. The five, and the ones bookings and feeds need. Each has a title and a message
 * in nb and en (notification-texts.ts) and a sound in the app.
 */
export const NOTIFICATION_TYPES = [
  'event_created',
  'event_updated',
  'event_deleted',
  'collaboration_invite',
  'system',
  'booking_new',
  'booking_changed',
  'booking_cancelled',
  'booking_conflict',
  'feed_failing',
  'feed_recovered',
  'agreement_created',
  'agreement_changed',
  'agreement_cancelled',
  'agreement_note',
  'agreement_owner_note',
  'account_number_changed',
  'user_account_number_changed',
  'case_message',
  'case_assigned',
  'case_closed',
  'case_reopened',
  'appointment_booked',
  'appointment_cancelled',
  'appointment_owner_cancelled',
  'two_factor_reset',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export type NotificationParams = Record<string, string | number>;

/** The languages notifications are rendered in; nb is the default (docs/product/notifications.md#what-it-is-for). */
export const NOTIFICATION_LANGUAGES = ['nb', 'en'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];
