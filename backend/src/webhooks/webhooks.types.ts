/** The event types an endpoint may subscribe to (docs/product/webhooks.md#events). */
export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.updated',
  'booking.cancelled',
  'event.created',
  'event.updated',
  'event.deleted',
  'case.created',
  'case.message',
  'payout.created',
  'payout.updated',
  'agreement.created',
  'agreement.updated',
  'conflict.detected',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What the test button sends; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * Waits after a failed attempt before the next, the Standard Webhooks specification's suggested schedule: 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h; the eighth failed attempt (about 27.5 hours after the first) gives the delivery up.
 */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000, 10 * 3600_000];

/** An endpoint whose attempts have failed, with no success between, for this long is turned off and the admins told. */
export const DISABLE_AFTER_MS = 3 * 24 * 3600_000;
