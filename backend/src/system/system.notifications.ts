import { domainNotifications, notificationKinds } from '../notifications/notification.types';

/** A message someone wrote, shown as stored; it leads nowhere. */
const kinds = notificationKinds({
  system: {
    // The text someone wrote, in the language they wrote it.
    asStored: true,
    nb: { title: 'Melding', message: '{text}' },
    en: { title: 'Message', message: '{text}' },
    target: () => null,
    example: { params: { text: 'Hei' }, link: null },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    system: typeof kinds;
  }
}

export const systemNotifications = domainNotifications({ kinds });
