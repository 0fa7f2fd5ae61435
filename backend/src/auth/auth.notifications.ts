import { domainNotifications, notificationKinds } from '../notifications/notification.types';

/** Sent by TwoFactorService when an admin resets a user's two-factor sign-in (docs/security.md). */
const kinds = notificationKinds({
  two_factor_reset: {
    nb: { title: 'Tofaktorinnlogging slått av', message: 'En administrator har slått av tofaktorinnloggingen din. Slå den på igjen under Innstillinger.' },
    en: { title: 'Two-factor sign-in turned off', message: 'An administrator turned off your two-factor sign-in. Turn it on again under Settings.' },
    target: () => ({ screen: 'settings' }),
    example: { params: {}, link: '/settings' },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    auth: typeof kinds;
  }
}

export const authNotifications = domainNotifications({ kinds });
