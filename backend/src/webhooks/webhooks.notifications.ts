import { domainNotifications, notificationKinds } from '../notifications/notification.types';

/** A webhook endpoint turned off after 3 days of failed deliveries (docs/product/webhooks.md#failing-endpoints): it opens the System page. */
const kinds = notificationKinds({
  webhook_disabled: {
    nb: { title: 'Webhook slått av', message: 'Leveringer til {host} har feilet siden {since}, så webhooken er slått av.' },
    en: { title: 'Webhook turned off', message: 'Deliveries to {host} have failed since {since}, so the webhook was turned off.' },
    target: () => '/admin/system',
    example: { params: { host: 'example.com', since: '01.03.2027 10:00', webhookId: 5 }, link: '/admin/system' },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    webhooks: typeof kinds;
  }
}

export const webhooksNotifications = domainNotifications({
  kinds,
  reactions: {
    'webhooks.endpoint.disabled': async (e, n) => {
      for (const admin of e.admins) await n.send(admin, 'webhook_disabled', { host: e.host, since: n.when(e.since), webhookId: e.endpointId });
    },
  },
});
