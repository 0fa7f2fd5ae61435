import { domainNotifications, notificationKinds, withId } from '../notifications/notification.types';

/** A changed payout account number (docs/product/auth-and-users.md): the owner's settings, or staff's page of the user. */
const kinds = notificationKinds({
  account_number_changed: {
    nb: { title: 'Kontonummeret ditt ble endret', message: 'Kontonummeret for utbetalinger er nå {account}. Kontakt oss straks hvis det ikke var deg.' },
    en: { title: 'Your account number was changed', message: 'Your payout account number is now {account}. Contact us at once if this was not you.' },
    target: () => '/settings',
    example: { params: { account: '•••• 2345' }, link: '/settings' },
  },
  user_account_number_changed: {
    nb: { title: 'Kontonummer endret', message: '{name} har fått nytt kontonummer for utbetalinger: {account}.' },
    en: { title: 'Account number changed', message: '{name} has a new payout account number: {account}.' },
    target: (p) => withId(p.userId, (id) => `/admin/users/${id}/show`),
    example: { params: { name: 'Ole', account: '•••• 2345', userId: 7 }, link: '/admin/users/7/show' },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    users: typeof kinds;
  }
}

export const usersNotifications = domainNotifications({
  kinds,
  reactions: {
    // A changed payout account number could be fraud: every admin (but the one who made it) is told, and so is the
    // owner even when the change was their own, since whoever has their password could have made it (they are
    // mailed too: security-mails.ts).
    'users.account_number.changed': async (e, n) => {
      const account = e.last4 ? `•••• ${e.last4}` : '–';
      await n.send(e.userId, 'account_number_changed', { account });
      for (const userId of e.admins) {
        if (userId === e.actorId || userId === e.userId) continue;
        await n.send(userId, 'user_account_number_changed', { name: e.userName, account, userId: e.userId });
      }
    },
  },
});
