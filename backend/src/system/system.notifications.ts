import { domainNotifications, notificationKinds } from '../notifications/notification.types';

/** A message someone wrote, shown as stored; it leads nowhere. */
const kinds = notificationKinds({
  system: {
    nb: { title: 'Melding', message: '{text}' },
    en: { title: 'Message', message: '{text}' },
    target: () => ({ screen: 'none' }),
    example: { params: { text: 'Hei' }, link: null },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    system: typeof kinds;
  }
}

export const systemNotifications = domainNotifications({ kinds });
