import { dayParam, domainNotifications, notificationKinds } from '../notifications/notification.types';

/** 'YYYY-MM-DD' moved by whole days. */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const kinds = notificationKinds({
  // The owner's calendar at the first shared day; an admin's copy names the owner (`ownerId`).
  booking_conflict: {
    nb: { title: 'Dobbeltbooking', message: '{owner}«{a}» og «{b}» overlapper {period}.' },
    en: { title: 'Double booking', message: '{owner}“{a}” and “{b}” overlap {period}.' },
    target: (p) => ({ screen: 'calendar', date: dayParam(p), ...(p.ownerId !== undefined ? { userId: Number(p.ownerId) } : {}) }),
    example: { params: { a: 'Reserved', b: 'Airbnb: Kari', from: '2027-07-04', to: '2027-07-06', period: '2027-07-04 – 2027-07-05', date: '2027-07-04', conflictId: 5, owner: '' }, link: '/?date=2027-07-04' },
  },
});

declare module '../notifications/notification.types' {
  interface NotificationKindMap {
    conflicts: typeof kinds;
  }
}

export const conflictsNotifications = domainNotifications({
  kinds,
  reactions: {
    // A new double booking (docs/architecture.md "Double bookings"): the owner and every admin, each once per pair
    // (detection announces a pair only when it first stores it).
    'bookings.conflict.detected': async (e, n) => {
      const period = e.from === addDays(e.to, -1) ? e.from : `${e.from} – ${addDays(e.to, -1)}`;
      const params = { a: e.aTitle, b: e.bTitle, from: e.from, to: e.to, period, date: e.from, conflictId: e.conflictId };
      await n.send(e.userId, 'booking_conflict', { ...params, owner: '' });
      for (const userId of e.admins) {
        if (userId === e.userId) continue;
        await n.send(userId, 'booking_conflict', { ...params, owner: `${e.ownerName}: `, ownerId: e.userId });
      }
    },
  },
});
