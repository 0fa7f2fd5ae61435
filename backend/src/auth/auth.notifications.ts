import { domainNotifications, notificationKinds } from '../notifications/notification.types';

import './auth.events';

/** Sent when an admin resets a user's two-factor sign-in (docs/security.md). */
const kinds = notificationKinds({
  two_factor_reset: {
    nb: { title: 'Tofaktorinnlogging slått av', message: 'En administrator har slått av tofaktorinnloggingen din. Slå den på igjen under Innstillinger.' },
    en: { title: 'Two-factor sign-in turned off', message: 'An administrator turned off your two-factor sign-in. Turn it on again under Settings.' },
    // The two-factor tab, where it is turned on again.
    target: () => '/settings?tab=twoFactor',
    example: { params: {}, link: '/settings?tab=twoFactor' },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    auth: typeof kinds;
  }
}

export const authNotifications = domainNotifications({
  kinds,
  reactions: {
    'auth.two_factor.reset': async (e, n) => n.send(e.userId, 'two_factor_reset', {}),
  },
});
